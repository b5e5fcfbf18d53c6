// Issue #28's measure: a 2,000-row merged batch assembled, stored and downloaded; the server's memory is measured
// and reported (flat memory is not yet shown: see the note at the assertions). The server is in-process. From
// the moment every row is rendered (the job still processing:
// the merged PDF is being assembled) until its download has been read, the main thread's memory (V8 heap plus
// array buffers, sampled after a forced collection every 200 ms) is measured for a 500-row and a 2,000-row job: the
// difference must be far less than the difference of their PDFs (what it holds, the rows being read for the
// painter, does not grow with the output); the process's RSS (every thread) is reported beside it. Rendering the
// rows grows the heaps by itself, whatever becomes of the PDF: that phase is the rows', not the output's. Before, the merged PDF was held whole in the worker (its pieces plus the joined copy), moved to the
// main thread and written with one put: twice the PDF's size at least. Now the worker writes it to a file as it
// paints, the database blob store takes the file a chunk at a time, and the download reads a chunk at a time.
import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { after, before, test } from "node:test";
import { PDFDocument } from "pdf-lib";
import { createRenderer, type Renderer } from "../../src/render/renderer.js";
import { startTestApp, type TestApp, type TestUser } from "../helpers/harness.js";
import { createTemplate, waitForJob } from "../batch/helpers.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

let t: TestApp;
let owner: TestUser;
const merges: { file: string | undefined; pdf: number }[] = [];
before(async () => {
  // The database blob store: the merged PDF goes into chunk rows and comes back out of them.
  const pool = createRenderer({ threads: 2 });
  // Every merge's answer, as the batch runner got it (the PDF's bytes, or the file the worker wrote).
  const renderer: Renderer = { ...pool, mergeRows: async (task, read, options) => {
    const result = await pool.mergeRows!(task, read, options);
    if (result.ok) merges.push({ file: result.file, pdf: result.pdf.byteLength });
    return result;
  } };
  t = await startTestApp({ renderer, config: { blobStore: { kind: "database" } } });
  t.deps.batch.start();
  owner = await t.signup();
});
after(async () => {
  await t.deps.batch.stop();
  await t.close();
});

// A page per row, filled with incompressible text at a small size: some 20 KB of PDF a row.
const NOISE = JSON.stringify({
  version: 4,
  pageSize: { id: "custom", width: 600, height: 800 },
  bands: [{ id: "rh", kind: "report-header", height: 780, elements: [{ id: "t", type: "text", x: 0, y: 0, width: 590, height: 770, fontSize: 5, text: "{{n}} {{noise}}" }] }],
  schema: [{ key: "n", type: "string" }, { key: "noise", type: "string" }],
});

const rowsOf = (count: number) => Array.from({ length: count }, (_, i) => ({ n: `row-${i + 1}`, noise: randomBytes(7000).toString("base64") }));

async function mergedJob(templateId: string, count: number): Promise<string> {
  const res = await t.call("POST", `/api/templates/${templateId}/render-batch`, { token: owner.token, body: { rows: rowsOf(count), output: "merged" } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const job = await waitForJob(t, owner.token, templateId, res.body.jobId as string, 900_000);
  assert.deepEqual([job.status, job.completed], ["completed", count]);
  return res.body.jobId as string;
}

/** Submits a merged job and waits until every row is rendered and the job is still assembling its PDF. */
async function untilAssembling(templateId: string, count: number): Promise<string> {
  const res = await t.call("POST", `/api/templates/${templateId}/render-batch`, { token: owner.token, body: { rows: rowsOf(count), output: "merged" } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const jobId = res.body.jobId as string;
  for (const until = Date.now() + 900_000; Date.now() < until; ) {
    const job = await t.call("GET", `/api/templates/${templateId}/render-batch/jobs/${jobId}`, { token: owner.token });
    assert.notEqual(job.body.status, "completed", "the job finished before its assembly was seen: nothing would be measured");
    assert.notEqual(job.body.status, "failed", JSON.stringify(job.body));
    if (job.body.completed === count) return jobId;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("the rows were not rendered in time");
}

/** Reads a download piece by piece, keeping only its size and a hash (the test must not hold the file either). */
async function download(templateId: string, jobId: string): Promise<{ size: number; sha256: string; head: string; tail: string }> {
  const res = await t.app.request(`/api/templates/${templateId}/render-batch/jobs/${jobId}/result`, { headers: { Authorization: `Bearer ${owner.token}` } });
  assert.equal(res.status, 200);
  const hash = createHash("sha256");
  let size = 0;
  let head = "";
  let tail = "";
  for await (const piece of res.body as unknown as AsyncIterable<Uint8Array>) {
    hash.update(piece);
    if (size === 0) head = Buffer.from(piece.subarray(0, 8)).toString("latin1");
    size += piece.byteLength;
    tail = (tail + Buffer.from(piece.subarray(-64)).toString("latin1")).slice(-64);
  }
  assert.equal(size, Number(res.headers.get("Content-Length")));
  return { size, sha256: hash.digest("hex"), head, tail };
}

/** Submits a merged job of `count` rows and measures from its assembly to the end of its download. */
async function measured(templateId: string, count: number): Promise<{ size: number; rise: number; bytesRise: number; rssRise: number; jobId: string }> {
  const jobId = await untilAssembling(templateId, count);
  const used = (): number => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  gc();
  const baseline = used();
  const bytesBaseline = process.memoryUsage().arrayBuffers;
  const rssBaseline = process.memoryUsage().rss;
  let peak = baseline;
  let bytesPeak = bytesBaseline;
  let rssPeak = rssBaseline;
  // Each sample collects garbage first: what is measured is what is held (a piece read and dropped is not).
  const sample = (): void => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    gc();
    peak = Math.max(peak, used());
    bytesPeak = Math.max(bytesPeak, process.memoryUsage().arrayBuffers);
  };
  const sampler = setInterval(sample, 200);
  try {
    const job = await waitForJob(t, owner.token, templateId, jobId, 900_000);
    assert.deepEqual([job.status, job.completed], ["completed", count]);
    const pdf = await download(templateId, jobId);
    sample();
    assert.equal(pdf.head.slice(0, 5), "%PDF-");
    assert.match(pdf.tail, /%%EOF\s*$/);
    return { size: pdf.size, rise: peak - baseline, bytesRise: bytesPeak - bytesBaseline, rssRise: rssPeak - rssBaseline, jobId };
  } finally {
    clearInterval(sampler);
  }
}

test("merged batches of 500 and 2,000 rows: the worker writes the PDF to a file, the store and the download stream it (memory reported)", { timeout: 1_800_000 }, async (ctx) => {
  const templateId = await createTemplate(t, owner.token, NOISE, "Noise");
  // A first, small merged job warms the workers (fonts loaded, heaps grown).
  await download(templateId, await mergedJob(templateId, 100));
  const small = await measured(templateId, 500);
  const big = await measured(templateId, 2000);
  const mb = (n: number) => (n / 1e6).toFixed(1);
  ctx.diagnostic(`500 rows: PDF ${mb(small.size)} MB, main thread +${mb(small.rise)} MB, RSS +${mb(small.rssRise)} MB`);
  ctx.diagnostic(`2,000 rows: PDF ${mb(big.size)} MB, main thread +${mb(big.rise)} MB, RSS +${mb(big.rssRise)} MB`);
  // Every merge went through a file: the worker answered no bytes.
  assert.ok(merges.length >= 3 && merges.every((m) => m.file !== undefined && m.pdf === 0), JSON.stringify(merges));
  assert.ok(big.size > 24 * 1024 * 1024, `the merged PDF (${big.size} bytes) is large enough for a whole copy to show`);
  // The main thread's memory is reported, not asserted. Across four runs on a 2-core machine its array buffers
  // rose 20–60 MB for the 500-row job as for the 2,000-row one (8 and 31 MB of PDF): not proportional to the PDF,
  // but noise as large as the PDF (the row-layout cache, the merge helper's pages in flight, chunk buffers), so no
  // bound yet separates "flat" from "a copy" reliably. That is the open part of issue #28 here.
  ctx.diagnostic(`array buffers: 500 rows +${mb(small.bytesRise)} MB, 2,000 rows +${mb(big.bytesRise)} MB`);
  // The 2,000-row file itself, read once more outside the measure and parsed: every row is a page.
  const again = await t.call("GET", `/api/templates/${templateId}/render-batch/jobs/${big.jobId}/result`, { token: owner.token });
  const doc = await PDFDocument.load(again.bytes, { updateMetadata: false });
  assert.equal(doc.getPageCount(), 2000);
});
