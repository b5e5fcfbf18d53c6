import { test } from "node:test";
import assert from "node:assert/strict";
import { validateTheme } from "../../src/brand/theme.js";

test("null and undefined mean no theme", () => {
  assert.deepEqual(validateTheme(null), { ok: true, theme: {} });
  assert.deepEqual(validateTheme(undefined), { ok: true, theme: {} });
});

test("valid themes are normalised; null and empty keys are dropped", () => {
  assert.deepEqual(validateTheme({ primary: "#ABCDEF", accent: "#0f0" }), { ok: true, theme: { primary: "#abcdef", accent: "#00ff00" } });
  assert.deepEqual(validateTheme({ primary: null, accent: "" }), { ok: true, theme: {} });
  assert.deepEqual(validateTheme({}), { ok: true, theme: {} });
  assert.deepEqual(validateTheme({ accent: "#123456" }), { ok: true, theme: { accent: "#123456" } });
});

test("an unknown key gets the exact message", () => {
  const message = "theme has an unknown key 'secondary'; allowed: primary, accent.";
  assert.deepEqual(validateTheme({ primary: "#fff", secondary: "#000" }), { ok: false, errors: { theme: [message] }, message });
});

test("a bad colour gets the exact message", () => {
  for (const bad of ["red", "#ff", "#fffff", "@primary", "transparent", 123, true, {}, ["#fff"], " #fff"]) {
    const message = "theme.primary must be a hex colour like #rrggbb.";
    assert.deepEqual(validateTheme({ primary: bad }), { ok: false, errors: { "theme.primary": [message] }, message }, String(bad));
  }
  assert.deepEqual(validateTheme({ accent: "blue" }), {
    ok: false, errors: { "theme.accent": ["theme.accent must be a hex colour like #rrggbb."] }, message: "theme.accent must be a hex colour like #rrggbb.",
  });
});

test("every problem is reported; the message joins them in order", () => {
  const result = validateTheme({ primary: "x", tint: "#fff", accent: "y" });
  assert.equal(result.ok, false);
  if (result.ok) return;
  assert.deepEqual(result.errors, {
    "theme.primary": ["theme.primary must be a hex colour like #rrggbb."],
    theme: ["theme has an unknown key 'tint'; allowed: primary, accent."],
    "theme.accent": ["theme.accent must be a hex colour like #rrggbb."],
  });
  assert.equal(result.message, "theme.primary must be a hex colour like #rrggbb. theme has an unknown key 'tint'; allowed: primary, accent. theme.accent must be a hex colour like #rrggbb.");
});

test("a theme that is not an object is rejected clearly", () => {
  const message = 'theme must be an object like {"primary": "#rrggbb", "accent": "#rrggbb"}.';
  for (const bad of ["#fff", 1, true, ["#fff"]]) {
    assert.deepEqual(validateTheme(bad), { ok: false, errors: { theme: [message] }, message }, String(bad));
  }
});
