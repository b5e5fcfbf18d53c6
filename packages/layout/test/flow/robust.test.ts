// Layout never throws on content: random damage to the shared fixtures still gives pages (and diagnostics).
import { strict as assert } from "node:assert";
import { test } from "node:test";
import { fixture, layoutUnchecked } from "../golden/support.js";
import { seededRandom } from "../support/random.js";

const JUNK: readonly unknown[] = [null, undefined, -1, 0, 1e9, Number.NaN, "", "{{", "x", [], {}, true, [1, 2], { a: 1 }];

function damage(value: unknown, random: () => number): unknown {
  if (Array.isArray(value)) return value.map((v) => damage(v, random));
  if (value === null || typeof value !== "object") return random() < 0.05 ? JUNK[Math.floor(random() * JUNK.length)] : value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (random() < 0.03) continue;
    out[k] = random() < 0.04 ? JUNK[Math.floor(random() * JUNK.length)] : damage(v, random);
  }
  return out;
}

// The path to the first NaN or infinite number in a value, if any.
function firstNonFinite(value: unknown, path = "pages"): string | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? undefined : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = firstNonFinite(value[i], `${path}[${i}]`);
      if (hit) return hit;
    }
    return undefined;
  }
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      const hit = firstNonFinite(v, `${path}.${k}`);
      if (hit) return hit;
    }
  }
  return undefined;
}

for (const [template, data] of [["invoice.template.json", "invoice-20.data.json"], ["receipt.template.json", "receipt.data.json"]] as const) {
  test(`damaged ${template} and data never make layout throw`, () => {
    const doc = fixture(template);
    const values = fixture(data);
    for (let seed = 1; seed <= 60; seed++) {
      const random = seededRandom(seed);
      const result = layoutUnchecked(damage(doc, random), damage(values, random));
      assert.ok(result.pages.length >= 1, `seed ${seed}`);
      assert.equal(firstNonFinite(result.pages), undefined, `seed ${seed}: a number in the frame is not finite`);
      const failed = result.diagnostics.filter((d) => d.code === "element.failed");
      assert.deepEqual(failed, [], `seed ${seed}: an element threw`);
    }
  });
}

test("a document with no bands, or bands that are not an array, is one empty page", () => {
  for (const bands of [[], null, "x", [{}], [{ kind: "detail" }]]) {
    const r = layoutUnchecked({ version: 4, pageSize: { id: "a4" }, bands, schema: [] });
    assert.equal(r.pages.length, 1);
    assert.deepEqual([r.pages[0]?.width, r.pages[0]?.height], [595.28, 841.89]);
  }
});

test("every element of the invoice read as every other element type still lays out", () => {
  const doc = fixture("invoice.template.json") as { bands: { elements: Record<string, unknown>[] }[] };
  const data = fixture("invoice-20.data.json");
  for (const type of ["text", "image", "table", "line", "rect", "ellipse", "barcode", "markdown", "icon"]) {
    const bands = doc.bands.map((b) => ({ ...b, elements: b.elements.map((e) => ({ ...e, type })) }));
    const result = layoutUnchecked({ ...doc, bands }, data);
    assert.deepEqual(result.diagnostics.filter((d) => d.code === "element.failed"), [], type);
  }
});
