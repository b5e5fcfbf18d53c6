import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { GenerationCache } from "../../src/text/lru.js";
import { layoutParagraph, paragraphCacheHits, resetTextCaches } from "../../src/text/paragraph.js";
import { registry, style } from "./helpers.js";

describe("GenerationCache", () => {
  it("without weights holds at most `limit` entries and keeps recently used ones", () => {
    const cache = new GenerationCache<number, number>(10);
    for (let i = 0; i < 100; i++) {
      cache.set(i, i);
      assert.equal(cache.get(0) ?? 0, 0); // promoted each time: never evicted
      assert.ok(cache.size <= 10, `size ${cache.size}`);
    }
    assert.equal(cache.get(0), 0);
    assert.equal(cache.get(1), undefined);
  });

  it("with weights holds at most `limit` units: heavy entries rotate the generations sooner", () => {
    const cache = new GenerationCache<string, string>(1000, (_key, value) => value.length);
    for (let i = 0; i < 50; i++) cache.set(`k${i}`, "x".repeat(100));
    // Each generation rotates at 500 units: at most 5 + 5 entries of 100 are kept.
    assert.ok(cache.size <= 10, `size ${cache.size}`);
    assert.equal(cache.get("k49")?.length, 100);
    assert.equal(cache.get("k0"), undefined);
    const light = new GenerationCache<string, string>(1000, () => 1);
    for (let i = 0; i < 400; i++) light.set(`k${i}`, "x".repeat(100));
    assert.equal(light.get("k0")?.length, 100, "light entries: 400 fit a budget of 1000");
  });
});

describe("paragraph cache budget", () => {
  it("keeps the cells of a 500-row table (about 1,600 short texts) from one render to the next", () => {
    resetTextCaches();
    const texts = Array.from({ length: 1600 }, (_, i) => `Item ${i} — ${(i * 7.25).toFixed(2)}`);
    for (const text of texts) layoutParagraph(registry, text, style(), 200);
    const before = paragraphCacheHits();
    for (const text of texts) layoutParagraph(registry, text, style(), 200);
    assert.equal(paragraphCacheHits() - before, texts.length);
  });

  it("evicts long paragraphs by their size, not their count", () => {
    resetTextCaches();
    const long = (i: number) => `${i} ${"lorem ipsum dolor sit amet ".repeat(140)}`; // ~3,800 characters
    for (let i = 0; i < 400; i++) layoutParagraph(registry, long(i), style(), 300);
    const before = paragraphCacheHits();
    layoutParagraph(registry, long(0), style(), 300);
    assert.equal(paragraphCacheHits() - before, 0, "the oldest long paragraph was evicted (400 entries under the old count limit)");
    layoutParagraph(registry, long(399), style(), 300);
    assert.equal(paragraphCacheHits() - before, 1);
  });
});
