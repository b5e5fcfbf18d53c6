// Issue #28 item 4: base-PDF uploads are streamed, not buffered. A PDF near BASE_PDF_MAX_BYTES is uploaded with the
// main thread's memory (V8 heap plus array buffers, sampled after a forced collection every 50 ms) growing far
// less than the file: the body goes to a temporary file as it arrives, the inspection thread reads that file, and
// the database blob store takes it in chunk rows. Before, Hono's parseBody held the whole body as a File and the
// handler copied it into one more buffer (twice the file at least). An upload past the cap answers 413 before the
// body has been read to its end, and nothing is left in the store nor in the temporary folder.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { startTestApp, type TestApp, type TestUser } from "../helpers/harness.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const CAP = 20 * 1024 * 1024;
let t: TestApp;
let owner: TestUser;
let work: string;
before(async () => {
  // The database blob store: the uploaded file goes into chunk rows, read from the temporary file a chunk at a time.
  t = await startTestApp({ config: { blobStore: { kind: "database" } } });
  owner = await t.signup();
  work = await mkdtemp(join(tmpdir(), "base-pdf-streamed-test-"));
});
after(async () => {
  await t.close();
  await rm(work, { recursive: true, force: true });
});

async function createTemplate(): Promise<string> {
  const content = JSON.stringify({ version: 4, pageSize: { id: "a4" }, bands: [], schema: [] });
  const res = await t.call("POST", "/api/templates", { token: owner.token, body: { name: "Letterhead", content } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.id as string;
}

/** A one-page PDF of about `bytes` bytes: a page with a marker, plus an incompressible stream no page draws. */
async function bigPdf(bytes: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595.28, 841.89]).drawText("STREAMED BASE", { x: 40, y: 780, size: 20, font });
  doc.context.register(doc.context.stream(randomBytes(bytes)));
  return doc.save({ useObjectStreams: false });
}

const BOUNDARY = "----docsvc-streamed-upload";
const head = (name: string) => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`);
const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

/** Uploads a multipart body whose file part comes from `pieces`, pulled one at a time (no Content-Length). */
async function upload(templateId: string, pieces: AsyncIterable<Uint8Array>): Promise<{ status: number; body: Record<string, any> }> {
  const iterator = pieces[Symbol.asyncIterator]();
  let started = false;
  let ended = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        return controller.enqueue(head("big.pdf"));
      }
      const next = await iterator.next();
      if (!next.done) return controller.enqueue(next.value);
      if (!ended) {
        ended = true;
        controller.enqueue(tail);
      }
      controller.close();
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  const res = await t.app.request(`/api/templates/${templateId}/base-pdf`, {
    method: "POST",
    headers: { Authorization: `Bearer ${owner.token}`, "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
    body,
    duplex: "half",
  } as RequestInit);
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const storedKeys = async (templateId: string): Promise<string[]> => {
  const rows = await t.deps.db.selectFrom("blobs").select("key").where("key", "like", `base-pdfs/${templateId}/%`).execute();
  const chunks = await t.deps.db.selectFrom("blob_chunks").select("key").where("key", "like", `base-pdfs/${templateId}/%`).execute();
  return [...rows, ...chunks].map((r) => r.key);
};
const leftoverTemps = async (): Promise<string[]> => (await readdir(tmpdir())).filter((n) => n.startsWith("docsvc-base-pdf-"));

test("a base PDF near the 20 MB cap is uploaded with the main thread's memory growing far less than the file", { timeout: 60_000 }, async (ctx) => {
  const templateId = await createTemplate();
  // Written to disk and dropped: the test must not hold the file in the memory it measures.
  const file = join(work, "big.pdf");
  await writeFile(file, await bigPdf(CAP - 512 * 1024));
  const { size } = await stat(file);
  assert.ok(size > CAP - 600 * 1024 && size <= CAP, `the PDF is near the cap: ${size}`);
  // A small upload first warms the paths (the inspection thread's module, the parser, the database).
  const warm = join(work, "warm.pdf");
  await writeFile(warm, await bigPdf(1024));
  assert.equal((await upload(templateId, createReadStream(warm))).status, 200);

  const used = (): number => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  gc();
  const baseline = used();
  const rssBaseline = process.memoryUsage().rss;
  let peak = baseline;
  let rssPeak = rssBaseline;
  const sample = (): void => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    gc();
    peak = Math.max(peak, used());
  };
  const sampler = setInterval(sample, 50);
  let res: Awaited<ReturnType<typeof upload>>;
  try {
    res = await upload(templateId, createReadStream(file, { highWaterMark: 64 * 1024 }));
    sample();
  } finally {
    clearInterval(sampler);
  }
  const mb = (n: number) => (n / 1e6).toFixed(1);
  ctx.diagnostic(`PDF ${mb(size)} MB: main thread +${mb(peak - baseline)} MB, RSS +${mb(rssPeak - rssBaseline)} MB`);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.bytes, size);
  assert.equal(res.body.pageCount, 1);
  // A single whole copy of the file on this thread would show as +20 MB (the old path: +47 MB); what is held is
  // pieces in flight, 0–5 MB on a quiet machine and up to about 10 MB seen under a loaded CI run, when the
  // sampler's forced collections land while the database and the temporary file lag behind the body.
  assert.ok(peak - baseline < size * 0.6, `main thread: +${peak - baseline} bytes for a ${size}-byte upload`);

  // The stored original is the file, byte for byte (read back a piece at a time), in chunk rows.
  const keys = await storedKeys(templateId);
  const original = keys.find((k) => k.endsWith("/original.pdf"));
  assert.ok(original !== undefined, JSON.stringify(keys));
  const reader = await t.deps.blobs.open(original);
  assert.equal(reader?.size, size);
  const expected = createReadStream(file);
  let at = 0;
  const want = Buffer.concat(await expected.toArray());
  for await (const piece of reader!.stream(0, size - 1) as unknown as AsyncIterable<Uint8Array>) {
    assert.ok(want.subarray(at, at + piece.byteLength).equals(piece), `the stored bytes differ at ${at}`);
    at += piece.byteLength;
  }
  assert.equal(at, size);
  assert.ok(keys.some((k) => k.endsWith("/page-0.png")), JSON.stringify(keys));
  assert.deepEqual(await leftoverTemps(), []);
});

test("an upload past the cap answers 413 mid-stream: the rest of the body is not read, nothing is stored", { timeout: 60_000 }, async () => {
  const templateId = await createTemplate();
  const PIECE = 256 * 1024;
  const total = CAP + 8 * 1024 * 1024;
  let sent = 0;
  async function* pieces(): AsyncGenerator<Uint8Array> {
    yield Buffer.from("%PDF-1.7\n");
    while (sent < total) {
      sent += PIECE;
      yield randomBytes(PIECE);
    }
  }
  const res = await upload(templateId, pieces());
  assert.equal(res.status, 413, JSON.stringify(res.body));
  assert.match(res.body.detail as string, /limit of 20971520 bytes/);
  // Stopped within a few pieces of the cap, not after the whole 28 MB body.
  assert.ok(sent < CAP + 2 * 1024 * 1024, `the server read ${sent} bytes of a ${total}-byte body`);
  assert.deepEqual(await storedKeys(templateId), []);
  assert.deepEqual(await leftoverTemps(), []);
  const view = await t.call("GET", `/api/templates/${templateId}/base-pdf`, { token: owner.token });
  assert.equal(view.status, 404);
});

test("the envelope is checked: not multipart, no 'file' field, a declared length past the cap", { timeout: 30_000 }, async () => {
  const templateId = await createTemplate();
  const post = (init: RequestInit) => t.app.request(`/api/templates/${templateId}/base-pdf`, { method: "POST", ...init, headers: { Authorization: `Bearer ${owner.token}`, ...(init.headers as Record<string, string>) } });
  const raw = await post({ headers: { "Content-Type": "application/pdf" }, body: "%PDF-1.7\n" });
  assert.equal(raw.status, 400);
  assert.match(((await raw.json()) as { detail: string }).detail, /multipart\/form-data/);
  const form = new FormData();
  form.set("other", new Blob(["%PDF-1.7\n"]), "a.pdf");
  form.set("note", "hello");
  const missing = await post({ body: form });
  assert.equal(missing.status, 400);
  assert.match(JSON.stringify(await missing.json()), /file is required/);
  // Refused on the header alone: the body (never sent here) is not waited for.
  const declared = await post({ headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`, "Content-Length": String(CAP + 1024 * 1024) }, body: new ReadableStream({ pull() {} }), duplex: "half" } as RequestInit);
  assert.equal(declared.status, 413);
  assert.deepEqual(await storedKeys(templateId), []);
  assert.deepEqual(await leftoverTemps(), []);
});
