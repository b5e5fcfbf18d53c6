// Images and inline SVG among text flow inside the line (atomic inline objects, as in browsers), and the
// CSS `hyphens` property with `lang` on the HTML path.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { DiagnosticSink } from "../../src/diagnostics.js";
import { cascade } from "../../src/html/cascade.js";
import type { HtmlElement, HtmlNode } from "../../src/html/dom.js";
import { expandTemplate } from "../../src/html/expand.js";
import { compileHtml, layoutHtml, type FrameItem, type ImageItem, type TextRunItem } from "../../src/index.js";
import { registry } from "../text/helpers.js";

const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const PAGE = "<style>@page { size: A6; margin: 0 } body { margin: 0; font-family: Inter; font-size: 10pt }</style>";

function layout(body: string, data: unknown = {}): { items: FrameItem[]; codes: string[] } {
  const result = layoutHtml(PAGE + body, { logo: PNG, ...(data as object) }, { fonts: registry, now: new Date(0) });
  return { items: result.pages.flatMap((p) => [...p.items]), codes: result.diagnostics.map((d) => d.code) };
}

const flat = (items: readonly FrameItem[]): FrameItem[] => items.flatMap((i) => (i.kind === "group" ? flat(i.items) : [i]));
const images = (items: readonly FrameItem[]): ImageItem[] => flat(items).filter((i): i is ImageItem => i.kind === "image");
const runs = (items: readonly FrameItem[]): TextRunItem[] => flat(items).filter((i): i is TextRunItem => i.kind === "text");
const runWith = (items: readonly FrameItem[], text: string): TextRunItem => {
  const run = runs(items).find((r) => r.text.includes(text));
  assert.ok(run, `a run with '${text}'`);
  return run;
};
const printed = (items: readonly FrameItem[]): string[] => {
  const lines = new Map<number, string>();
  for (const r of runs(items)) lines.set(Math.round(r.y * 100), (lines.get(Math.round(r.y * 100)) ?? "") + r.glyphs.map((g) => g.text).join(""));
  return [...lines.entries()].sort((a, b) => a[0] - b[0]).map(([, t]) => t.trim());
};

describe("images in a line of text", () => {
  test("an <img> sits on the baseline between the words, on the same line", () => {
    const { items, codes } = layout('<p>Before <img src="{{logo}}" width="40" height="20"> after</p>');
    assert.deepEqual(codes, []);
    const [img] = images(items);
    assert.ok(img);
    const before = runWith(items, "Before");
    const after = runWith(items, "after");
    assert.equal(before.y, after.y, "one line");
    assert.ok(Math.abs(img.y + img.height - before.y) < 1e-6, `bottom ${img.y + img.height} on the baseline ${before.y}`);
    assert.ok(img.x > before.x && after.x >= img.x + img.width - 1e-6, "between the words");
    assert.equal(img.width, 30);
  });

  test("vertical-align: middle centres the image on the text", () => {
    const { items } = layout('<p>Label <img src="{{logo}}" style="vertical-align: middle" width="40" height="40"> text</p>');
    const [img] = images(items);
    const baseline = runWith(items, "Label").y;
    assert.ok(img && img.y < baseline - 10 && img.y + img.height > baseline, `${img?.y} ${img?.height} ${baseline}`);
  });

  test("an image inside an inline element and inside a link flows too; the link covers it", () => {
    const { items } = layout('<p>Go <a href="https://x.example/"><img src="{{logo}}" width="16" height="16"></a> <span>and <img src="{{logo}}" width="16" height="16"></span> on</p>');
    const shown = images(items);
    assert.equal(shown.length, 2);
    assert.equal(shown[0]!.y, shown[1]!.y);
    const link = flat(items).find((i) => i.kind === "link");
    assert.ok(link && link.kind === "link" && link.x <= shown[0]!.x + 1e-6 && link.x + link.width >= shown[0]!.x + shown[0]!.width - 1e-6);
  });

  test("an inline SVG icon takes its width in the line like an image", () => {
    // (Drawing SVG needs the renderer's resources: the PDF goldens show it; here only its room is checked.)
    const { items } = layout('<p>Done <svg width="12" height="12" viewBox="0 0 10 10"><rect width="10" height="10" fill="#ff0000"/></svg> today</p>');
    const done = runWith(items, "Done");
    const today = runWith(items, "today");
    assert.equal(done.y, today.y);
    const end = done.x + done.glyphs.reduce((sum, g) => sum + g.advance, 0);
    assert.ok(Math.abs(today.x - end - 9) < 1e-6, `12px = 9pt between the words: ${today.x - end}`);
  });

  test("lines break before an image that does not fit; images alone keep their row", () => {
    const { items } = layout('<div style="width: 80pt"><p>Words words <img src="{{logo}}" width="60" height="10"> more</p></div>');
    const [img] = images(items);
    assert.ok(img && img.x < 1e-6, "the image starts the second line");
    assert.ok(img.y > runWith(items, "Words").y);
    const row = images(layout('<div><img src="{{logo}}" width="20" height="20"> <img src="{{logo}}" width="20" height="40"></div>').items);
    assert.equal(row.length, 2);
    assert.equal(row[0]!.y + row[0]!.height, row[1]!.y + row[1]!.height, "a row of images shares a bottom edge");
    assert.equal(row[1]!.y, 0, "no strut: the row is as tall as its tallest image");
  });

  test("a token image that is missing or remote draws nothing and fetches nothing", () => {
    const { items, codes } = layout('<p>A <img src="https://example.com/x.png" width="20" height="20"> B</p>');
    assert.equal(images(items).length, 0);
    assert.ok(codes.includes("html.remote"), codes.join());
    assert.equal(runWith(items, "A").y, runWith(items, "B").y);
  });

  test("shrink-to-fit boxes count the image's width", () => {
    const { items } = layout('<div style="display: inline-block; border: 1pt solid #000000">ab <img src="{{logo}}" width="80" height="10"> cd</div>');
    const right = runWith(items, "cd");
    const [img] = images(items);
    assert.ok(img && right.x >= img.x + img.width - 1e-6 && right.y === runWith(items, "ab").y, "one line: max-content includes the image");
  });
});

describe("hyphens", () => {
  const WORDS = "internationalization responsibilities accountability";

  test("auto hyphenates with the patterns of lang, inherited from an ancestor", () => {
    const auto = printed(layout(`<div lang="en" style="hyphens: auto"><p style="width: 70pt">${WORDS}</p></div>`).items);
    assert.ok(auto.some((l) => l.endsWith("-")), auto.join("|"));
    const manual = printed(layout(`<div lang="en"><p style="width: 70pt">${WORDS}</p></div>`).items);
    assert.ok(!manual.some((l) => l.endsWith("-")), manual.join("|"));
    // Without a language there are no patterns to use, as in browsers.
    const noLang = printed(layout(`<p style="width: 70pt; hyphens: auto">${WORDS}</p>`).items);
    assert.ok(!noLang.some((l) => l.endsWith("-")), noLang.join("|"));
  });

  test("manual breaks at soft hyphens; none ignores them; -webkit-hyphens is the same property", () => {
    const word = "Rech&shy;nungs&shy;be&shy;trag Rech&shy;nungs&shy;be&shy;trag";
    const manual = printed(layout(`<p style="width: 60pt">${word}</p>`).items);
    assert.ok(manual.some((l) => l.endsWith("-")), manual.join("|"));
    const none = printed(layout(`<div style="-webkit-hyphens: none"><p style="width: 60pt">${word}</p></div>`).items);
    assert.ok(!none.some((l) => l.endsWith("-")), none.join("|"));
  });

  test("the cascade inherits hyphens and the nearest lang attribute", () => {
    const compiled = compileHtml('<html lang="en-GB"><div id="d" style="hyphens: auto"><p id="p" lang="de">x</p><p id="q">y</p><p id="r" style="hyphens: none">z</p></div></html>');
    const diagnostics = new DiagnosticSink();
    const root = expandTemplate(compiled.root, { root: {}, locale: "en-US", timezone: "UTC", now: new Date(0) }, diagnostics);
    const styles = cascade(root, compiled.sheet, diagnostics);
    const byId = (id: string) => {
      const stack: HtmlNode[] = [root];
      while (stack.length > 0) {
        const node = stack.pop() as HtmlNode;
        if (node.kind === "element" && node.attrs.get("id") === id) return styles.get(node as HtmlElement)!;
        if (node.kind === "element") stack.push(...node.children);
      }
      throw new Error(id);
    };
    assert.deepEqual([byId("p").hyphens, byId("p").lang], ["auto", "de"]);
    assert.deepEqual([byId("q").hyphens, byId("q").lang], ["auto", "en-GB"]);
    assert.equal(byId("r").hyphens, "none");
    assert.deepEqual(diagnostics.items.filter((d) => d.code === "css.unsupported"), []);
  });
});
