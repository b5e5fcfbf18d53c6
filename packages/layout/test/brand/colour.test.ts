import { test } from "node:test";
import assert from "node:assert/strict";
import { isColourSlot, isDocumentColour, isHexColour, normaliseHexColour, parseHexColour } from "../../src/brand/colour.js";

test("hex colours normalise to lower-case #rrggbb", () => {
  assert.equal(normaliseHexColour("#ABC"), "#aabbcc");
  assert.equal(normaliseHexColour("#0f0"), "#00ff00");
  assert.equal(normaliseHexColour("#1E5AC8"), "#1e5ac8");
  assert.equal(normaliseHexColour("#ffffff"), "#ffffff");
});

test("anything that is not #rgb or #rrggbb does not normalise", () => {
  for (const value of ["abc", "#abcd", "#abcdef0", "#ggg", " #fff", "#fff ", "", "transparent", "@primary", 0xffffff, null, undefined, {}]) {
    assert.equal(normaliseHexColour(value), undefined, String(value));
    assert.equal(isHexColour(value), false);
  }
});

test("parseHexColour gives 0–255 channels", () => {
  assert.deepEqual(parseHexColour("#2563eb"), { r: 0x25, g: 0x63, b: 0xeb });
  assert.deepEqual(parseHexColour("#f00"), { r: 255, g: 0, b: 0 });
  assert.equal(parseHexColour("red"), undefined);
});

test("document colours: hex, transparent and the four slots, exactly spelt", () => {
  for (const ok of ["#fff", "#FFFFFF", "transparent", "@primary", "@accent", "@onPrimary", "@onAccent"]) {
    assert.equal(isDocumentColour(ok), true, ok);
  }
  for (const bad of ["Transparent", "@Primary", "@onprimary", "@secondary", "red", "rgb(0,0,0)", "#12", 1]) {
    assert.equal(isDocumentColour(bad), false, String(bad));
  }
  assert.equal(isColourSlot("@onAccent"), true);
  assert.equal(isColourSlot("#fff"), false);
});
