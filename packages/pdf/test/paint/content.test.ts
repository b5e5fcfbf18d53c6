import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ContentBuilder, num } from "../../src/paint/content.js";
import { seededRandom } from "../support/random.js";

const latin1 = (bytes: Uint8Array): string => Buffer.from(bytes).toString("latin1");

describe("content stream bytes", () => {
  it("writes numbers exactly as num() formats them", () => {
    const random = seededRandom(14);
    const values = [0, -0, 0.0004, -0.0004, 0.0005, -0.0005, 1, -1, 0.1, 0.05, 0.001, 12.5, 841.89, 595.276, 1e6 + 0.123, 123456789012.345, -2.5e-3, 1e13, 1e20, -1e20];
    for (let i = 0; i < 20_000; i++) {
      const scale = 10 ** Math.floor(random() * 8 - 3);
      values.push((random() - 0.5) * scale, Math.round((random() - 0.5) * 1e6) / 1000);
    }
    const content = new ContentBuilder();
    for (const value of values) content.numberSpace(value);
    assert.equal(latin1(content.take()), values.map((v) => `${num(v)} `).join(""));
  });

  it("rejects numbers a content stream cannot hold", () => {
    assert.throws(() => new ContentBuilder().number(Number.NaN), RangeError);
    assert.throws(() => new ContentBuilder().number(Infinity), RangeError);
  });

  it("grows past its buffer and keeps the graphics state per page until reset", () => {
    const content = new ContentBuilder();
    const line = "0.5 0.5 0.5 rg 10 20 30 40 re f";
    for (let i = 0; i < 2000; i++) content.op(line);
    content.hex4(0xbeef);
    assert.equal(latin1(content.take()), `${line}\n`.repeat(2000) + "beef");
    assert.equal(content.empty, true);
    content.fillColour("#ff0000");
    content.fillColour("#ff0000");
    assert.equal(latin1(content.take()), "1 0 0 rg\n");
    content.reset();
    content.fillColour("#ff0000");
    assert.equal(latin1(content.take()), "1 0 0 rg\n");
  });
});
