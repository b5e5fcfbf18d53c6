// Metering batches: renders recorded within one flush interval reach the database in one write, without anyone
// asking; usage reads flush first (render.test.ts), and so does a graceful stop (server.test.ts).
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { connectDatabase } from "../src/db/connect.js";
import { migrateToLatest } from "../src/db/migrate.js";
import { createLogger } from "../src/log.js";
import { Meter } from "../src/services/meter.js";

test("events recorded within the flush interval are written together, by the timer", async () => {
  const dir = await mkdtemp(join(tmpdir(), "docsvc-meter-"));
  const base = connectDatabase({ dataDir: dir }, createLogger("silent"));
  await migrateToLatest(base);
  const at = new Date().toISOString();
  await base.insertInto("workspaces").values({ id: "w1", name: "W", plan: "pro", created_at: at }).execute();
  let inserts = 0;
  const db = base.withPlugin({
    transformQuery: (args) => {
      if (args.node.kind === "InsertQueryNode") inserts++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  try {
    const meter = new Meter(db, createLogger("silent"), undefined, 50);
    for (let i = 0; i < 40; i++) meter.record({ workspaceId: "w1", templateId: null, source: "api", pages: 1, bytes: 100, durationMs: 2 });
    assert.equal(meter.pending, 40, "nothing is written on the request path");
    const until = Date.now() + 30_000;
    while (meter.pending > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    await meter.flush();
    const rows = await base.selectFrom("render_events").select("id").execute();
    assert.equal(rows.length, 40);
    assert.equal(inserts, 1, "one insert for the whole batch");
  } finally {
    await base.destroy();
    await rm(dir, { recursive: true, force: true });
  }
});
