// The cascade by shape (one style per tag, tested attributes, positional tests and parent shape, kept with
// the compiled sheet) against the cascade that matches every element: the same styles, element by element,
// whatever the data; later renders of the same compiled template stay right and repeat their diagnostics.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { DiagnosticSink } from "../../src/diagnostics.js";
import { cascade } from "../../src/html/cascade.js";
import type { CompiledHtml } from "../../src/html/index.js";
import type { HtmlElement } from "../../src/html/dom.js";
import { expandTemplate } from "../../src/html/expand.js";
import { compileHtml } from "../../src/index.js";

const SHEET = `
  tr:nth-child(even) { background-color: #eeeeee }
  tr:nth-child(3n+1) td { color: red }
  tr:last-child td { font-weight: bold }
  tr:nth-last-child(2) { font-style: italic }
  td:first-child { padding-left: 3pt }
  td:nth-of-type(2) { text-align: right }
  td:not(.num) { letter-spacing: 1pt }
  tr.odd td { text-transform: uppercase }
  td[data-state="late"] { color: orange }
  li:only-child { list-style-type: square }
  li:first-of-type:not(:last-of-type) { margin-top: 4pt }
  ul li li { font-size: 8pt }
  .box > p { margin: 2pt }
  p:nth-child(-n+2) { text-decoration: underline }
  section :root p { color: blue }
  q { unknown-property: 1 }
`;

const BODY = `
  <table><tbody>
    <tr data-each="rows" class="{{kind}}"><td>{{$index}}</td><td class="num" data-state="{{state}}">{{n}}</td><td style="{{css}}">x</td></tr>
  </tbody></table>
  <ul><li data-each="groups">{{name}}<ul><li data-each="items">i{{$index}}</li></ul></li></ul>
  <div class="box"><p data-each="rows" data-if="n">{{n}}</p><q>q</q></div>`;

function rows(count: number, seed: number): unknown {
  return {
    rows: Array.from({ length: count }, (_, i) => ({
      kind: (i + seed) % 3 === 0 ? "odd" : "plain",
      n: (i * 7 + seed) % 5,
      state: (i + seed) % 4 === 0 ? "late" : "ok",
      css: (i + seed) % 6 === 0 ? "color: green" : "",
    })),
    groups: Array.from({ length: (seed % 3) + 1 }, (_, g) => ({ name: `g${g}`, items: Array.from({ length: g + (seed % 2) }, (_, k) => `i${k}`) })),
  };
}

function styles(compiled: CompiledHtml, data: unknown) {
  const diagnostics = new DiagnosticSink();
  const root = expandTemplate(compiled.root, { root: data, locale: "en-US", timezone: "UTC", now: new Date(0) }, diagnostics);
  const computed = cascade(root, compiled.sheet, diagnostics);
  const list: unknown[] = [];
  const walk = (el: HtmlElement): void => {
    list.push([el.tag, computed.get(el)]);
    for (const c of el.children) if (c.kind === "element") walk(c);
  };
  walk(root);
  return { list, diagnostics: diagnostics.items };
}

describe("the cascade by shape", () => {
  // The same sheet plus a rule no element matches whose sibling combinator a shape cannot answer: that
  // copy takes the element-by-element cascade, and every computed style must be the same.
  const byShape = compileHtml(`<style>${SHEET}</style>${BODY}`);
  const each = compileHtml(`<style>${SHEET} zz + zz { color: red }</style>${BODY}`);

  test("gives every element the style the element-by-element cascade gives it, render after render", () => {
    for (const [count, seed] of [[1, 0], [7, 1], [30, 2], [2, 5], [30, 2], [13, 4]] as const) {
      const data = rows(count, seed);
      const a = styles(byShape, data);
      const b = styles(each, data);
      assert.equal(a.list.length, b.list.length);
      assert.deepEqual(a.list, b.list, `rows ${count}, seed ${seed}`);
      assert.deepEqual(a.diagnostics, b.diagnostics);
    }
  });

  test("striping follows the position in the expanded table, not in the template", () => {
    const { list } = styles(byShape, rows(6, 1));
    const trs = list.filter((e) => (e as [string])[0] === "tr").map((e) => (e as [string, { background: string | null }])[1].background);
    assert.deepEqual(trs, [null, "#eeeeee", null, "#eeeeee", null, "#eeeeee"]);
  });

  test("a style computed in an earlier render still reports its unsupported property", () => {
    for (let i = 0; i < 2; i++) {
      const { diagnostics } = styles(byShape, rows(3, i));
      assert.ok(diagnostics.some((d) => d.code === "css.unsupported" && d.message.startsWith("unknown-property")), `render ${i + 1}`);
    }
  });
});
