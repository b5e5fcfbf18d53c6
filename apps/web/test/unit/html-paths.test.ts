// Diagnostics of an HTML render placed in the editor's text: element paths as the server builds them (implied
// <html>/<body>/<tbody>, removed elements not counted, the last steps after "… >"), selectors, quoted tokens.
import { html } from "@codemirror/lang-html";
import { EditorState } from "@codemirror/state";
import { describe, expect, test } from "vitest";
import { locateHtmlDiagnostic } from "../../src/editor/html-paths";

const FIVE = `<style>h1 { filter: blur(1px) }</style>
<h1>Total {{total | numbr}}</h1>
<script>alert(1)</script>
<img src="https://example.com/logo.png">
<ul><li data-each="notes">{{text}}</li></ul>`;

function at(text: string, path: string, message = ""): { line: number; text: string } {
  const state = EditorState.create({ doc: text, extensions: [html()] });
  const r = locateHtmlDiagnostic(state, path, message);
  return { line: state.doc.lineAt(r.from).number, text: state.doc.sliceString(r.from, r.to) };
}

describe("locateHtmlDiagnostic", () => {
  test("a fragment's elements under the implied body; the script is not counted", () => {
    expect(at(FIVE, "html > body:nth-child(1) > h1:nth-child(1)", '{{total | numbr}}: there is no filter "numbr"')).toEqual({ line: 2, text: "{{total | numbr}}" });
    expect(at(FIVE, "html > body:nth-child(1) > script", "<script> is never loaded or run; it was removed")).toEqual({ line: 3, text: "<script>" });
    expect(at(FIVE, "html > body:nth-child(1) > img:nth-child(2)", 'src="https://example.com/logo.png" is never fetched')).toEqual({ line: 4, text: 'src="https://example.com/logo.png"' });
    expect(at(FIVE, "html > body:nth-child(1) > ul:nth-child(3) > li:nth-child(1)", 'data-each="notes" is not a list; the element is left out')).toEqual({ line: 5, text: 'data-each="notes"' });
    expect(at(FIVE, "h1", "filter is not supported")).toEqual({ line: 1, text: "h1" });
  });

  test("explicit html/head/body, an implied tbody, a path cut to its last steps, @page", () => {
    const doc = `<!doctype html>
<html><head><meta charset="utf-8"><style>@page { size: A5 }</style></head>
<body>
<div class="a"><p>one</p></div>
<div><table><tr><td>x</td></tr><tr data-each="rows"><td><span>{{v | nope}}</span></td></tr></table></div>
</body></html>`;
    expect(at(doc, "html > body:nth-child(1) > div:nth-child(1) > p:nth-child(1)").text).toBe("<p>");
    expect(at(doc, "html > body:nth-child(1) > div:nth-child(2) > table:nth-child(1)").line).toBe(5);
    expect(at(doc, "… > tbody:nth-child(1) > tr:nth-child(2) > td:nth-child(1)").text).toBe("<td>");
    expect(at(doc, "… > tr:nth-child(2) > td:nth-child(1) > span:nth-child(1)", "{{v | nope}}: there is no filter").text).toBe("{{v | nope}}");
    expect(at(doc, "@page", "@page size").text).toBe("@page");
    expect(at(doc, "nowhere > x:nth-child(9)")).toEqual({ line: 1, text: "<!doctype html>" });
  });
});
