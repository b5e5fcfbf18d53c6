// Batch row packs (src/jobs/batch-packs.ts): the files of several rows in one blob, recorded in one transaction;
// what follows a row's recording (its email) runs only for rows recorded now, and never for a pack that failed.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { BlobStore } from "../../src/blobs/store.js";
import { FsBlobStore } from "../../src/blobs/fs-store.js";
import { insertJob, rowResults } from "../../src/db/batch.js";
import { openDatabase, type Db } from "../../src/db/database.js";
import { migrateToLatest } from "../../src/db/migrate.js";
import { decodePack, encodePack, PackReader, PackRecorder, type PendingRow } from "../../src/jobs/batch-packs.js";

let dir: string;
let db: Db;
let blobs: FsBlobStore;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), "docsvc-packs-"));
  db = openDatabase(join(dir, "test.db"));
  await migrateToLatest(db);
  blobs = new FsBlobStore(join(dir, "blobs"));
});
after(async () => {
  await db.destroy();
  await rm(dir, { recursive: true, force: true });
});

const AT = "2026-11-28T00:00:00.000Z";
async function job(id: string, total: number): Promise<void> {
  await insertJob(db, {
    id, workspace_id: "w1", template_id: "t1", template_name: "T", content: "{}", editor_mode: "report", rows: "[]", theme: null, output: "zip",
    file_name_pattern: "$index", email_column: null, source: "api", status: "processing", total, completed: 0, failed: 0, error: null,
    created_at: AT, finished_at: null, expires_at: null,
  });
}

const file = (index: number): Uint8Array => Uint8Array.from({ length: 5 + index * 3 }, (_, i) => (index * 31 + i) & 0xff);
function pending(jobId: string, idx: number, sent: number[]): PendingRow {
  const ok = idx % 5 !== 4;
  return {
    result: { job_id: jobId, idx, ok: ok ? 1 : 0, pages: ok ? 1 : 0, file_name: ok ? `r${idx}` : null, reason: ok ? null : "broken", email_note: null, diagnostics: null },
    ...(ok ? { file: file(idx) } : {}),
    recorded: () => sent.push(idx),
  };
}

describe("batch row packs", () => {
  test("a pack holds each row's file, at 8-byte boundaries, read back by row index", () => {
    const entries = [3, 0, 7, 12].map((i) => [i, file(i)] as const);
    const bytes = encodePack(entries);
    const files = decodePack(bytes);
    assert.deepEqual([...files.keys()], [3, 0, 7, 12]);
    for (const [i, f] of entries) {
      assert.deepEqual(files.get(i), f);
      assert.equal(files.get(i)!.byteOffset % 8, 0);
    }
    assert.throws(() => decodePack(new Uint8Array(16)), /Not a batch row pack/);
  });

  test("rows are recorded a pack at a time with their files; emails follow the recording, once", async () => {
    await job("p1", 10);
    const sent: number[] = [];
    const recorder = new PackRecorder(db, blobs, "p1", 4, 60_000);
    // Three rows wait; the fourth completes a pack, recorded once the flush answers.
    for (const idx of [0, 2, 1]) await recorder.add(pending("p1", idx, sent));
    assert.equal((await rowResults(db, "p1")).length, 0);
    await recorder.add(pending("p1", 3, sent));
    await recorder.flush();
    assert.deepEqual((await rowResults(db, "p1")).map((r) => r.idx), [0, 1, 2, 3]);
    assert.deepEqual(sent.sort(), [0, 1, 2, 3]);
    for (const idx of [4, 5]) await recorder.add(pending("p1", idx, sent));
    await recorder.flush();
    const rows = await rowResults(db, "p1");
    assert.deepEqual(rows.map((r) => [r.idx, r.ok, r.pack === null]), [[0, 1, false], [1, 1, false], [2, 1, false], [3, 1, false], [4, 0, true], [5, 1, false]]);
    assert.notEqual(rows[0]!.pack, rows[5]!.pack, "each pack has a name of its own");
    const reader = new PackReader(blobs, "p1", 1);
    for (const r of rows.filter((x) => x.pack !== null)) assert.deepEqual(await reader.file(r.pack!, r.idx), file(r.idx));
    const counts = await db.selectFrom("batch_jobs").select(["completed", "failed"]).where("id", "=", "p1").executeTakeFirstOrThrow();
    assert.deepEqual(counts, { completed: 5, failed: 1 });

    // A row recorded before (a retried pack) is neither recorded nor emailed again.
    sent.length = 0;
    const again = new PackRecorder(db, blobs, "p1", 4, 60_000);
    await again.add(pending("p1", 5, sent));
    await again.add(pending("p1", 6, sent));
    await again.flush();
    assert.deepEqual(sent, [6]);
    assert.deepEqual((await rowResults(db, "p1")).map((r) => r.idx), [0, 1, 2, 3, 4, 5, 6]);
  });

  test("a pack whose file cannot be written records none of its rows and emails no one; the flush says so", async () => {
    await job("p2", 4);
    const sent: number[] = [];
    const broken: BlobStore = { ...blobs, kind: "fs", put: async () => Promise.reject(new Error("disk full")), get: (k) => blobs.get(k), deletePrefix: (p) => blobs.deletePrefix(p), localFile: (k) => blobs.localFile(k), open: (k) => blobs.open(k) };
    const recorder = new PackRecorder(db, broken, "p2", 2, 60_000);
    await recorder.add(pending("p2", 0, sent));
    // The full pack is written while rendering goes on; its failure answers the next add and the flush.
    await recorder.add(pending("p2", 1, sent));
    await assert.rejects(recorder.flush(), /disk full/);
    await assert.rejects(recorder.add(pending("p2", 2, sent)), /disk full/);
    assert.deepEqual(sent, []);
    assert.deepEqual(await rowResults(db, "p2"), []);
  });
});
