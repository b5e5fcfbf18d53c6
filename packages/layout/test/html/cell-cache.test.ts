// Table cells laid out once per (style, width, text) and shared across rows and renders: the pages are the
// ones a fresh layout gives (a <span> around the text keeps a cell out of the cache and changes nothing
// else), and a later render served from the cache reports what the first one did.
import assert from "node:assert/strict";
import { test } from "node:test";
import { compileHtml, frameToJson, layoutHtml, stringifyFrame } from "../../src/index.js";
import { registry } from "../text/helpers.js";

const options = { fonts: registry, now: new Date(0) };

function table(cell: (text: string) => string, css = ""): string {
  return `<style>td { padding: 2pt 4pt; border-bottom: 0.5pt solid #999 } td.n { text-align: right } tr:nth-child(even) { background: #eee } ${css}</style>
    <table style="width: 100%; border-collapse: collapse"><tbody>
      <tr data-each="rows"><td>${cell("{{$index}}")}</td><td>${cell("{{name}}")}</td><td class="n">${cell("{{qty}}")}</td></tr>
    </tbody></table>`;
}

const data = {
  rows: Array.from({ length: 120 }, (_, i) => ({ name: i % 3 === 0 ? "Hex bolt M8 × 40, zinc plated, box of one hundred" : `Washer ${i % 7}`, qty: (i % 5) + 1 })),
};

test("cells from the cache lay out exactly as cells laid out afresh, in the first render and later ones", () => {
  const cached = compileHtml(table((t) => t));
  const fresh = compileHtml(table((t) => `<span>${t}</span>`));
  const expected = stringifyFrame(frameToJson(layoutHtml(fresh, data, options)));
  const first = layoutHtml(cached, data, options);
  assert.ok(first.pages.length > 1);
  assert.equal(stringifyFrame(frameToJson(first)), expected);
  assert.equal(stringifyFrame(frameToJson(layoutHtml(cached, data, options))), expected);
});

test("a render served from the cache repeats the first render's diagnostics, in the same order", () => {
  const compiled = compileHtml(table((t) => t, `td.n { font-family: "No Such Family", serif } td { font-family: "Nor This One" }`));
  const first = layoutHtml(compiled, data, options);
  const codes = first.diagnostics.map((d) => `${d.code} ${d.path} ${d.message}`);
  assert.ok(codes.filter((c) => c.startsWith("font.fallback")).length >= 2, codes.join("\n"));
  for (let i = 0; i < 2; i++) {
    const again = layoutHtml(compiled, data, options);
    assert.deepEqual(again.diagnostics.map((d) => `${d.code} ${d.path} ${d.message}`), codes);
  }
});
