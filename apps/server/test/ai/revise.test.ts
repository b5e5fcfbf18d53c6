// revise-document through real HTTP against the fake model: unchanged bands byte-identical, failures,
// check tokens, metering.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { fromGenerated, GeneratedBandTemplate } from "@docsvc/layout";
import sharp from "sharp";
import * as v from "valibot";
import type { TestUser } from "../helpers/harness.js";
import { band, happy, skeleton } from "./support/scripts.js";
import { form, post, startAiServer, type AiServer, type SseEvent } from "./support/server.js";

let s: AiServer;
let user: TestUser;
let draft: Record<string, any>;
let reference: Uint8Array;
let checkToken: string;

const aiUsed = async (): Promise<number> => (await s.t.call("GET", "/api/usage", { token: user.token })).body.aiGenerations.used;
const done = (events: readonly SseEvent[]) => events.at(-1)?.data ?? {};

before(async () => {
  s = await startAiServer();
  user = await s.t.signup();
  reference = new Uint8Array(await sharp({ create: { width: 595, height: 842, channels: 3, background: "#ffffff" } }).composite([{ input: { create: { width: 300, height: 40, channels: 3, background: "#000000" } }, left: 40, top: 40 }]).png().toBuffer());
  s.fake.script = happy;
  const generated = await post(s, "/api/ai/generate-band-template", user.token, form({ image: reference, prompt: "an invoice" }));
  draft = done(generated.events)["template"];
  checkToken = done(generated.events)["checkToken"];
  // A band with a picture, to show pictures survive a revision the model saw without their bytes.
  draft["bands"][0]["elements"].push({ id: "logo", type: "image", x: 400, y: 0, width: 50, height: 50, src: `data:image/png;base64,${Buffer.from(reference).toString("base64")}` });
});
after(() => s.close());

function revise(fields: Record<string, string | Uint8Array | undefined>, doc: unknown = draft) {
  const content = JSON.stringify(fromGenerated(v.parse(GeneratedBandTemplate, doc)));
  return post(s, "/api/ai/revise-document", user.token, form({ document: JSON.stringify(doc), content, sampleData: JSON.stringify({ number: "INV-9" }), ...fields }));
}

test("only the bands pass 1 marks change; every other band comes back byte-identical", async () => {
  s.fake.script = (call) => {
    if (call.pass === "revise_plan") return { json: { bands: draft["bands"].map((b: any) => ({ id: b.id, changed: b.id === "totals" || b.id === "title", notes: "bigger" })) } };
    if (call.pass === "revise_band" && call.bandId === "title") return { json: band("title", [{ id: "logo", type: "image", x: 400, y: 0, width: 60, height: 60, src: "(picture)" }, { id: "t2", type: "text", x: 0, y: 0, width: 300, height: 30, text: "INVOICE", fontSize: 20 }]) };
    if (call.pass === "revise_band") return { json: band(call.bandId ?? "?", [{ id: "sum", type: "text", x: 300, y: 0, width: 223, height: 24, text: "{{total}}", fontSize: 16, align: "right" }]) };
    return { status: 500 };
  };
  s.fake.calls.length = 0;
  const usedBefore = await aiUsed();
  const res = await revise({ instruction: "Make the title and the total bigger" });
  assert.deepEqual(res.events.map((e) => e.event), ["skeleton", "band", "band", "done"]);
  assert.equal(res.events[0]?.data["bandsTotal"], 2);
  const bands = done(res.events)["template"]["bands"];
  for (const [i, sent] of draft["bands"].entries()) {
    if (sent.id === "title" || sent.id === "totals") assert.notEqual(JSON.stringify(bands[i]), JSON.stringify(sent));
    else assert.equal(JSON.stringify(bands[i]), JSON.stringify(sent), `band ${sent.id} is byte-identical`);
  }
  // The model saw the picture as a marker, and the kept picture came back with its bytes.
  assert.doesNotMatch(s.fake.calls[0]?.system ?? "", /data:image/);
  assert.equal(bands[0].elements[0].src, draft["bands"][0]["elements"].at(-1).src);
  assert.deepEqual(s.fake.calls.filter((c) => c.pass === "revise_band").map((c) => c.bandId).sort(), ["title", "totals"]);
  assert.equal(await aiUsed(), usedBefore + 1, "one credit for a step that changed something");
});

test("nothing to change: done with unchanged: true and the document as sent, not metered", async () => {
  s.fake.script = (call) => (call.pass === "revise_plan" ? { json: { bands: draft["bands"].map((b: any) => ({ id: b.id, changed: false, notes: null })) } } : { status: 500 });
  const usedBefore = await aiUsed();
  const res = await revise({ instruction: "Is it fine?" });
  assert.deepEqual(res.events.map((e) => e.event), ["done"]);
  assert.equal(done(res.events)["unchanged"], true);
  assert.equal(JSON.stringify(done(res.events)["template"]), JSON.stringify(draft));
  assert.equal(await aiUsed(), usedBefore);
});

test("a failing fill keeps the band's elements and is reported; every fill failing ends with error, unmetered", async () => {
  s.fake.script = (call) => {
    if (call.pass === "revise_plan") return { json: { bands: draft["bands"].map((b: any) => ({ id: b.id, changed: b.id !== "items", notes: "x" })) } };
    return call.bandId === "title" ? { content: "nonsense" } : { json: band(call.bandId ?? "?") };
  };
  const partly = await revise({ instruction: "change things" });
  const title = done(partly.events)["template"]["bands"][0];
  assert.equal(title.failed, true);
  assert.equal(JSON.stringify(title.elements), JSON.stringify(draft["bands"][0]["elements"]));
  assert.ok(partly.events.some((e) => e.event === "band" && e.data["bandId"] === "title" && e.data["failed"] === true));

  s.fake.script = (call) => (call.pass === "revise_plan" ? { json: { bands: [{ id: "title", changed: true, notes: "x" }] } } : { content: "{]" });
  const usedBefore = await aiUsed();
  const all = await revise({ instruction: "change the title" });
  assert.deepEqual(all.events.map((e) => e.event), ["skeleton", "band", "error"]);
  assert.equal(await aiUsed(), usedBefore);
});

test("a check token compares the draft with the same reference, ignores the instruction, is not metered, and works once", async () => {
  s.fake.script = (call) => {
    if (call.pass === "revise_plan") return { json: { bands: [{ id: "title", changed: true, notes: "move the black bar" }] } };
    return { json: band(call.bandId ?? "?") };
  };
  s.fake.calls.length = 0;
  const usedBefore = await aiUsed();
  const other = await revise({ image: new Uint8Array(await sharp(reference).negate().png().toBuffer()), checkToken });
  assert.equal(other.status, 400, "another reference does not redeem the token");
  const res = await revise({ image: reference, checkToken, instruction: "IGNORED-INSTRUCTION" });
  assert.equal(res.status, 200);
  assert.equal(done(res.events)["template"]["bands"][0]["id"], "title");
  const plan = s.fake.calls[0];
  assert.equal(plan?.images.length, 2, "the model gets the reference and the rendered draft");
  assert.match(plan?.userText ?? "", /differ most/);
  assert.match(plan?.userText ?? "", /x \d+(\.\d)?, y \d+/);
  assert.doesNotMatch(plan?.userText ?? "", /IGNORED-INSTRUCTION/);
  assert.equal(await aiUsed(), usedBefore);
  const again = await revise({ image: reference, checkToken });
  assert.equal(again.status, 400);
  assert.match(again.json["errors"]["checkToken"][0], /already used/);
});

test("before the stream: 400 without instruction or image, 400 for a bad document, 413 over the limits", async () => {
  assert.equal((await revise({})).status, 400);
  const bad = await post(s, "/api/ai/revise-document", user.token, form({ document: "{\"bands\": 3}", content: "{}", instruction: "x" }));
  assert.equal(bad.status, 400);
  assert.equal((await revise({ instruction: "x".repeat(2001) })).status, 400);
  const big = { ...draft, name: "x".repeat(1024 * 1024) };
  assert.equal((await revise({ instruction: "x" }, big)).status, 413);
});
