// The byte-bounded cache behind the paragraph layouts: entries weigh what they hold, the whole stays within
// its budget, recently used entries survive a rotation and old ones are dropped.
import assert from "node:assert/strict";
import { test } from "node:test";
import { GenerationCache } from "../../src/text/lru.js";

test("a byte budget holds many light entries or few heavy ones, and never much more than the budget", () => {
  const cache = new GenerationCache<string, string>(10_000, (key, value) => key.length * 2 + value.length * 2);
  for (let i = 0; i < 150; i++) cache.set(`k${i}`, "x".repeat(10));
  // 150 entries of about 26 bytes: all of them fit in one generation (half of 10,000 bytes).
  for (let i = 0; i < 150; i++) assert.equal(cache.get(`k${i}`), "x".repeat(10), `k${i}`);
  for (let i = 0; i < 100; i++) {
    cache.set(`heavy${i}`, "y".repeat(1000));
    assert.ok(cache.weight <= 10_000 + 2_020, `${cache.weight} bytes after ${i + 1} heavy entries`);
  }
  // Only the latest few heavy entries are left; the light ones went with the older generations.
  assert.equal(cache.get("k0"), undefined);
  assert.equal(cache.get("heavy0"), undefined);
  assert.equal(cache.get("heavy99"), "y".repeat(1000));
  assert.ok(cache.size <= 10);
});

test("an entry used since the last rotation survives the next one", () => {
  const cache = new GenerationCache<number, number>(100, () => 10);
  for (let i = 0; i < 5; i++) cache.set(i, i); // the fifth set fills half the budget: a rotation
  for (let i = 5; i < 9; i++) cache.set(i, i);
  assert.equal(cache.get(0), 0); // promoted from the older generation (which fills the current one)
  for (let i = 9; i < 13; i++) cache.set(i, i);
  assert.equal(cache.get(0), 0);
  assert.equal(cache.get(1), undefined);
});
