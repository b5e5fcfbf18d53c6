import { describe, it } from "node:test";
import assert from "node:assert/strict";
import LineBreaker from "linebreak";
import { tableBreaks } from "../../src/text/break-pairs.js";
import { seededRandom } from "../support/random.js";

// linebreak itself, as breaks.ts asks it (positions after 0, deduplicated, ending at the length).
function linebreak(text: string): number[] {
  const out: number[] = [];
  const breaker = new LineBreaker(text);
  for (let b = breaker.nextBreak(); b; b = breaker.nextBreak()) {
    if (b.position > 0 && out[out.length - 1] !== b.position) out.push(b.position);
  }
  if (out[out.length - 1] !== text.length) out.push(text.length);
  return out;
}

const COVERED: string[] = [];
for (let c = 0x21; c <= 0x7e; c++) COVERED.push(String.fromCharCode(c));
for (let c = 0xa1; c <= 0xff; c++) if (c !== 0xad) COVERED.push(String.fromCharCode(c));
for (let c = 0x2010; c <= 0x2027; c++) COVERED.push(String.fromCharCode(c));
COVERED.push("€");

describe("line breaks from the class pair table", () => {
  it("gives linebreak's opportunities for every pair of covered characters, with and without spaces between", () => {
    for (const a of COVERED) {
      for (const b of COVERED) {
        for (const text of [a + b, `${a} ${b}`, `${a}  ${b}x`]) assert.deepEqual(tableBreaks(text), linebreak(text), JSON.stringify(text));
      }
    }
  });

  it("gives linebreak's opportunities for random text of covered characters and spaces", () => {
    const random = seededRandom(0x11b);
    const alphabet = [...COVERED, " ", " ", " ", "a", "e", "1", "-", "/", "(", ")", "%", "@"];
    for (let k = 0; k < 20000; k++) {
      let text = COVERED[Math.floor(random() * COVERED.length)]!;
      const length = Math.floor(random() * 14);
      for (let c = 0; c < length; c++) text += alphabet[Math.floor(random() * alphabet.length)];
      assert.deepEqual(tableBreaks(text), linebreak(text), JSON.stringify(text));
    }
  });

  it("leaves other text to linebreak", () => {
    for (const text of ["", " lead", "e\u0301", "שלום", "a\u00adb", "a\u00a0b", "日本", "a\nb"]) assert.equal(tableBreaks(text), undefined, text);
  });
});
