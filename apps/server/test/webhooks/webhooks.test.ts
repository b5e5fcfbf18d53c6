// Webhooks end to end: a signing secret made once, batch and render events delivered to a receiver on loopback
// (allowed here by WEBHOOK_ALLOW_PRIVATE) and their signatures verified, a 500 retried with backoff then delivered,
// redelivery, the delivery log, roles and lanes; and, on an instance without WEBHOOK_ALLOW_PRIVATE, 127.0.0.1 and a
// name resolving to loopback refused with the reason in the log.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { WebhookDispatcher } from "../../src/jobs/webhook-dispatcher.js";
import { queueEvent } from "../../src/webhooks/events.js";
import { SecretBox } from "../../src/webhooks/secrets.js";
import { WEBHOOK_DEFAULTS } from "../../src/webhooks/settings.js";
import { verifySignature } from "../../src/webhooks/signature.js";
import { expireRenderResults } from "../../src/jobs/webhook-maintenance.js";
import { createTemplate, pageTexts, upload } from "../batch/helpers.js";
import { startTestApp, type TestApp, type TestUser } from "../helpers/harness.js";
import { startReceiver, type Receiver } from "./receiver.js";

const FAST = { ...WEBHOOK_DEFAULTS, retryBaseMs: 150, pollMs: 20 };

let t: TestApp;
let owner: TestUser;
let receiver: Receiver;
let secret: string;
let templateId: string;

before(async () => {
  receiver = await startReceiver();
  t = await startTestApp({ config: { webhooks: { ...FAST, allowPrivate: true } } });
  t.deps.batch.start();
  t.deps.webhooks.dispatcher.start();
  t.deps.webhooks.renderJobs.start();
  owner = await t.signup();
  templateId = await createTemplate(t, owner.token);
});
after(async () => {
  await t.deps.batch.stop();
  await t.close();
  await receiver.close();
});

async function deliveries(app: TestApp, token: string): Promise<Record<string, any>[]> {
  const res = await app.call("GET", "/api/webhooks/deliveries", { token });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body as unknown as Record<string, any>[];
}

async function deliveryOf(app: TestApp, token: string, match: (d: Record<string, any>) => boolean, settled = true, ms = 20_000): Promise<Record<string, any>> {
  const until = Date.now() + ms;
  for (;;) {
    const found = (await deliveries(app, token)).find(match);
    if (found !== undefined && (!settled || found.status !== "pending")) return found;
    if (Date.now() > until) throw new Error(`no settled delivery: ${JSON.stringify(found)}`);
    await new Promise((r) => setTimeout(r, 30));
  }
}

async function renderJob(app: TestApp, token: string, jobId: string): Promise<Record<string, any>> {
  const until = Date.now() + 60_000;
  for (;;) {
    const res = await app.call("GET", `/api/render/jobs/${jobId}`, { token });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    if (res.body.status === "completed" || res.body.status === "failed") return res.body;
    if (Date.now() > until) throw new Error(`render job still ${String(res.body.status)}`);
    await new Promise((r) => setTimeout(r, 30));
  }
}

describe("the signing secret", () => {
  test("a webhook needs a secret first; the secret is shown once, then only its prefix", async () => {
    const early = await t.call("POST", `/api/templates/${templateId}/render-batch`, { token: owner.token, body: { rows: [{ name: "a" }], webhook: { url: `${receiver.url}/early` } } });
    assert.equal(early.status, 400);
    assert.match(early.body.errors.webhook[0], /signing secret/);
    assert.equal((await t.call("GET", "/api/webhooks/secret", { token: owner.token })).status, 404);

    const made = await t.call("POST", "/api/webhooks/secret", { token: owner.token });
    assert.equal(made.status, 200);
    assert.match(made.body.secret, /^whsec_[A-Za-z0-9_-]{43}$/);
    const shown = await t.call("GET", "/api/webhooks/secret", { token: owner.token });
    assert.equal(shown.status, 200);
    assert.equal(shown.body.prefix, (made.body.secret as string).slice(0, 12));
    assert.equal(JSON.stringify(shown.body).includes(made.body.secret as string), false);
    // Stored sealed, not as it was shown.
    const row = await t.deps.db.selectFrom("webhook_secrets").selectAll().where("workspace_id", "=", owner.workspaceId).executeTakeFirstOrThrow();
    assert.equal(row.secret.includes(made.body.secret as string), false);
    secret = made.body.secret as string;
  });

  test("bad webhook URLs are 400; API keys cannot read the log or touch the secret", async () => {
    for (const url of ["ftp://example.com/x", "not a url", "https://user:pw@example.com/x"]) {
      const res = await t.call("POST", `/api/templates/${templateId}/render-batch`, { token: owner.token, body: { rows: [{ name: "a" }], webhook: { url } } });
      assert.equal(res.status, 400, url);
      assert.ok(res.body.errors["webhook.url"], JSON.stringify(res.body));
    }
    const key = await t.call("POST", "/api/api-keys", { token: owner.token, body: { name: "ci" } });
    assert.equal((await t.call("GET", "/api/webhooks/deliveries", { apiKey: key.body.key })).status, 401);
    assert.equal((await t.call("POST", "/api/webhooks/secret", { apiKey: key.body.key })).status, 401);
  });
});

describe("deliveries", () => {
  test("batch.completed is delivered, signed with the workspace's secret", async () => {
    const res = await t.call("POST", `/api/templates/${templateId}/render-batch`, {
      token: owner.token,
      body: { rows: [{ name: "Ada" }, { name: "Grace" }], output: "zip", webhook: { url: `${receiver.url}/batch` } },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const [request] = await receiver.waitFor("/batch");
    const header = String(request!.headers["x-docsvc-signature"]);
    assert.match(header, /^t=\d+,v1=[0-9a-f]{64}$/);
    assert.equal(verifySignature(secret, header, request!.body, Math.floor(Date.now() / 1000)), true);
    // Another secret, or a body changed by one byte, does not verify.
    assert.equal(verifySignature(`${secret}x`, header, request!.body, Math.floor(Date.now() / 1000)), false);
    assert.equal(verifySignature(secret, header, `${request!.body} `, Math.floor(Date.now() / 1000)), false);
    assert.equal(request!.headers["content-type"], "application/json");
    assert.equal(request!.headers["x-docsvc-event"], "batch.completed");
    const event = JSON.parse(request!.body);
    assert.equal(event.type, "batch.completed");
    assert.match(event.id, /^evt_/);
    assert.equal(event.workspaceId, owner.workspaceId);
    assert.deepEqual([event.data.jobId, event.data.status, event.data.total, event.data.completed, event.data.failed], [res.body.jobId, "completed", 2, 2, 0]);
    assert.equal(event.data.resultUrl, `${t.config.publicUrl}/api/templates/${templateId}/render-batch/jobs/${res.body.jobId}/result`);
    const logged = await deliveryOf(t, owner.token, (d) => d.eventId === event.id);
    assert.deepEqual([logged.status, logged.attempts, logged.lastStatus, logged.event, logged.url], ["delivered", 1, 200, "batch.completed", `${receiver.url}/batch`]);
    assert.equal(request!.headers["x-docsvc-delivery"], logged.id);
  });

  test("a 500 is retried after the backoff, then delivered; the log shows both attempts", async () => {
    receiver.statuses.push(500);
    const res = await t.call("POST", `/api/templates/${templateId}/render-batch`, { token: owner.token, body: { rows: [{ name: "x" }], webhook: { url: `${receiver.url}/retry` } } });
    assert.equal(res.status, 200);
    const [first, second] = await receiver.waitFor("/retry", 2);
    assert.equal(JSON.parse(first!.body).id, JSON.parse(second!.body).id, "the same event, sent again");
    assert.ok(second!.at - first!.at >= FAST.retryBaseMs - 10, `retried after ${second!.at - first!.at} ms`);
    assert.equal(verifySignature(secret, String(second!.headers["x-docsvc-signature"]), second!.body, Math.floor(Date.now() / 1000)), true);
    const logged = await deliveryOf(t, owner.token, (d) => d.url === `${receiver.url}/retry`);
    assert.deepEqual([logged.status, logged.attempts, logged.lastStatus], ["delivered", 2, 200]);
  });

  test("a failed batch sends batch.failed", async () => {
    // Every row's image is broken, so every row fails and a merged job has nothing to merge: the job fails.
    const rows = [{ name: "x", logo: "data:image/png;base64,AAAA" }];
    const res = await t.call("POST", `/api/templates/${templateId}/render-batch`, { token: owner.token, body: { rows, output: "merged", webhook: { url: `${receiver.url}/failed` } } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const [request] = await receiver.waitFor("/failed");
    const event = JSON.parse(request!.body);
    assert.deepEqual([event.type, event.data.status, event.data.failed], ["batch.failed", "failed", 1]);
    assert.match(event.data.error, /nothing to merge/);
    assert.equal(event.data.resultUrl, undefined);
  });

  test("a spreadsheet upload names its webhook in the form field webhookUrl", async () => {
    const bad = await upload(t, owner.token, templateId, { name: "rows.csv", bytes: "name\nAda\n" }, { webhookUrl: "ftp://nope" });
    assert.equal(bad.status, 400);
    const res = await upload(t, owner.token, templateId, { name: "rows.csv", bytes: "name\nAda\nGrace\n" }, { webhookUrl: `${receiver.url}/upload` });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const [request] = await receiver.waitFor("/upload");
    const event = JSON.parse(request!.body);
    assert.deepEqual([event.type, event.data.jobId, event.data.completed], ["batch.completed", res.body.jobId, 2]);
  });

  test("a rotated secret signs from then on; the old one no longer verifies", async () => {
    const rotated = await t.call("POST", "/api/webhooks/secret", { token: owner.token });
    assert.equal(rotated.status, 200);
    const fresh = rotated.body.secret as string;
    assert.notEqual(fresh, secret);
    const res = await t.call("POST", "/api/render/async", { token: owner.token, body: { templateId, data: { name: "Rotated" }, webhook: { url: `${receiver.url}/rotated` } } });
    assert.equal(res.status, 202);
    const [request] = await receiver.waitFor("/rotated");
    const header = String(request!.headers["x-docsvc-signature"]);
    assert.equal(verifySignature(fresh, header, request!.body, Math.floor(Date.now() / 1000)), true);
    assert.equal(verifySignature(secret, header, request!.body, Math.floor(Date.now() / 1000)), false);
    secret = fresh;
  });

  test("redelivery sends the same event again, freshly signed", async () => {
    const before = receiver.received.filter((r) => r.path === "/batch").length;
    const logged = await deliveryOf(t, owner.token, (d) => d.url === `${receiver.url}/batch`);
    const res = await t.call("POST", `/api/webhooks/deliveries/${logged.id}/redeliver`, { token: owner.token });
    assert.equal(res.status, 202);
    const again = await receiver.waitFor("/batch", before + 1);
    const last = again.at(-1)!;
    assert.equal(JSON.parse(last.body).id, logged.eventId);
    assert.equal(verifySignature(secret, String(last.headers["x-docsvc-signature"]), last.body, Math.floor(Date.now() / 1000)), true);
    assert.equal((await t.call("POST", `/api/webhooks/deliveries/0190a000-0000-7000-8000-000000000000/redeliver`, { token: owner.token })).status, 404);
    const other = await t.signup();
    assert.equal((await t.call("POST", `/api/webhooks/deliveries/${logged.id}/redeliver`, { token: other.token })).status, 404);
    assert.deepEqual(await deliveries(t, other.token), []);
  });

  test("durable: a delivery queued while no dispatcher runs, or claimed by an instance that died, goes out from another", async () => {
    await t.deps.webhooks.dispatcher.stop();
    const settings = { ...FAST, allowPrivate: true };
    await queueEvent(t.deps.db, settings, `${receiver.url}/durable`, { id: "evt_durable", type: "render.completed", createdAt: new Date().toISOString(), workspaceId: owner.workspaceId, data: {} });
    // A second queued delivery, claimed by a dead instance until a moment ago.
    await queueEvent(t.deps.db, settings, `${receiver.url}/durable`, { id: "evt_orphan", type: "render.completed", createdAt: new Date().toISOString(), workspaceId: owner.workspaceId, data: {} });
    await t.deps.db.updateTable("webhook_deliveries").set({ locked_until: new Date(Date.now() - 1).toISOString(), attempts: 1 }).where("event_id", "=", "evt_orphan").execute();
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(receiver.received.filter((r) => r.path === "/durable").length, 0);
    // "Another instance": a dispatcher of its own over the same database (and the same JWT secret).
    const other = new WebhookDispatcher({ db: t.deps.db, log: t.deps.log, settings, secrets: new SecretBox(t.config.jwtSecret) });
    other.start();
    try {
      const got = await receiver.waitFor("/durable", 2);
      assert.deepEqual(got.map((r) => JSON.parse(r.body).id).sort(), ["evt_durable", "evt_orphan"]);
    } finally {
      await other.stop();
      t.deps.webhooks.dispatcher.start();
    }
  });
});

describe("asynchronous renders", () => {
  test("POST /api/render/async answers 202; the job completes, its PDF downloads (ranges too) and render.completed is sent", async () => {
    const res = await t.call("POST", "/api/render/async", { token: owner.token, body: { templateId, data: { name: "Async Ada", customer: { city: "Paris" } }, webhook: { url: `${receiver.url}/render` } } });
    assert.equal(res.status, 202, JSON.stringify(res.body));
    assert.equal(res.headers.get("Location"), `/api/render/jobs/${res.body.jobId}`);
    assert.ok(["pending", "processing", "completed"].includes(res.body.status));
    const job = await renderJob(t, owner.token, res.body.jobId);
    assert.deepEqual([job.status, job.pages, job.error, job.templateId], ["completed", 1, null, templateId]);
    const pdf = await t.call("GET", `/api/render/jobs/${res.body.jobId}/pdf`, { token: owner.token });
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get("Content-Type"), "application/pdf");
    assert.equal(pdf.headers.get("Accept-Ranges"), "bytes");
    assert.match((await pageTexts(pdf.bytes))[0]!, /Hi Async Ada Paris/);
    const head = await t.call("GET", `/api/render/jobs/${res.body.jobId}/pdf`, { token: owner.token, headers: { Range: "bytes=0-4" } });
    assert.equal(head.status, 206);
    assert.equal(Buffer.from(head.bytes).toString("latin1"), "%PDF-");
    const [request] = await receiver.waitFor("/render");
    const event = JSON.parse(request!.body);
    assert.deepEqual([event.type, event.data.jobId, event.data.pages], ["render.completed", res.body.jobId, 1]);
    assert.equal(event.data.pdfUrl, `${t.config.publicUrl}/api/render/jobs/${res.body.jobId}/pdf`);
    assert.equal(verifySignature(secret, String(request!.headers["x-docsvc-signature"]), request!.body, Math.floor(Date.now() / 1000)), true);
    // Another workspace sees nothing.
    const other = await t.signup();
    assert.equal((await t.call("GET", `/api/render/jobs/${res.body.jobId}`, { token: other.token })).status, 404);
    assert.equal((await t.call("GET", `/api/render/jobs/${res.body.jobId}/pdf`, { token: other.token })).status, 404);
    // Expired like a batch result: 404, and the sweep removes the file.
    await t.deps.db.updateTable("render_jobs").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("id", "=", res.body.jobId).execute();
    assert.equal((await t.call("GET", `/api/render/jobs/${res.body.jobId}/pdf`, { token: owner.token })).status, 404);
    assert.equal(await expireRenderResults(t.deps.db, t.deps.blobs), 1);
    assert.equal(await t.deps.blobs.get(`render/${res.body.jobId}/result.pdf`), undefined);
    assert.equal((await t.call("GET", `/api/render/jobs/${res.body.jobId}`, { token: owner.token })).body.status, "completed");
  });

  test("content that is not a document fails the job (409 on the PDF) and sends render.failed; API keys may submit", async () => {
    const key = await t.call("POST", "/api/api-keys", { token: owner.token, body: { name: "async" } });
    const res = await t.call("POST", "/api/render/async", { apiKey: key.body.key, body: { content: '{"version": 4, "bands": "nope"}', data: {}, webhook: { url: `${receiver.url}/render-failed` } } });
    assert.equal(res.status, 202, JSON.stringify(res.body));
    const job = await renderJob(t, owner.token, res.body.jobId);
    assert.equal(job.status, "failed");
    assert.equal((await t.call("GET", `/api/render/jobs/${res.body.jobId}/pdf`, { token: owner.token })).status, 409);
    const [request] = await receiver.waitFor("/render-failed");
    assert.equal(JSON.parse(request!.body).type, "render.failed");
  });

  test("the body is validated: templateId or content, a webhook only with a secret's workspace", async () => {
    const neither = await t.call("POST", "/api/render/async", { token: owner.token, body: { data: {} } });
    assert.equal(neither.status, 400);
    const both = await t.call("POST", "/api/render/async", { token: owner.token, body: { templateId, content: "<p>x</p>", data: {} } });
    assert.equal(both.status, 400);
    const missing = await t.call("POST", "/api/render/async", { token: owner.token, body: { templateId: "0190a000-0000-7000-8000-000000000000", data: {} } });
    assert.equal(missing.status, 404);
    const stranger = await t.signup();
    const noSecret = await t.call("POST", "/api/render/async", { token: stranger.token, body: { content: "<p>x</p>", data: {}, webhook: { url: `${receiver.url}/x` } } });
    assert.equal(noSecret.status, 400);
  });
});

test("the OpenAPI document describes webhooks, asynchronous renders and ranged downloads", async () => {
  const doc = (await t.call("GET", "/openapi/v1.json")).body;
  assert.ok(doc.paths["/api/render/async"].post.responses["202"]);
  assert.equal(doc.paths["/api/render/async"].post.requestBody.content["application/json"].schema.$ref, "#/components/schemas/RenderAsyncBody");
  assert.ok(doc.paths["/api/render/jobs/{id}/pdf"].get.responses["206"]);
  assert.ok(doc.paths["/api/templates/{id}/render-batch/jobs/{jobId}/result"].get.responses["416"]);
  assert.ok(doc.paths["/api/webhooks/deliveries"].get);
  assert.ok(doc.paths["/api/webhooks/deliveries/{id}/redeliver"].post.responses["202"]);
  assert.ok(doc.paths["/api/webhooks/secret"].post);
  assert.ok(doc.components.schemas.CreateBatchJsonBody.properties.webhook);
  assert.ok(doc.components.schemas.WebhookDelivery.properties.lastError);
});

describe("without WEBHOOK_ALLOW_PRIVATE", () => {
  let strict: TestApp;
  let user: TestUser;
  before(async () => {
    strict = await startTestApp({ config: { webhooks: FAST } });
    strict.deps.webhooks.dispatcher.start();
    strict.deps.webhooks.renderJobs.start();
    user = await strict.signup();
    assert.equal((await strict.call("POST", "/api/webhooks/secret", { token: user.token })).status, 200);
  });
  after(() => strict.close());

  test("127.0.0.1 and a name resolving to loopback are refused, not retried, and the log says why", async () => {
    const port = new URL(receiver.url).port;
    const literal = await strict.call("POST", "/api/render/async", { token: user.token, body: { content: "<p>Hello</p>", data: {}, webhook: { url: `http://127.0.0.1:${port}/refused` } } });
    assert.equal(literal.status, 202, JSON.stringify(literal.body));
    const named = await strict.call("POST", "/api/render/async", { token: user.token, body: { content: "<p>Hello</p>", data: {}, webhook: { url: `http://localhost:${port}/refused` } } });
    assert.equal(named.status, 202);
    const byIp = await deliveryOf(strict, user.token, (d) => d.url.includes("127.0.0.1"));
    assert.equal(byIp.status, "failed");
    assert.equal(byIp.attempts, 1);
    assert.match(byIp.lastError, /127\.0\.0\.1 is a loopback address/);
    assert.match(byIp.lastError, /WEBHOOK_ALLOW_PRIVATE/);
    const byName = await deliveryOf(strict, user.token, (d) => d.url.includes("localhost"));
    assert.equal(byName.status, "failed");
    assert.match(byName.lastError, /localhost resolves to (127\.0\.0\.1|::1), which is a loopback address/);
    assert.equal(receiver.received.filter((r) => r.path === "/refused").length, 0);
    // The renders themselves completed: only the webhook was refused.
    assert.equal((await renderJob(strict, user.token, literal.body.jobId)).status, "completed");
  });
});
