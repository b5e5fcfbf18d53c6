// Batch downloads stream from the blob store: a 2,000-row merged PDF is downloaded while the test process (the
// server is in-process) samples its external memory after forced collections, which must stay far below the
// file's size; and byte ranges (first bytes, a suffix, an open end, past the end, If-Range) answer per RFC 9110.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { after, before, describe, test } from "node:test";
import JSZip from "jszip";
import { PDFDocument } from "pdf-lib";
import { createRenderer } from "../../src/render/renderer.js";
import { startTestApp, type TestApp, type TestUser } from "../helpers/harness.js";
import { createTemplate, waitForJob } from "../batch/helpers.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

let t: TestApp;
let owner: TestUser;
before(async () => {
  t = await startTestApp({ renderer: createRenderer({ threads: 2 }) });
  t.deps.batch.start();
  owner = await t.signup();
});
after(async () => {
  await t.deps.batch.stop();
  await t.close();
});

// A page (or two) per row with a paragraph of incompressible text, so the merged PDF of 2,000 rows is several megabytes.
const PARAGRAPH = JSON.stringify({
  version: 4,
  pageSize: { id: "custom", width: 300, height: 300 },
  bands: [{ id: "rh", kind: "report-header", height: 280, elements: [{ id: "t", type: "text", x: 0, y: 0, width: 280, height: 270, fontSize: 6, text: "{{n}} {{noise}}" }] }],
  schema: [{ key: "n", type: "string" }, { key: "noise", type: "string" }],
});

/**
 * Makes the request and reads its body piece by piece, collecting garbage every few pieces; answers the response,
 * the bytes and the peak rise of external memory over what it was before the request (less the test's copies).
 */
async function drain(request: () => Response | Promise<Response>): Promise<{ res: Response; bytes: Uint8Array; peakRise: number; pieces: number }> {
  gc();
  const baseline = process.memoryUsage().arrayBuffers;
  const res = await request();
  const reader = res.body!.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  let pieces = 0;
  let peak = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    // The test keeps what it read (to check it): its copies are subtracted from the measure below.
    parts.push(value.slice());
    total += value.byteLength;
    pieces += 1;
    if (pieces % 4 === 1) {
      gc();
      // What the test itself holds (the pieces copied so far) is subtracted: the rest is the server's.
      peak = Math.max(peak, process.memoryUsage().arrayBuffers - baseline - total);
    }
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.byteLength;
  }
  return { res, bytes, peakRise: peak, pieces };
}

describe("batch downloads stream", () => {
  let templateId: string;
  let jobId: string;

  test("a 2,000-row merged PDF downloads with flat memory, whole and correct", { timeout: 600_000 }, async (ctx) => {
    templateId = await createTemplate(t, owner.token, PARAGRAPH, "Streamed");
    const rows = Array.from({ length: 2000 }, (_, i) => ({ n: `row-${i + 1}`, noise: randomBytes(2000).toString("base64") }));
    const res = await t.call("POST", `/api/templates/${templateId}/render-batch`, { token: owner.token, body: { rows, output: "merged" } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    jobId = res.body.jobId as string;
    const job = await waitForJob(t, owner.token, templateId, jobId, 540_000);
    assert.deepEqual([job.status, job.completed], ["completed", 2000]);

    const { res: download, bytes, peakRise, pieces } = await drain(() =>
      t.app.request(`/api/templates/${templateId}/render-batch/jobs/${jobId}/result`, { headers: { Authorization: `Bearer ${owner.token}` } }),
    );
    assert.equal(download.status, 200);
    assert.equal(download.headers.get("Accept-Ranges"), "bytes");
    const size = Number(download.headers.get("Content-Length"));
    // Large enough that holding it whole would show: several megabytes.
    assert.ok(size > 4 * 1024 * 1024, `merged PDF is ${size} bytes`);
    assert.equal(bytes.byteLength, size);
    assert.ok(pieces >= 8, `the body came in ${pieces} pieces`);
    ctx.diagnostic(`streamed ${size} bytes in ${pieces} pieces; external memory peaked ${peakRise} bytes above its start`);
    // A buffered download holds the whole file while it is sent; a streamed one a few pieces (256 KiB each).
    assert.ok(peakRise < size / 4, `server-side external memory rose by ${peakRise} bytes while streaming ${size}`);
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    // Every row is there (a row's paragraph may take a second page).
    assert.ok(pdf.getPageCount() >= 2000, `${pdf.getPageCount()} pages`);
  });

  test("a 2,000-row ZIP downloads with flat memory too, every PDF in it", { timeout: 600_000 }, async (ctx) => {
    const rows = Array.from({ length: 2000 }, (_, i) => ({ n: `row-${i + 1}`, noise: randomBytes(2000).toString("base64") }));
    const res = await t.call("POST", `/api/templates/${templateId}/render-batch`, { token: owner.token, body: { rows, output: "zip", fileNamePattern: "{{n}}" } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const job = await waitForJob(t, owner.token, templateId, res.body.jobId as string, 540_000);
    assert.deepEqual([job.status, job.completed], ["completed", 2000]);
    const { res: download, bytes, peakRise, pieces } = await drain(() =>
      t.app.request(`/api/templates/${templateId}/render-batch/jobs/${res.body.jobId}/result`, { headers: { Authorization: `Bearer ${owner.token}` } }),
    );
    assert.equal(download.status, 200);
    const size = Number(download.headers.get("Content-Length"));
    ctx.diagnostic(`streamed ${size} bytes in ${pieces} pieces; external memory peaked ${peakRise} bytes above its start`);
    assert.ok(size > 4 * 1024 * 1024, `ZIP is ${size} bytes`);
    assert.equal(bytes.byteLength, size);
    assert.ok(peakRise < size / 4, `server-side external memory rose by ${peakRise} bytes while streaming ${size}`);
    const zip = await JSZip.loadAsync(bytes);
    assert.equal(Object.keys(zip.files).length, 2001);
    const last = await zip.file("row-2000.pdf")!.async("uint8array");
    assert.ok((await PDFDocument.load(last)).getPageCount() >= 1);
  });

  test("ranges: first bytes, a suffix, an open end, past the end (416), If-Range", async () => {
    assert.ok(jobId, "needs the job of the first test");
    const url = `/api/templates/${templateId}/render-batch/jobs/${jobId}/result`;
    const get = (headers: Record<string, string>) => t.call("GET", url, { token: owner.token, headers });
    const whole = await get({});
    const size = whole.bytes.byteLength;
    const etag = whole.headers.get("ETag")!;
    assert.match(etag, /^"[^"]+"$/);

    const first = await get({ Range: "bytes=0-7" });
    assert.equal(first.status, 206);
    assert.equal(first.headers.get("Content-Range"), `bytes 0-7/${size}`);
    assert.equal(first.headers.get("Content-Length"), "8");
    assert.equal(Buffer.from(first.bytes).toString("latin1").slice(0, 5), "%PDF-");
    assert.deepEqual(first.bytes, whole.bytes.subarray(0, 8));

    const suffix = await get({ Range: "bytes=-1000" });
    assert.equal(suffix.status, 206);
    assert.equal(suffix.headers.get("Content-Range"), `bytes ${size - 1000}-${size - 1}/${size}`);
    assert.deepEqual(suffix.bytes, whole.bytes.subarray(size - 1000));
    assert.match(Buffer.from(suffix.bytes).toString("latin1"), /%%EOF\s*$/);

    // Across piece boundaries (256 KiB) and to the end.
    const open = await get({ Range: `bytes=${300_000}-` });
    assert.equal(open.status, 206);
    assert.deepEqual(open.bytes, whole.bytes.subarray(300_000));

    const middle = await get({ Range: "bytes=262000-262200" });
    assert.deepEqual(middle.bytes, whole.bytes.subarray(262000, 262201));

    const past = await get({ Range: `bytes=${size}-` });
    assert.equal(past.status, 416);
    assert.equal(past.headers.get("Content-Range"), `bytes */${size}`);

    const sameFile = await get({ Range: "bytes=0-3", "If-Range": etag });
    assert.equal(sameFile.status, 206);
    const otherFile = await get({ Range: "bytes=0-3", "If-Range": '"something-else"' });
    assert.equal(otherFile.status, 200);
    assert.equal(otherFile.bytes.byteLength, size);

    // Several ranges are answered with the whole file (allowed; a 200 is always correct).
    const several = await get({ Range: "bytes=0-1,5-6" });
    assert.equal(several.status, 200);
    assert.equal(several.bytes.byteLength, size);
  });
});
