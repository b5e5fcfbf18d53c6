// Issue #28's measure: a 2,000-row merged batch assembled, stored and downloaded with the server's memory flat in
// the size of the PDF. The server is in-process. From the moment every row is rendered (the job still processing:
// the merged PDF is being assembled) until its download has been read, the main thread's memory (V8 heap plus
// array buffers, sampled after a forced collection every 20 ms) must rise by far less than the PDF's size; the process's RSS
// (every thread, the render workers' heaps included) is reported beside it. Rendering the rows grows the heaps by
// itself, whatever becomes of the PDF: that phase is the rows', not the output's. Before, the merged PDF was held whole in the worker (its pieces plus the joined copy), moved to the
// main thread and written with one put: twice the PDF's size at least. Now the worker writes it to a file as it
// paints, the database blob store takes the file a chunk at a time, and the download reads a chunk at a time.
import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { after, before, test } from "node:test";
import { PDFDocument } from "pdf-lib";
import { createRenderer } from "../../src/render/renderer.js";
import { startTestApp, type TestApp, type TestUser } from "../helpers/harness.js";
import { createTemplate, waitForJob } from "../batch/helpers.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

let t: TestApp;
let owner: TestUser;
before(async () => {
  // The database blob store: the merged PDF goes into chunk rows and comes back out of them.
  t = await startTestApp({ renderer: createRenderer({ threads: 2 }), config: { blobStore: { kind: "database" } } });
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

test("a 2,000-row merged batch: assembled, stored and downloaded with RSS rising by far less than the PDF", { timeout: 1_200_000 }, async (ctx) => {
  const templateId = await createTemplate(t, owner.token, NOISE, "Noise");
  // A first, smaller merged job warms the workers (fonts loaded, heaps grown) so the measure is the big job's.
  await download(templateId, await mergedJob(templateId, 200));
  const jobId = await untilAssembling(templateId, 2000);
  gc();
  const used = (): number => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const baseline = process.memoryUsage().rss;
  const usedBaseline = used();
  let peak = baseline;
  let usedPeak = usedBaseline;
  // Each sample collects garbage first: what is measured is what is held (a piece read and dropped is not).
  const sample = (): void => {
    peak = Math.max(peak, process.memoryUsage().rss);
    gc();
    usedPeak = Math.max(usedPeak, used());
  };
  const sampler = setInterval(sample, 20);
  let pdf: Awaited<ReturnType<typeof download>>;
  try {
    const job = await waitForJob(t, owner.token, templateId, jobId, 900_000);
    assert.deepEqual([job.status, job.completed], ["completed", 2000]);
    pdf = await download(templateId, jobId);
    sample();
    clearInterval(sampler);
    const rise = peak - baseline;
    const usedRise = usedPeak - usedBaseline;
    ctx.diagnostic(`merged PDF ${(pdf.size / 1e6).toFixed(1)} MB; main thread heap + buffers rose ${(usedRise / 1e6).toFixed(1)} MB; RSS ${(baseline / 1e6).toFixed(0)} MB before, peak ${(peak / 1e6).toFixed(0)} MB (rise ${(rise / 1e6).toFixed(1)} MB, all threads)`);
    assert.ok(pdf.size > 24 * 1024 * 1024, `the merged PDF (${pdf.size} bytes) is large enough for a whole copy to show`);
    // Before, the whole PDF arrived on this thread (moved from the worker) and was put into the store in one piece.
    assert.ok(usedRise < pdf.size / 3, `the main thread's memory rose by ${usedRise} bytes for a PDF of ${pdf.size}`);
    assert.equal(pdf.head.slice(0, 5), "%PDF-");
    assert.match(pdf.tail, /%%EOF\s*$/);
    // The file itself, read once more (outside the measure) and parsed: every row is a page.
    const again = await t.call("GET", `/api/templates/${templateId}/render-batch/jobs/${jobId}/result`, { token: owner.token });
    assert.equal(createHash("sha256").update(again.bytes).digest("hex"), pdf.sha256);
    const doc = await PDFDocument.load(again.bytes, { updateMetadata: false });
    assert.equal(doc.getPageCount(), 2000);
  } finally {
    clearInterval(sampler);
  }
});
