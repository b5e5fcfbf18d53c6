// generate-band-template through real HTTP against the fake OpenAI-compatible server.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { fromGenerated, parseDocument } from "@docsvc/layout";
import sharp from "sharp";
import type { TestUser } from "../helpers/harness.js";
import { band, BAND_IDS, happy, skeleton } from "./support/scripts.js";
import { form, post, startAiServer, type AiServer } from "./support/server.js";

let s: AiServer;
let user: TestUser;

before(async () => {
  s = await startAiServer({ ai: { bandConcurrency: 2 } });
  user = await s.t.signup();
});
after(() => s.close());

const generate = (fields: Record<string, string | Uint8Array | undefined>, token = user.token) => post(s, "/api/ai/generate-band-template", token, form(fields));

test("a generation streams skeleton, one band event per band, then done with a renderable draft", async () => {
  s.fake.script = happy;
  s.fake.calls.length = 0;
  const res = await generate({ prompt: "An invoice with line items" });
  assert.equal(res.status, 200);
  assert.match(res.type, /^text\/event-stream/);
  assert.deepEqual(res.events.map((e) => e.event), ["skeleton", "band", "band", "band", "band", "done"]);
  for (const e of res.events) assert.equal(e.data["stage"], e.event);
  assert.equal(res.events[0]?.data["bandsTotal"], 4);
  const bandEvents = res.events.filter((e) => e.event === "band");
  assert.deepEqual(bandEvents.map((e) => e.data["bandsCompleted"]), [1, 2, 3, 4]);
  assert.deepEqual(new Set(bandEvents.map((e) => e.data["bandId"])), new Set(BAND_IDS));
  const done = res.events.at(-1)?.data ?? {};
  assert.equal(done["checkToken"], undefined, "no reference, no check token");
  const template = done["template"];
  assert.deepEqual([template.bodyFont, template.headingFont], ["Inter", "Lora"]);
  assert.deepEqual(Object.keys(template).sort(), ["bands", "bodyFont", "direction", "headingFont", "name", "pageSize", "schema"]);
  // Bands arrive flat, in skeleton order, the nested one naming its parent.
  assert.deepEqual(template.bands.map((b: any) => [b.id, b.parentId, b.failed]), [["title", null, false], ["items", null, false], ["items-head", "items", false], ["totals", null, false]]);
  assert.ok(parseDocument(fromGenerated(template)).ok);
  // The skeleton event carries the empty bands and the page; each band event the band as done holds it.
  const skel = res.events[0]?.data ?? {};
  assert.deepEqual(skel["pageSize"], template.pageSize);
  // (heights as planned: a filled band may come back taller or shorter)
  const planned = skeleton()["bands"] as any[];
  assert.deepEqual(skel["bands"].map((b: any) => [b.id, b.kind, b.name, b.height, b.elements.length]), planned.map((b) => [b.id, b.kind, b.name, b.height, 0]));
  for (const e of bandEvents) {
    const final = template.bands.find((b: any) => b.id === e.data["bandId"]);
    assert.deepEqual(e.data["band"], final);
    assert.ok(final.elements.length > 0, "the fake fills every band");
  }
  // Each band call named its band by id.
  const bandCalls = s.fake.calls.filter((c) => c.pass === "band");
  assert.deepEqual(bandCalls.map((c) => c.bandId).sort(), [...BAND_IDS].sort());
  // Structured outputs: the answer's JSON schema went out as response_format json_schema.
  assert.equal(s.fake.calls[0]?.body["response_format"]?.type, "json_schema");
  assert.ok(s.fake.calls[0]?.body["response_format"]?.json_schema?.schema?.properties?.bands);
});

test("malformed JSON is retried with the reason; a band failing twice comes back empty with failed: true", async () => {
  let skeletonTries = 0;
  s.fake.script = (call) => {
    if (call.pass === "skeleton") return ++skeletonTries === 1 ? { content: "{not json" } : { json: skeleton() };
    if (call.bandId === "totals") return { json: band("someone-else") };
    return { json: band(call.bandId ?? "?") };
  };
  s.fake.calls.length = 0;
  const res = await generate({ prompt: "An invoice" });
  assert.equal(skeletonTries, 2);
  assert.match(s.fake.calls[1]?.userText ?? "", /previous answer was rejected/);
  const failed = res.events.filter((e) => e.event === "band" && e.data["failed"] === true);
  assert.deepEqual(failed.map((e) => e.data["bandId"]), ["totals"]);
  assert.equal(s.fake.calls.filter((c) => c.bandId === "totals").length, 2, "two tries, then failed");
  const totals = res.events.at(-1)?.data["template"].bands.find((b: any) => b.id === "totals");
  assert.deepEqual([totals.failed, totals.elements], [true, []]);
  assert.equal(res.events.at(-1)?.event, "done", "the document does not fail");
});

test("a skeleton that fails twice ends the stream with an error event (status 200) and is not metered", async () => {
  s.fake.script = () => ({ content: "[]" });
  const before = (await s.t.call("GET", "/api/usage", { token: user.token })).body.aiGenerations.used;
  const res = await generate({ prompt: "anything" });
  assert.equal(res.status, 200);
  assert.deepEqual(res.events.map((e) => [e.event, e.data["stage"]]), [["error", "error"]]);
  assert.equal(typeof res.events[0]?.data["message"], "string");
  assert.equal((await s.t.call("GET", "/api/usage", { token: user.token })).body.aiGenerations.used, before);
});

test("paper: the field wins over the model; an invalid field is A4; otherwise the model's pick", async () => {
  s.fake.script = (call) => (call.pass === "skeleton" ? { json: skeleton({ pageSize: { id: "letter", orientation: "landscape" } }) } : { json: band(call.bandId ?? "?") });
  const byField = await generate({ prompt: "x", paper: JSON.stringify({ id: "a5" }) });
  assert.deepEqual(byField.events.at(-1)?.data["template"].pageSize, { id: "a5" });
  const invalid = await generate({ prompt: "x", paper: "{\"id\": \"custom\", \"width\": 5, \"height\": 5}" });
  assert.deepEqual(invalid.events.at(-1)?.data["template"].pageSize, { id: "a4" });
  const model = await generate({ prompt: "x" });
  assert.deepEqual(model.events.at(-1)?.data["template"].pageSize, { id: "letter", orientation: "landscape" });
  s.fake.script = (call) => (call.pass === "skeleton" ? { json: skeleton({ pageSize: { id: "tabloid" } }) } : { json: band(call.bandId ?? "?") });
  const tabloid = await generate({ prompt: "x" });
  assert.deepEqual(tabloid.events.at(-1)?.data["template"].pageSize, { id: "tabloid" });
  s.fake.script = (call) => (call.pass === "skeleton" ? { json: skeleton({ pageSize: { id: "poster" } }) } : { json: band(call.bandId ?? "?") });
  const unknown = await generate({ prompt: "x" });
  assert.deepEqual(unknown.events.at(-1)?.data["template"].pageSize, { id: "a4" });
  // The model picks among the presets; a custom size from it is A4. Fonts outside the 18 are dropped.
  s.fake.script = (call) => (call.pass === "skeleton" ? { json: skeleton({ pageSize: { id: "custom", width: 300, height: 300 }, bodyFont: "comic sans", headingFont: "open sans" }) } : { json: band(call.bandId ?? "?") });
  const custom = (await generate({ prompt: "x" })).events.at(-1)?.data["template"];
  assert.deepEqual(custom.pageSize, { id: "a4" });
  assert.deepEqual([custom.bodyFont, custom.headingFont], [null, "Open Sans"]);
});

test("a reference picture: crops are cut within size limits, and done carries a check token", async () => {
  // A noisy 1600 × 2263 picture: its crops do not compress, so the size limits must do the work.
  const noise = Buffer.alloc(1600 * 2263 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const png = await sharp(noise, { raw: { width: 1600, height: 2263, channels: 3 } }).png().toBuffer();
  s.fake.script = (call) => {
    if (call.pass === "skeleton") return { json: skeleton() };
    const crops = Array.from({ length: 3 }, (_, i) => ({ type: "image", x: 10 + i * 150, y: 0, width: 140, height: 100, crop: { x: i * 150, y: 0, width: 300, height: 300 } }));
    return { json: band(call.bandId ?? "?", crops) };
  };
  s.fake.calls.length = 0;
  const res = await generate({ image: new Uint8Array(png), prompt: "copy this" });
  const done = res.events.at(-1)?.data ?? {};
  assert.equal(res.events.at(-1)?.event, "done");
  assert.match(done["checkToken"], /^ct_/);
  assert.ok(s.fake.calls[0]?.images[0]?.startsWith("data:image/png;base64,"), "the model saw the reference");
  const pictures = done["template"].bands.flatMap((b: any) => b.elements).filter((e: any) => e.src).map((e: any) => Buffer.from(e.src.split(",")[1], "base64"));
  assert.ok(pictures.length >= 1);
  for (const p of pictures) assert.ok(p.byteLength <= 150 * 1024, `picture ${p.byteLength} bytes`);
  assert.ok(pictures.reduce((n: number, p: Buffer) => n + p.byteLength, 0) <= 600 * 1024);
  const meta = await sharp(pictures[0]).metadata();
  assert.ok((meta.width ?? 0) > 0);
  for (const e of done["template"].bands.flatMap((b: any) => b.elements)) assert.equal(e.crop, undefined);
});

test("a reference PDF: page 1 is rasterised and its page size picks the paper over the model's", async () => {
  const pdf = await s.t.call("POST", "/api/render", {
    token: user.token,
    body: { content: JSON.stringify({ version: 4, pageSize: { id: "letter" }, bands: [{ id: "b", kind: "report-header", height: 40, elements: [{ id: "t", type: "text", x: 0, y: 0, width: 200, height: 20, text: "Hello" }] }], schema: [] }), data: {} },
  });
  assert.equal(pdf.status, 200);
  s.fake.script = happy;
  s.fake.calls.length = 0;
  const res = await generate({ image: pdf.bytes });
  assert.deepEqual(res.events.at(-1)?.data["template"].pageSize, { id: "letter" });
  assert.match(s.fake.calls[0]?.system ?? "", /use exactly \{"id":"letter"\}/);
  assert.ok((s.fake.calls[0]?.images.length ?? 0) === 1);
});

test("before the stream: 401 without a session, 400 without input, 400 for a non-picture, 413 over 8 MB", async () => {
  const anonymous = await fetch(`${s.url}/api/ai/generate-band-template`, { method: "POST", body: form({ prompt: "x" }) });
  assert.equal(anonymous.status, 401);
  const none = await generate({ css: "p{}" });
  assert.equal(none.status, 400);
  assert.match(none.json["detail"], /image, html or prompt/);
  assert.equal((await generate({ image: new TextEncoder().encode("hello there") })).status, 400);
  const big = new Uint8Array(8 * 1024 * 1024 + 10);
  big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const res = await generate({ image: big });
  assert.equal(res.status, 413);
  assert.match(res.type, /problem\+json/);
  // A PDF may be larger than a picture, up to 25 MB; an unreadable one is a 400 naming the field.
  const pdfHeader = new TextEncoder().encode("%PDF-1.7\n");
  const bigPdf = new Uint8Array(25 * 1024 * 1024 + 10);
  bigPdf.set(pdfHeader);
  assert.equal((await generate({ image: bigPdf })).status, 413);
  const broken = await generate({ image: new Uint8Array([...pdfHeader, ...new TextEncoder().encode("garbage")]) });
  assert.equal(broken.status, 400);
  assert.ok(broken.json["errors"]["image"]);
});

test("a client that disconnects cancels the model calls still to come", async () => {
  const many = skeleton({ bands: Array.from({ length: 8 }, (_, i) => ({ id: `b${i}`, parentId: null, kind: "detail", name: `band ${i}`, height: 20 })) });
  s.fake.script = (call) => (call.pass === "skeleton" ? { json: many } : { json: band(call.bandId ?? "?"), delayMs: 1500 });
  s.fake.calls.length = 0;
  const controller = new AbortController();
  const res = await fetch(`${s.url}/api/ai/generate-band-template`, { method: "POST", headers: { Authorization: `Bearer ${user.token}` }, body: form({ prompt: "x" }), signal: controller.signal });
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  let seen = "";
  while (!seen.includes("event: skeleton")) seen += new TextDecoder().decode((await reader.read()).value);
  // Wait until the first band calls are in flight, then hang up.
  for (let i = 0; i < 100 && s.fake.calls.filter((c) => c.pass === "band").length < 2; i++) await new Promise((r) => setTimeout(r, 20));
  controller.abort();
  await new Promise((r) => setTimeout(r, 2500));
  const bandCalls = s.fake.calls.filter((c) => c.pass === "band");
  assert.equal(bandCalls.length, 2, "no band call starts after the client left (concurrency 2 of 8 bands)");
  assert.ok(bandCalls.every((c) => c.aborted), "the calls in flight were cancelled");
});
