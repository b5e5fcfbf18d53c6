// JSON nested 100,000 levels deep in every body that takes `data` or rows: a 400 naming the limit, found
// without recursion before anything walks the body (copying it to a render worker used to overflow the stack: 500).
import { strict as assert } from "node:assert";
import { after, before, test } from "node:test";
import { documentOf, send, startLoadServer, textOf, whileResponsive, type LoadServer } from "./render-load.js";

let s: LoadServer;
let templateId: string;
before(async () => {
  s = await startLoadServer();
  const created = await send(s.url, "POST", "/api/templates", s.a.token, { name: "Deep", content: CONTENT });
  assert.equal(created.status, 200);
  templateId = created.json.id as string;
});
after(async () => {
  await s.close();
});

const CONTENT = documentOf([{ id: "d", kind: "detail", height: 20, elements: [textOf("w", "{{a.a.a}}")] }]);

/** `{"a":{"a":…1…}}` nested `levels` deep, as text (building it as an object would need recursion to send). */
const nested = (levels: number): string => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

const DEEP = nested(100_000);

test("render, stored render, batch rows and send-email refuse data nested 100,000 deep with 400", async () => {
  const bodies: [string, string, string][] = [
    ["/api/render", `{"content":${JSON.stringify(CONTENT)},"data":${DEEP}}`, "data"],
    [`/api/templates/${templateId}/render`, `{"data":${DEEP}}`, "data"],
    [`/api/templates/${templateId}/render-batch`, `{"rows":[{"n":1},${DEEP}]}`, "rows"],
    [`/api/templates/${templateId}/send-email`, `{"to":"someone@example.test","data":${DEEP}}`, "data"],
  ];
  for (const [path, body, field] of bodies) {
    const res = await whileResponsive(s, send(s.url, "POST", path, s.a.token, body), 1);
    assert.equal(res.status, 400, `${path}: ${JSON.stringify(res.json)}`);
    assert.equal(res.json.detail, `${field} is nested more than 100 levels deep (the limit for a request body).`);
    assert.deepEqual(Object.keys(res.json.errors), [field]);
    assert.ok(res.ms < 5_000, `${path}: ${res.ms} ms`);
  }
});

test("data nested within the limit still renders", async () => {
  // The body is level 1, so `data` may nest 99 levels; 100 is one too many.
  const res = await send(s.url, "POST", `/api/templates/${templateId}/render`, s.a.token, `{"data":${nested(99)}}`);
  assert.equal(res.status, 200, JSON.stringify(res.json));
  const over = await send(s.url, "POST", `/api/templates/${templateId}/render`, s.a.token, `{"data":${nested(100)}}`);
  assert.equal(over.status, 400);
});
