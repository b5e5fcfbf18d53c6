// GET /metrics: Prometheus text that moves with renders, batches, rate limits and requests; METRICS_TOKEN.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { DEFAULT_PLANS } from "../src/services/plans.js";
import { createTemplate, PNG_1PX, TINY_TEMPLATE, waitForJob } from "./batch/helpers.js";
import { assertProblem } from "./helpers/assert.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/harness.js";

/** The value of one sample (`name{labels}` exactly as exposed), or 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

let t: TestApp;
let owner: TestUser;
let key: string;
let templateId: string;
before(async () => {
  // A tight free plan so one request in a few is refused.
  t = await startTestApp({ plans: { ...DEFAULT_PLANS, free: { renderRatePerSecond: 0.01, renderBurst: 4, aiGenerationsPerMonth: 0 } } });
  t.deps.batch.start();
  owner = await t.signup();
  key = (await t.call("POST", "/api/api-keys", { token: owner.token, body: { name: "metrics" } })).body.key as string;
  templateId = await createTemplate(t, owner.token, TINY_TEMPLATE, "Metrics");
});
after(async () => {
  await t.deps.batch.stop();
  await t.close();
});

async function scrape(app = t, headers: Record<string, string> = {}): Promise<string> {
  const res = await app.call("GET", "/metrics", { headers });
  assert.equal(res.status, 200);
  assert.match(res.headers.get("Content-Type") ?? "", /^text\/plain; version=0\.0\.4/);
  return Buffer.from(res.bytes).toString("utf8");
}

describe("GET /metrics", () => {
  test("after a few renders, a batch and a refused request, the counters have moved", async () => {
    const before = await scrape();
    const renderRoute = 'docsvc_http_requests_total{method="POST",route="/api/templates/:id/render",status="200"}';
    for (let i = 0; i < 3; i++) {
      const res = await t.call("POST", `/api/templates/${templateId}/render`, { apiKey: key, body: { data: { name: `n${i}`, logo: PNG_1PX } } });
      assert.equal(res.status, 200);
    }
    assertProblem(await t.call("GET", "/api/templates/01900000-0000-7000-8000-000000000000", { token: owner.token }), 404);
    const batch = await t.call("POST", `/api/templates/${templateId}/render-batch`, {
      apiKey: key,
      body: { rows: [{ name: "a" }, { name: "b", logo: "data:image/png;base64,AAAA" }], output: "zip", fileNamePattern: null, emailColumn: null },
    });
    await waitForJob(t, owner.token, templateId, batch.body.jobId as string);
    // The workspace moves to the tight free plan: its bucket (4) is spent within a few requests.
    await t.deps.db.updateTable("workspaces").set({ plan: "free" }).where("id", "=", owner.workspaceId).execute();
    let refused = 0;
    for (let i = 0; i < 6; i++) {
      const res = await t.call("POST", `/api/templates/${templateId}/render`, { apiKey: key, body: { data: { name: "x" } } });
      if (res.status === 429) refused += 1;
    }
    assert.ok(refused > 0);
    await t.deps.meter.flush();
    const after = await scrape();

    assert.equal(sample(after, renderRoute) - sample(before, renderRoute), 3 + (6 - refused));
    assert.equal(sample(after, 'docsvc_http_requests_total{method="GET",route="/api/templates/:id",status="404"}') - sample(before, 'docsvc_http_requests_total{method="GET",route="/api/templates/:id",status="404"}'), 1);
    assert.equal(sample(after, 'docsvc_http_requests_total{method="POST",route="/api/templates/:id/render",status="429"}'), refused);
    // Route patterns, never raw paths: no id appears in any label.
    assert.doesNotMatch(after, /route="[^"]*[0-9a-f]{8}-[0-9a-f]{4}-/);
    // Three single renders, one batch row and the renders after the plan change, all from the API lane.
    const renders = sample(after, 'docsvc_render_duration_seconds_count{source="api"}') - sample(before, 'docsvc_render_duration_seconds_count{source="api"}');
    assert.equal(renders, 3 + 1 + (6 - refused));
    assert.ok(sample(after, 'docsvc_render_duration_seconds_sum{source="api"}') > 0);
    assert.equal(sample(after, 'docsvc_batch_rows_total{outcome="ok"}'), 1);
    assert.equal(sample(after, 'docsvc_batch_rows_total{outcome="failed"}'), 1);
    assert.equal(sample(after, 'docsvc_rate_limit_rejections_total{limit="render"}'), refused);
    for (const series of ["docsvc_render_queue_depth", "docsvc_render_worker_restarts_total", "docsvc_render_timeouts_total", "docsvc_hub_connections", "docsvc_hub_updates_total"]) {
      assert.match(after, new RegExp(`^${series} \\d+$`, "m"), series);
    }
    assert.match(after, /^# HELP docsvc_ai_calls_total /m);
    assert.match(after, /^process_resident_memory_bytes \d+/m);
  });

  test("the AI counter and the render pool's figures are what their sources say", async () => {
    const pooled = await startTestApp({
      renderer: {
        render: () => Promise.reject(new Error("not used")),
        validate: async () => ({ ok: true }),
        stats: () => ({
          threads: 2,
          queued: { interactive: 3, batch: 2 },
          running: 2,
          starting: 0,
          spare: true,
          workerRestarts: 2,
          timeouts: 1,
          memoryKills: 0,
          aborted: 0,
          rejected: 0,
        }),
        close: async () => undefined,
      },
    });
    try {
      pooled.deps.metrics.aiCalls.inc({ operation: "generate-template", outcome: "ok" });
      const text = await scrape(pooled);
      assert.equal(sample(text, "docsvc_render_queue_depth"), 5);
      assert.equal(sample(text, "docsvc_render_worker_restarts_total"), 2);
      assert.equal(sample(text, "docsvc_render_timeouts_total"), 1);
      assert.equal(sample(text, 'docsvc_ai_calls_total{operation="generate-template",outcome="ok"}'), 1);
    } finally {
      await pooled.close();
    }
  });

  test("METRICS_TOKEN: 401 without the bearer token or with a wrong one", async () => {
    const guarded = await startTestApp({ config: { metricsToken: "s3cret-metrics-token" } });
    try {
      const none = await guarded.call("GET", "/metrics");
      assertProblem(none, 401);
      assert.match(none.headers.get("WWW-Authenticate") ?? "", /^Bearer/);
      assertProblem(await guarded.call("GET", "/metrics", { headers: { Authorization: "Bearer wrong" } }), 401);
      assert.match(await scrape(guarded, { Authorization: "Bearer s3cret-metrics-token" }), /docsvc_http_requests_total\{method="GET",route="\/metrics",status="401"\} 2/);
    } finally {
      await guarded.close();
    }
  });
});
