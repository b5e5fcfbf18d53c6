// generate-band-template with HTML: the native importer's draft is what the model refines (its bands in the
// skeleton pass, each band's elements in that band's pass); without a working importer, the sanitised HTML.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { DRAFT_BAND_HEADER, DRAFT_HEADER } from "../../src/ai/html.js";
import { RenderQueueFullError } from "../../src/render/budget.js";
import { createRenderer, type Renderer } from "../../src/render/renderer.js";
import type { TestUser } from "../helpers/harness.js";
import { band, happy, skeleton } from "./support/scripts.js";
import type { FakeCall, FakeReply } from "./support/fake-openai.js";
import { form, post, startAiServer, type AiServer } from "./support/server.js";

const HTML = `<h1 onclick="steal()">Invoice {{number}}</h1><p>Billed to {{customer}}</p><script>alert(1)</script>
<table><tbody><tr data-each="items"><td>{{name}}</td><td>{{amount}}</td></tr></tbody></table>`;

const generate = (s: AiServer, user: TestUser, fields: Record<string, string>) => post(s, "/api/ai/generate-band-template", user.token, form(fields));

/** The JSON after a header in a call's user text (the header's part is the last one sent), if the call holds it. */
function jsonAfter(call: FakeCall, header: string): any {
  const text = call.userText.split(`${header}\n`)[1];
  return text === undefined ? undefined : JSON.parse(text);
}

describe("with the native importer", () => {
  let s: AiServer;
  let user: TestUser;
  before(async () => {
    s = await startAiServer();
    user = await s.t.signup();
  });
  after(() => s.close());

  test("the skeleton pass gets the draft's bands and each kept band's pass its drafted elements", async () => {
    // A model that keeps the draft's bands (ids, kinds, binding) and echoes each band's drafted elements.
    s.fake.script = (call): FakeReply => {
      // Without a draft to keep, an answer the server rejects (the test then fails on the events, not a hang).
      const draft = jsonAfter(call, call.pass === "skeleton" ? DRAFT_HEADER : DRAFT_BAND_HEADER);
      if (draft === undefined) return { content: "no draft" };
      if (call.pass === "skeleton") return { json: skeleton({ bands: draft.bands.map((b: any) => ({ ...b, height: Math.max(20, b.height) })) }) };
      return { json: band(call.bandId ?? "?", draft) };
    };
    s.fake.calls.length = 0;
    const res = await generate(s, user, { html: HTML });
    assert.equal(res.events.at(-1)?.event, "done");

    const first = s.fake.calls[0];
    assert.equal(first?.pass, "skeleton");
    const draft = jsonAfter(first as FakeCall, DRAFT_HEADER);
    assert.ok(draft?.bands.length >= 2);
    assert.ok(draft.bands.every((b: any) => b.elements === undefined), "the skeleton pass reads bands without elements");
    assert.equal(draft.name, undefined, "nor the draft's placeholder name");
    assert.ok(draft.bands.some((b: any) => b.bindingField === "items"), "the data-each row became a detail band over items");
    assert.doesNotMatch(first?.userText ?? "", /Convert this HTML document|onclick|<script/);

    // Each band's pass got its own drafted elements: the texts of the HTML, tokens kept.
    const texts = (c: FakeCall) => ((jsonAfter(c, DRAFT_BAND_HEADER) ?? []) as any[]).map((e) => e.text);
    const bandCalls = s.fake.calls.filter((c) => c.pass === "band");
    assert.equal(bandCalls.length, draft.bands.length);
    const sent = bandCalls.flatMap(texts);
    for (const text of ["Invoice {{number}}", "Billed to {{customer}}", "{{name}}", "{{amount}}"]) assert.ok(sent.includes(text), `a band pass got "${text}"`);
    const heading = bandCalls.find((c) => texts(c).includes("Invoice {{number}}"));
    assert.deepEqual(texts(heading as FakeCall), ["Invoice {{number}}"], "a band pass gets only its own band's elements");

    // The model's refinement (here: the draft as it was) is what `done` delivers.
    const template = res.events.at(-1)?.data["template"];
    assert.deepEqual(template.bands.map((b: any) => b.id), draft.bands.map((b: any) => b.id));
    assert.ok(template.bands.flatMap((b: any) => b.elements).some((e: any) => e.text === "{{name}}"));
  });

  test("a band the model did not take from the draft is filled without drafted elements", async () => {
    s.fake.script = happy;
    s.fake.calls.length = 0;
    const res = await generate(s, user, { html: HTML, prompt: "An invoice" });
    assert.equal(res.events.at(-1)?.event, "done");
    assert.match(s.fake.calls[0]?.userText ?? "", /The request: An invoice/);
    assert.ok((s.fake.calls[0]?.userText ?? "").includes(DRAFT_HEADER));
    for (const call of s.fake.calls.filter((c) => c.pass === "band")) {
      assert.ok(!call.userText.includes(DRAFT_BAND_HEADER), `band ${call.bandId} is not one of the draft's`);
      assert.ok(call.userText.includes(DRAFT_HEADER), "every pass still reads the draft's skeleton");
    }
  });
});

describe("without a working importer", () => {
  let s: AiServer;
  let user: TestUser;
  // The real pool without importHtml, as a renderer that cannot import HTML is; tests below may give it a failing one.
  const { importHtml: _importHtml, ...pool } = createRenderer({ threads: 1 });
  const renderer: Renderer = pool;
  before(async () => {
    s = await startAiServer({ renderer });
    user = await s.t.signup();
  });
  after(() => s.close());

  const assertSanitisedHtml = (res: Awaited<ReturnType<typeof generate>>) => {
    assert.equal(res.events.at(-1)?.event, "done");
    const text = s.fake.calls[0]?.userText ?? "";
    assert.match(text, /Convert this HTML document/);
    assert.match(text, /Invoice \{\{n\}\}/);
    assert.match(text, /color: red/);
    assert.doesNotMatch(text, /script|onclick|evil\.test/);
    assert.ok(!text.includes(DRAFT_HEADER));
    assert.ok(s.fake.calls.every((c) => !c.userText.includes(DRAFT_BAND_HEADER)));
  };
  const html = { html: '<h1 onclick="steal()">Invoice {{n}}</h1><script>alert(1)</script><img src="https://evil.test/x.png">', css: "h1 { color: red }" };

  test("a renderer without importHtml: the model reads the HTML, sanitised (no scripts, handlers, remote URLs)", async () => {
    s.fake.script = happy;
    s.fake.calls.length = 0;
    assertSanitisedHtml(await generate(s, user, html));
  });

  test("an import the pool refuses: the same fallback, and the stream still ends with done", async () => {
    renderer.importHtml = () => Promise.reject(new RenderQueueFullError(1));
    s.fake.script = happy;
    s.fake.calls.length = 0;
    assertSanitisedHtml(await generate(s, user, html));
  });
});
