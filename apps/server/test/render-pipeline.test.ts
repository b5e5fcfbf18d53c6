// What happens around a render, with a stand-in renderer: metering is best-effort, renderer failures are
// generic 500s, content errors from the worker are 400s.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { sql } from "kysely";
import { createLogger } from "../src/log.js";
import type { Renderer } from "../src/render/renderer.js";
import type { RenderTask } from "../src/render/protocol.js";
import { assertProblem } from "./helpers/assert.js";
import { SMALL_TEMPLATE } from "./helpers/fixtures.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/harness.js";

const tasks: RenderTask[] = [];
let mode: "ok" | "throw" | "invalid" = "ok";
const renderer: Renderer = {
  async render(task) {
    tasks.push(task);
    if (mode === "throw") throw new Error("worker exploded: secret internals");
    if (mode === "invalid") return { ok: false, errors: { "bands[0].height": ["expected a number"] } };
    return { ok: true, pdf: new TextEncoder().encode("%PDF-1.7\n/Type /Page\n"), pages: 1, diagnostics: [] };
  },
  validate: async () => ({ ok: true }),
  close: async () => undefined,
};

let t: TestApp;
let user: TestUser;
const logs: string[] = [];
before(async () => {
  t = await startTestApp({ renderer, log: createLogger("error", (l) => logs.push(l)) });
  user = await t.signup();
});
after(() => t.close());

describe("around the render", () => {
  test("the worker gets the stored content, a cache key of id@updatedAt, the template name as title and the normalised theme", async () => {
    const tpl = (await t.call("POST", "/api/templates", { token: user.token, body: { name: "Letter", content: SMALL_TEMPLATE } })).body;
    tasks.length = 0;
    const res = await t.call("POST", `/api/templates/${tpl.id}/render`, { token: user.token, body: { data: { name: "Ada" }, theme: { primary: "#ABC", accent: "" } } });
    assert.equal(res.status, 200);
    assert.equal(tasks.length, 1);
    const task = tasks[0]!;
    assert.equal(task.cacheKey, `${tpl.id}@${tpl.updatedAt}`);
    assert.equal(task.content, SMALL_TEMPLATE);
    assert.deepEqual(task.data, { name: "Ada" });
    assert.equal(task.title, "Letter");
    assert.deepEqual(task.theme, { primary: "#aabbcc" });
    const inline = await t.call("POST", "/api/render", { token: user.token, body: { content: SMALL_TEMPLATE, data: {} } });
    assert.equal(inline.status, 200);
    assert.equal(tasks[1]!.cacheKey, null);
    assert.equal(tasks[1]!.theme, undefined);
  });

  test("a metering failure is logged and never fails the render", async () => {
    await sql`alter table render_events rename to render_events_gone`.execute(t.deps.db);
    try {
      const res = await t.call("POST", "/api/render", { token: user.token, body: { content: SMALL_TEMPLATE, data: {} } });
      assert.equal(res.status, 200);
      await t.deps.meter.flush();
      assert.ok(logs.some((l) => l.includes("metering write failed")));
    } finally {
      await sql`alter table render_events_gone rename to render_events`.execute(t.deps.db);
    }
  });

  test("a renderer failure is a generic 500 (cause logged, not shown) and is not metered", async () => {
    const before = (await t.call("GET", "/api/usage", { token: user.token })).body.renders.total as number;
    mode = "throw";
    try {
      const res = await t.call("POST", "/api/render", { token: user.token, body: { content: SMALL_TEMPLATE, data: {} } });
      assertProblem(res, 500);
      assert.equal(res.body.detail, "An unexpected error occurred.");
      assert.ok(!JSON.stringify(res.body).includes("secret internals"));
      assert.ok(logs.some((l) => l.includes("secret internals") && l.includes(res.body.traceId)));
    } finally {
      mode = "ok";
    }
    assert.equal((await t.call("GET", "/api/usage", { token: user.token })).body.renders.total, before);
  });

  test("content the worker rejects is a 400 with the model's errors, not metered", async () => {
    mode = "invalid";
    try {
      const res = await t.call("POST", "/api/render", { token: user.token, body: { content: SMALL_TEMPLATE, data: {} } });
      assertProblem(res, 400);
      assert.deepEqual(res.body.errors, { "bands[0].height": ["expected a number"] });
    } finally {
      mode = "ok";
    }
  });
});
