// The render endpoints, end to end through the worker pool and @docsvc/pdf's renderPdf.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { DEFAULT_PLANS } from "../src/services/plans.js";
import { assertProblem } from "./helpers/assert.js";
import { fixtureText, SMALL_TEMPLATE } from "./helpers/fixtures.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/harness.js";
import { mainThreadCpuMs, processCpuMs } from "./helpers/thread-cpu.js";


let t: TestApp;
let owner: TestUser;
let key: string;
let invoiceId: string;
let invoiceData: unknown;
let invoice500Data: unknown;

before(async () => {
  // A tight free plan so the rate-limit test needs few requests; pro stays generous for the others.
  t = await startTestApp({ config: { defaultPlan: "free" }, plans: { ...DEFAULT_PLANS, free: { renderRatePerSecond: 0.01, renderBurst: 3, aiGenerationsPerMonth: 25 } } });
  owner = await t.signup();
  // Most tests must not trip the limit: this workspace is on pro (set directly; admin is tested elsewhere).
  await t.deps.db.updateTable("workspaces").set({ plan: "pro" }).where("id", "=", owner.workspaceId).execute();
  key = (await t.call("POST", "/api/api-keys", { token: owner.token, body: { name: "renderer" } })).body.key as string;
  const created = await t.call("POST", "/api/templates", { token: owner.token, body: { name: "Invoice 2024 – Ünïcode", content: await fixtureText("invoice.template.json") } });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  invoiceId = created.body.id as string;
  invoiceData = JSON.parse(await fixtureText("invoice-20.data.json"));
  invoice500Data = JSON.parse(await fixtureText("invoice-500.data.json"));
});
after(() => t.close());

async function usageTotal(): Promise<number> {
  return (await t.call("GET", "/api/usage", { token: owner.token })).body.renders.total as number;
}

describe("theme validation (before rendering, never metered)", () => {
  test("unknown key and bad colour answer 400 with the exact contract messages, in both lanes and on both endpoints", async () => {
    const before = await usageTotal();
    const cases: [unknown, string, string][] = [
      [{ primary: "#fff", secondary: "#000" }, "theme", "theme has an unknown key 'secondary'; allowed: primary, accent."],
      [{ primary: "blue" }, "theme.primary", "theme.primary must be a hex colour like #rrggbb."],
      [{ accent: "#12345" }, "theme.accent", "theme.accent must be a hex colour like #rrggbb."],
    ];
    for (const [theme, path, message] of cases) {
      for (const auth of [{ token: owner.token }, { apiKey: key }]) {
        for (const [url, body] of [
          [`/api/templates/${invoiceId}/render`, { data: {}, theme }],
          ["/api/render", { content: SMALL_TEMPLATE, data: {}, theme }],
        ] as const) {
          const res = await t.call("POST", url, { ...auth, body });
          assertProblem(res, 400);
          assert.equal(res.body.detail, message);
          assert.deepEqual(res.body.errors, { [path]: [message] });
        }
      }
    }
    assert.equal(await usageTotal(), before);
  });

  test("the theme is judged first: with a bad theme and a missing data object, the theme message is the answer", async () => {
    const res = await t.call("POST", `/api/templates/${invoiceId}/render`, { token: owner.token, body: { theme: { brand: "#000" } } });
    assertProblem(res, 400);
    assert.equal(res.body.detail, "theme has an unknown key 'brand'; allowed: primary, accent.");
  });
});

describe("render requests answered before rendering", () => {
  test("401 without credentials; 404 for unknown or malformed template ids; 400 for bad bodies", async () => {
    assertProblem(await t.call("POST", `/api/templates/${invoiceId}/render`, { body: { data: {} } }), 401);
    assertProblem(await t.call("POST", "/api/render", { body: { content: SMALL_TEMPLATE, data: {} } }), 401);
    assertProblem(await t.call("POST", "/api/templates/01900000-0000-7000-8000-000000000000/render", { token: owner.token, body: { data: {} } }), 404);
    assertProblem(await t.call("POST", "/api/templates/nope/render", { apiKey: key, body: { data: {} } }), 404);
    const missing = await t.call("POST", `/api/templates/${invoiceId}/render`, { token: owner.token, body: {} });
    assertProblem(missing, 400);
    assert.deepEqual(missing.body.errors, { data: ["data is required."] });
    const notObject = await t.call("POST", `/api/templates/${invoiceId}/render`, { token: owner.token, body: { data: [1, 2] } });
    assertProblem(notObject, 400);
    assert.deepEqual(notObject.body.errors, { data: ["data must be a JSON object."] });
    assertProblem(await t.call("POST", "/api/render", { token: owner.token, body: { data: {} } }), 400);
    const badBase = await t.call("POST", "/api/render", { token: owner.token, body: { content: SMALL_TEMPLATE, data: {}, baseTemplateId: "abc" } });
    assertProblem(badBase, 400);
    assert.ok(badBase.body.errors.baseTemplateId);
    assertProblem(await t.call("POST", "/api/render", { token: owner.token, body: { content: SMALL_TEMPLATE, data: {}, baseTemplateId: "01900000-0000-7000-8000-000000000000" } }), 404);
  });

  test("inline content is validated by the model: 400 with errors keyed by document path", async () => {
    const res = await t.call("POST", "/api/render", { apiKey: key, body: { content: JSON.stringify({ version: 4, pageSize: { id: "a4" }, bands: [{ id: "b", kind: "detail", height: "tall", elements: [] }], schema: [] }), data: {} } });
    assertProblem(res, 400);
    assert.ok(res.body.errors["bands[0].height"], JSON.stringify(res.body.errors));
  });

  test("per-workspace token bucket: 429 with Retry-After once the burst is used, for keys and sessions alike", async () => {
    const user = await t.signup();
    const userKey = (await t.call("POST", "/api/api-keys", { token: user.token, body: { name: "k" } })).body.key as string;
    // Requests rejected for their theme still spend a token: the limit guards the endpoint, not the renderer.
    for (let i = 0; i < 3; i++) {
      assertProblem(await t.call("POST", "/api/render", { apiKey: userKey, body: { content: SMALL_TEMPLATE, data: {}, theme: { x: 1 } } }), 400);
    }
    const limited = await t.call("POST", "/api/render", { token: user.token, body: { content: SMALL_TEMPLATE, data: {} } });
    assertProblem(limited, 429);
    assert.ok(Number(limited.headers.get("Retry-After")) >= 1);
    assertProblem(await t.call("POST", `/api/templates/${invoiceId}/render`, { apiKey: userKey, body: { data: {} } }), 429);
    // Another workspace is not affected.
    assertProblem(await t.call("POST", "/api/render", { token: owner.token, body: { content: SMALL_TEMPLATE, data: {}, theme: { x: 1 } } }), 400);
  });
});

describe("rendering", () => {
  test("a stored template renders to application/pdf with a sensible Content-Disposition, in both lanes", async () => {
    for (const auth of [{ token: owner.token }, { apiKey: key }]) {
      const res = await t.call("POST", `/api/templates/${invoiceId}/render`, { ...auth, body: { data: invoiceData } });
      assert.equal(res.status, 200, Buffer.from(res.bytes).toString("utf8").slice(0, 500));
      assert.equal(res.headers.get("Content-Type"), "application/pdf");
      assert.equal(Buffer.from(res.bytes.subarray(0, 5)).toString("latin1"), "%PDF-");
      assert.equal(
        res.headers.get("Content-Disposition"),
        `inline; filename="Invoice-2024-Unicode.pdf"; filename*=UTF-8''${encodeURIComponent("Invoice 2024 – Ünïcode.pdf")}`,
      );
      assert.ok(Number(res.headers.get("X-Page-Count")) >= 1);
    }
  });

  test("inline content renders; a theme changes the output; baseTemplateId of a template without a base PDF is a 404", async () => {
    const plain = await t.call("POST", "/api/render", { apiKey: key, body: { content: SMALL_TEMPLATE, data: { name: "Ada" } } });
    assert.equal(plain.status, 200);
    assert.equal(plain.headers.get("Content-Disposition"), 'inline; filename="document.pdf"');
    const themed = await t.call("POST", "/api/render", { apiKey: key, body: { content: SMALL_TEMPLATE, data: { name: "Ada" }, theme: { primary: "#dc2626", accent: null } } });
    assert.equal(themed.status, 200);
    assert.notDeepEqual(themed.bytes, plain.bytes);
    // Drawing a stored base PDF is covered in base-pdf.test.ts; a template without one names nothing to draw.
    const based = await t.call("POST", "/api/render", { token: owner.token, body: { content: SMALL_TEMPLATE, data: {}, baseTemplateId: invoiceId } });
    assert.equal(based.status, 404);
  });

  test("every render is metered with its source, pages and bytes; usage and daily usage report it", async () => {
    const user = await t.signup();
    await t.deps.db.updateTable("workspaces").set({ plan: "pro" }).where("id", "=", user.workspaceId).execute();
    const userKey = (await t.call("POST", "/api/api-keys", { token: user.token, body: { name: "k" } })).body.key as string;
    const tpl = (await t.call("POST", "/api/templates", { token: user.token, body: { name: "S", content: SMALL_TEMPLATE } })).body.id as string;
    await t.call("POST", `/api/templates/${tpl}/render`, { apiKey: userKey, body: { data: { name: "a" } } });
    await t.call("POST", `/api/templates/${tpl}/render`, { apiKey: userKey, body: { data: { name: "b" } } });
    await t.call("POST", "/api/render", { token: user.token, body: { content: SMALL_TEMPLATE, data: {} } });
    const usage = await t.call("GET", "/api/usage", { token: user.token });
    assert.equal(usage.status, 200);
    assert.deepEqual(usage.body.renders, { total: 3, api: 2, preview: 1, ai: 0 });
    assert.equal(usage.body.pages, 3);
    assert.deepEqual(usage.body.aiGenerations, { used: 0, limit: 500 });
    assert.equal(usage.body.plan, "pro");
    const rows = await t.deps.db.selectFrom("render_events").selectAll().where("workspace_id", "=", user.workspaceId).execute();
    assert.equal(rows.length, 3);
    assert.ok(rows.every((r) => r.bytes > 0 && r.duration_ms > 0 && r.pages === 1));
    assert.deepEqual(rows.map((r) => r.template_id).sort(), [null, tpl, tpl].sort());
    const daily = await t.call("GET", "/api/usage/daily", { token: user.token });
    assert.equal(daily.body.days.length, 30);
    const today = daily.body.days.at(-1);
    assert.equal(today.date, new Date().toISOString().slice(0, 10));
    assert.deepEqual(today.renders, { total: 3, api: 2, preview: 1, ai: 0 });
  });

  test("an edited template renders its new content (the worker cache is keyed by id and updatedAt)", async () => {
    const tpl = (await t.call("POST", "/api/templates", { token: owner.token, body: { name: "Cache", content: SMALL_TEMPLATE } })).body.id as string;
    const one = await t.call("POST", `/api/templates/${tpl}/render`, { apiKey: key, body: { data: { name: "x" } } });
    const doc = JSON.parse(SMALL_TEMPLATE) as { pageSize: { id: string } };
    doc.pageSize = { id: "a5" };
    await t.call("PUT", `/api/templates/${tpl}`, { token: owner.token, body: { content: JSON.stringify(doc) } });
    const two = await t.call("POST", `/api/templates/${tpl}/render`, { apiKey: key, body: { data: { name: "x" } } });
    const mediaBox = (b: Uint8Array) => Buffer.from(b).toString("latin1").match(/\/MediaBox\s*\[([^\]]*)\]/)?.[1]?.trim();
    assert.notEqual(mediaBox(one.bytes), mediaBox(two.bytes));
  });

  // A CPU-time budget rather than a wall-clock one: six renders beside this test made a 250 ms bound on /health
  // depend on the machine's load. What the pool promises is that rendering costs the main thread nothing: its CPU
  // while the renders run stays a small part of what the process spent (the workers' share).
  test("the event loop keeps serving while renders run in the pool: the renders' CPU is spent off the main thread", { skip: process.platform !== "linux" && "reads /proc" }, async () => {
    const mainBefore = mainThreadCpuMs();
    const allBefore = processCpuMs();
    const renders = Array.from({ length: 6 }, () => t.call("POST", `/api/templates/${invoiceId}/render`, { apiKey: key, body: { data: invoice500Data } }));
    const health = await t.call("GET", "/health");
    assert.equal(health.status, 200);
    const results = await Promise.all(renders);
    assert.ok(results.every((r) => r.status === 200));
    const main = mainThreadCpuMs() - mainBefore;
    const all = processCpuMs() - allBefore;
    assert.ok(all > 0 && main < all * 0.4, `main thread ${main} ms of ${all} ms CPU while six 500-row invoices rendered`);
  });
});
