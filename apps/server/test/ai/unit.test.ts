// Unit tests of the AI building blocks, with MockLanguageModelV3 standing in for a provider.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import sharp from "sharp";
import * as v from "valibot";
import { askJson } from "../../src/ai/ask.js";
import { PAGE_PICTURE_LIMIT, PICTURE_LIMIT, PictureCutter } from "../../src/ai/crops.js";
import { comparePages } from "../../src/ai/diff.js";
import { fillBand } from "../../src/ai/fill.js";
import { paperFromField, paperFromPdfPage } from "../../src/ai/paper.js";
import { prompt, promptsDir } from "../../src/ai/prompts.js";
import { parseAiSettings } from "../../src/ai/settings.js";
import { ConfigError } from "../../src/config.js";
import { mockAi, promptText } from "./support/mock-model.js";

const Answer = v.object({ n: v.number() });
const signal = new AbortController().signal;

test("askJson: structured outputs send the schema as the response format and validate the answer", async () => {
  const { ai, calls } = mockAi(['{"n": 3}']);
  const res = await askJson(ai, { system: "sys", content: [{ type: "text", text: "hi" }], schema: Answer, name: "answer", signal });
  assert.deepEqual(res, { ok: true, value: { n: 3 } });
  const format = calls[0]?.responseFormat;
  assert.equal(format?.type, "json");
  assert.deepEqual((format as { schema?: { properties?: unknown } }).schema?.properties, { n: { type: "number" } });
  assert.equal(promptText(calls[0]!).system, "sys");
});

test("askJson: JSON mode writes the schema into the system prompt", async () => {
  const { ai, calls } = mockAi(['{"n": 1}'], false);
  assert.equal((await askJson(ai, { system: "sys", content: [{ type: "text", text: "hi" }], schema: Answer, name: "a", signal })).ok, true);
  assert.match(promptText(calls[0]!).system, /^sys\n\nAnswer with one JSON object only.*\n\{.*"n":\{"type":"number"\}/s);
  assert.equal((calls[0]?.responseFormat as { schema?: unknown }).schema, undefined);
});

test("askJson: malformed JSON, then a wrong shape, then a broken rule: each retried once with the reason", async () => {
  const { ai, calls } = mockAi(["{oops", '{"n": "three"}']);
  const res = await askJson(ai, { system: "s", content: [{ type: "text", text: "q" }], schema: Answer, name: "a", signal });
  assert.equal(res.ok, false);
  assert.equal(calls.length, 2);
  assert.match(promptText(calls[1]!).user, /previous answer was rejected \(the answer could not be used/);
  const rule = mockAi(['{"n": -1}', '{"n": 2}']);
  const ok = await askJson(rule.ai, { system: "s", content: [{ type: "text", text: "q" }], schema: Answer, name: "a", signal, check: (a) => (a.n < 0 ? "n must not be negative" : undefined) });
  assert.deepEqual(ok, { ok: true, value: { n: 2 } });
  assert.match(promptText(rule.calls[1]!).user, /n must not be negative/);
});

test("askJson: an aborted signal stops before calling and rethrows", async () => {
  const { ai, calls } = mockAi(['{"n": 1}']);
  const controller = new AbortController();
  controller.abort(new Error("gone"));
  await assert.rejects(askJson(ai, { system: "s", content: [{ type: "text", text: "q" }], schema: Answer, name: "a", signal: controller.signal }));
  assert.equal(calls.length, 0);
});

test("fillBand: the answer must name the band asked for and fit its width; coordinates are pulled inside", async () => {
  const wrong = mockAi([JSON.stringify({ bandId: "other", elements: [] })]);
  const failed = await fillBand(wrong.ai, { system: "s", content: [], bandId: "b1", width: 500, signal, cutter: undefined });
  assert.equal(failed.ok, false);
  assert.equal(wrong.calls.length, 2);
  const wide = mockAi([JSON.stringify({ bandId: "b1", elements: [{ type: "text", x: 0, y: 0, width: 900, height: 10, text: "x" }] })]);
  assert.equal((await fillBand(wide.ai, { system: "s", content: [], bandId: "b1", width: 500, signal, cutter: undefined })).ok, false);
  const near = mockAi([JSON.stringify({ bandId: "b1", height: "30", elements: [{ type: "text", x: -2, y: -1, width: 505, height: 10, text: "x" }] })]);
  const res = await fillBand(near.ai, { system: "s", content: [], bandId: "b1", width: 500, signal, cutter: undefined });
  assert.ok(res.ok);
  assert.deepEqual([res.elements[0]?.x, res.elements[0]?.y, res.elements[0]?.width, res.height], [0, 0, 500, 30]);
});

test("paper: a field in the pageSize shape, A4 for anything invalid; a PDF page matched to a preset, else custom", () => {
  assert.deepEqual(paperFromField('{"id":"letter","orientation":"landscape"}'), { id: "letter", orientation: "landscape" });
  assert.deepEqual(paperFromField('{"id":"custom","width":300,"height":200}'), { id: "custom", width: 300, height: 200 });
  assert.deepEqual(paperFromField('{"id":"custom","width":3,"height":200}'), { id: "a4" });
  assert.deepEqual(paperFromField("not json"), { id: "a4" });
  assert.deepEqual(paperFromField('{"id":"poster"}'), { id: "a4" });
  assert.deepEqual(paperFromPdfPage(595.3, 841.9), { id: "a4" });
  assert.deepEqual(paperFromPdfPage(842, 595), { id: "a4", orientation: "landscape" });
  assert.deepEqual(paperFromPdfPage(612, 792), { id: "letter" });
  assert.deepEqual(paperFromPdfPage(226.8, 1200), { id: "receipt80" });
  assert.deepEqual(paperFromPdfPage(500, 500), { id: "custom", width: 500, height: 500 });
  assert.deepEqual(paperFromPdfPage(10, 5000), { id: "custom", width: 36, height: 3370 });
});

test("crops: each picture within 150 KB, the page within 600 KB, a crop off the page gives nothing", async () => {
  const width = 1200;
  const height = 1700;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2246822519) >>> 24;
  const png = await sharp(noise, { raw: { width, height, channels: 3 } }).png().toBuffer();
  const cutter = new PictureCutter({ png, widthPx: width, heightPx: height, pdfPage: undefined, hash: "h" }, { width: 600, height: 850 });
  const urls = await Promise.all(Array.from({ length: 8 }, (_, i) => cutter.cut({ x: (i % 2) * 300, y: Math.floor(i / 2) * 200, width: 300, height: 200 })));
  const sizes = urls.filter((u): u is string => u !== undefined).map((u) => Buffer.from(u.split(",")[1] ?? "", "base64").byteLength);
  assert.ok(sizes.length >= 4, `${sizes.length} pictures`);
  assert.ok(sizes.every((n) => n <= PICTURE_LIMIT));
  assert.ok(sizes.reduce((a, b) => a + b, 0) <= PAGE_PICTURE_LIMIT);
  assert.equal(cutter.bytes, sizes.reduce((a, b) => a + b, 0));
  const small = new PictureCutter({ png, widthPx: width, heightPx: height, pdfPage: undefined, hash: "h" }, { width: 600, height: 850 });
  assert.equal(await small.cut({ x: 700, y: 0, width: 50, height: 50 }), undefined);
  const logo = await small.cut({ x: 0, y: 0, width: 20, height: 20 });
  assert.match(logo ?? "", /^data:image\/png;base64,/);
  assert.equal((await sharp(Buffer.from((logo ?? "").split(",")[1] ?? "", "base64")).metadata()).width, 40);
});

// Check tokens: see test/state/stores.test.ts (they live in a shared store now).

test("comparePages: identical pages are similar and regionless; a moved block is located", async () => {
  const page = (left: number) => sharp({ create: { width: 600, height: 840, channels: 3, background: "#ffffff" } }).composite([{ input: { create: { width: 200, height: 100, channels: 3, background: "#000000" } }, left, top: 100 }]).png().toBuffer();
  const a = await page(50);
  const same = await comparePages(a, a, { width: 600, height: 840 });
  assert.ok(same.similarity > 0.999);
  assert.deepEqual(same.regions, []);
  const moved = await comparePages(a, await page(350), { width: 600, height: 840 });
  assert.ok(moved.similarity < same.similarity);
  assert.ok(moved.regions.length > 0);
  for (const r of moved.regions) assert.ok(r.y >= 80 && r.y <= 210, `region at y ${r.y} is where the blocks are`);
});

test("settings: unset is off; openai-compatible needs AI_BASE_URL; bad values stop start-up", () => {
  assert.equal(parseAiSettings({}), undefined);
  assert.deepEqual(parseAiSettings({ AI_PROVIDER: "openai-compatible", AI_BASE_URL: "http://127.0.0.1:11434/v1/", AI_MODEL: "qwen2.5vl", AI_STRUCTURED_OUTPUTS: "false" }), { provider: "openai-compatible", model: "qwen2.5vl", apiKey: undefined, baseUrl: "http://127.0.0.1:11434/v1", structuredOutputs: false });
  assert.equal(parseAiSettings({ AI_PROVIDER: "Anthropic", AI_API_KEY: "k" })?.provider, "anthropic");
  assert.throws(() => parseAiSettings({ AI_PROVIDER: "openai-compatible", AI_MODEL: "m" }), ConfigError);
  assert.throws(() => parseAiSettings({ AI_PROVIDER: "skynet" }), ConfigError);
  assert.throws(() => parseAiSettings({ AI_PROVIDER: "openai", AI_STRUCTURED_OUTPUTS: "maybe" }), ConfigError);
});

test("prompts are read from the source folder, versioned, and filled", async () => {
  assert.ok(existsSync(join(promptsDir(), "vocabulary.md")));
  const text = await prompt("band", { bandId: "b7", contentWidth: 523 });
  assert.match(text, /id `b7`/);
  assert.match(text, /523 pt wide/);
  assert.doesNotMatch(text, /<!-- prompt/);
});

test("with a MockLanguageModelV3 as the model, a generation streams skeleton, band × N, done and meters one credit", async () => {
  const { startTestApp } = await import("../helpers/harness.js");
  const { skeleton, band } = await import("./support/scripts.js");
  const { parseSse } = await import("./support/server.js");
  const { ai } = mockAi((options) => {
    const { system } = promptText(options);
    const id = /band to fill: id `([^`]+)`/.exec(system)?.[1];
    return JSON.stringify(id === undefined ? skeleton() : band(id));
  });
  const t = await startTestApp({ ai: { model: ai } });
  try {
    const user = await t.signup();
    const body = new FormData();
    body.append("prompt", "an invoice");
    const res = await t.app.request("/api/ai/generate-band-template", { method: "POST", headers: { Authorization: `Bearer ${user.token}` }, body });
    const { events } = parseSse(await res.text());
    assert.deepEqual(events.map((e) => e.event), ["skeleton", "band", "band", "band", "band", "done"]);
    assert.equal((await t.call("GET", "/api/usage", { token: user.token })).body.aiGenerations.used, 1);
  } finally {
    await t.close();
  }
});
