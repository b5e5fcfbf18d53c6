import { test } from "node:test";
import assert from "node:assert/strict";
import { parseHexColour, type Rgb } from "../../src/brand/colour.js";
import { contrastRatio, onColour, onColourForLuminance, relativeLuminance } from "../../src/brand/contrast.js";

const rgb = (hex: string): Rgb => parseHexColour(hex) ?? assert.fail(`bad colour ${hex}`);
const close = (actual: number, expected: number, digits = 4) =>
  assert.ok(Math.abs(actual - expected) < 10 ** -digits, `${actual} ≉ ${expected}`);

test("relative luminance follows WCAG 2.x", () => {
  close(relativeLuminance(rgb("#000000")), 0);
  close(relativeLuminance(rgb("#ffffff")), 1);
  close(relativeLuminance(rgb("#ff0000")), 0.2126);
  close(relativeLuminance(rgb("#00ff00")), 0.7152);
  close(relativeLuminance(rgb("#0000ff")), 0.0722);
  // The linear segment: 10/255 is below the threshold and divides by 12.92.
  close(relativeLuminance(rgb("#0a0a0a")), 10 / 255 / 12.92, 8);
  close(relativeLuminance(rgb("#808080")), 0.2158605, 6);
});

test("contrast ratios match the known values", () => {
  close(contrastRatio(rgb("#000"), rgb("#fff")), 21);
  close(contrastRatio(rgb("#fff"), rgb("#000")), 21);
  close(contrastRatio(rgb("#777"), rgb("#777")), 1);
  close(contrastRatio(rgb("#767676"), rgb("#ffffff")), 4.54, 2);
  close(contrastRatio(rgb("#2563eb"), rgb("#ffffff")), 5.17, 2);
});

test("on-colours: white on dark and saturated blues, black on light colours", () => {
  const cases: ReadonlyArray<readonly [string, string]> = [
    ["#2563eb", "#ffffff"], // the default primary
    ["#f59e0b", "#000000"], // the default accent
    ["#1e5ac8", "#ffffff"], // the invoice fixture's primary
    ["#000000", "#ffffff"],
    ["#ffffff", "#000000"],
    ["#ff0000", "#000000"], // pure red: 5.25 against black, 4.00 against white
    ["#0000ff", "#ffffff"],
    ["#00ff00", "#000000"],
    ["#808080", "#000000"],
  ];
  for (const [background, expected] of cases) assert.equal(onColour(rgb(background)), expected, background);
});

test("the black/white switch sits between #757575 and #767676", () => {
  // #767676: 4.62 against black, 4.54 against white; #757575: 4.56 against black, 4.58 against white.
  assert.equal(onColour(rgb("#767676")), "#000000");
  assert.equal(onColour(rgb("#757575")), "#ffffff");
});

test("a tie picks black", () => {
  // The exact tie is near luminance sqrt(0.0525) - 0.05; this double makes both ratios exactly equal.
  const tie = 0.179128784747792;
  assert.equal((tie + 0.05) / 0.05, 1.05 / (tie + 0.05));
  assert.equal(onColourForLuminance(tie), "#000000");
  assert.equal(onColourForLuminance(tie + 1e-9), "#000000");
  assert.equal(onColourForLuminance(tie - 1e-9), "#ffffff");
});
