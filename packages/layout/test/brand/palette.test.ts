import { test } from "node:test";
import assert from "node:assert/strict";
import { DEFAULT_BRAND, resolveColour, resolvePalette } from "../../src/brand/palette.js";

test("no brand and no theme give the default palette", () => {
  assert.deepEqual(resolvePalette(undefined), { primary: "#2563eb", accent: "#f59e0b", onPrimary: "#ffffff", onAccent: "#000000" });
  assert.deepEqual(DEFAULT_BRAND, { primary: "#2563eb", accent: "#f59e0b" });
});

test("the template brand is normalised and its on-colours derived", () => {
  assert.deepEqual(resolvePalette({ primary: "#FFF", accent: "#123" }), { primary: "#ffffff", accent: "#112233", onPrimary: "#000000", onAccent: "#ffffff" });
});

test("a brand with one key keeps the default for the other", () => {
  assert.deepEqual(resolvePalette({ accent: "#000" }), { primary: "#2563eb", accent: "#000000", onPrimary: "#ffffff", onAccent: "#ffffff" });
});

test("a theme replaces per key; null, empty or absent keys keep the template's colour", () => {
  const brand = { primary: "#1e5ac8", accent: "#f59e0b" };
  assert.equal(resolvePalette(brand, { primary: "#ffff00" }).primary, "#ffff00");
  assert.equal(resolvePalette(brand, { primary: "#ffff00" }).onPrimary, "#000000");
  assert.equal(resolvePalette(brand, { primary: "#ffff00" }).accent, "#f59e0b");
  assert.equal(resolvePalette(brand, { primary: null, accent: "" }).primary, "#1e5ac8");
  assert.equal(resolvePalette(brand, { primary: null, accent: "" }).accent, "#f59e0b");
  assert.equal(resolvePalette(brand, {}).primary, "#1e5ac8");
  assert.equal(resolvePalette(brand, null).primary, "#1e5ac8");
  assert.equal(resolvePalette(undefined, { accent: "#0F0" }).accent, "#00ff00");
});

test("unusable colours fall back instead of throwing", () => {
  assert.equal(resolvePalette({ primary: "red" }).primary, "#2563eb");
  assert.equal(resolvePalette({ primary: "#111" }, { primary: "blue" }).primary, "#111111");
});

test("resolveColour: hex, transparent, slots and junk", () => {
  const palette = resolvePalette({ primary: "#1e5ac8", accent: "#fde68a" });
  assert.equal(resolveColour("#ABC", palette), "#aabbcc");
  assert.equal(resolveColour("#1e5ac8", palette), "#1e5ac8");
  assert.equal(resolveColour("transparent", palette), undefined);
  assert.equal(resolveColour(undefined, palette), undefined);
  assert.equal(resolveColour("@primary", palette), "#1e5ac8");
  assert.equal(resolveColour("@accent", palette), "#fde68a");
  assert.equal(resolveColour("@onPrimary", palette), "#ffffff");
  assert.equal(resolveColour("@onAccent", palette), "#000000");
  assert.equal(resolveColour("@secondary", palette), undefined);
  assert.equal(resolveColour("red", palette), undefined);
});
