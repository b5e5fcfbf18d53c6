// A render worker thread: parses templates (cached per template version) and calls renderPdf.
// Everything CPU-heavy happens here so the main thread's event loop keeps serving requests.
import { compileHtml, EinvoiceError, HtmlLimitError, importHtml as importHtmlDocument, LayoutLimitError, parseDocument, type CompiledHtml, type Diagnostic, type EinvoiceRequest, type LayoutLimits, type Stamp, type TemplateDocument } from "@docsvc/layout";
import type { PdfStandard, ProtectOptions } from "@docsvc/pdf";
import { readFile } from "node:fs/promises";
import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import { fileOutput } from "./file-output.js";
import { countPdfPages } from "./pages.js";
import type {
  BaseRef, ContentErrors, FirstPageRaster, ImportHtmlTask, ImportHtmlTaskResult, JobKind, MergeRowsHelpTask, MergeRowsTask, MergeTask,
  MergeTaskResult, RenderTask, RenderTaskResult, RowReply, RowRequest, ValidateTaskResult, WorkerJob, WorkerReply,
  ReadCertificateResult, ReadCertificateTask, SignTask, SignTaskResult,
} from "./protocol.js";

// Stored templates by id@updatedAt: a new save has a new key, so entries never go stale, only unused. An HTML
// template is kept parsed, sanitised and with its style sheets read (compileHtml), so a render only applies data.
const parsed = new Map<string, TemplateDocument | CompiledHtml>();
const CACHE_LIMIT = 200;

// Imported dynamically so that a worker whose PDF backend fails to load still validates templates.
const pdfModule = import("@docsvc/pdf");
/** RENDER_MAX_PAGES, RENDER_MAX_INSTANCES and IMAGE_MAX_PIXELS, as the pool handed them over (absent: the layout's own caps). */
const layoutLimits = (workerData as { layoutLimits?: LayoutLimits } | null)?.layoutLimits;

// Load the designer fonts and render one small page while the thread starts, not during its first request: a
// fresh worker (the pool's spare, a replacement) then answers its first job as fast as any other.
const WARM_UP = JSON.stringify({
  version: 4,
  pageSize: { id: "a4" },
  schema: [],
  bands: [{ id: "w", kind: "detail", height: 20, elements: [{ id: "t", type: "text", x: 0, y: 0, width: 200, height: 14, text: "{{word}} 1" }] }],
});
try {
  const pdf = await pdfModule;
  await pdf.loadDesignerFonts();
  const warm = parseDocument(WARM_UP);
  if (warm.ok) await pdf.renderPdf(warm.document, { word: "warm" }, {});
} catch {
  // Reported by the first render that needs them; the worker itself must still come up.
}

// Base PDFs by hash: the bytes and rasters are read from DATA_DIR once per worker (the PDF package caches the
// parsed document per bytes).
const bases = new Map<string, Promise<{ basePdf: Uint8Array; basePdfRasters: (Uint8Array | undefined)[] }>>();
const BASE_CACHE_LIMIT = 8;

function baseOptions(ref: BaseRef | undefined): Promise<{ basePdf?: Uint8Array; basePdfRasters?: (Uint8Array | undefined)[] }> {
  if (ref === undefined) return Promise.resolve({});
  let loaded = bases.get(ref.hash);
  if (loaded === undefined) {
    loaded = (async () => ({
      basePdf: new Uint8Array(await readFile(ref.path)),
      basePdfRasters: await Promise.all(ref.rasterPaths.map((p) => readFile(p).then((b) => new Uint8Array(b), () => undefined))),
    }))();
    // A failed read (the base PDF was just replaced) is not kept.
    loaded.catch(() => bases.delete(ref.hash));
    if (bases.size >= BASE_CACHE_LIMIT) {
      const oldest = bases.keys().next().value;
      if (oldest !== undefined) bases.delete(oldest);
    }
    bases.set(ref.hash, loaded);
  }
  return loaded;
}

function parse(content: string, cacheKey: string | null, editorMode: RenderTask["editorMode"]): { document: TemplateDocument | CompiledHtml } | { errors: ContentErrors } {
  const key = cacheKey === null ? null : `${editorMode ?? "report"}:${cacheKey}`;
  const hit = key === null ? undefined : parsed.get(key);
  if (hit !== undefined) {
    // Refresh recency (Map keeps insertion order; the first key is the least recently used).
    parsed.delete(key as string);
    parsed.set(key as string, hit);
    return { document: hit };
  }
  let document: TemplateDocument | CompiledHtml;
  if (editorMode === "html") {
    try {
      document = compileHtml(content);
    } catch (error) {
      if (error instanceof HtmlLimitError) return { errors: { content: [error.message] } };
      throw error;
    }
  } else {
    const result = parseDocument(content);
    if (!result.ok) return { errors: result.errors };
    document = result.document;
  }
  if (key !== null) {
    if (parsed.size >= CACHE_LIMIT) {
      const oldest = parsed.keys().next().value;
      if (oldest !== undefined) parsed.delete(oldest);
    }
    parsed.set(key, document);
  }
  return { document };
}

/** An HTML template that grows past the layout limits with its data is a content error (400), not a crash. */
async function tooLarge<T>(work: Promise<T>): Promise<T | { errors: ContentErrors }> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof HtmlLimitError) return { errors: { content: [error.message] } };
    // A document that cannot conform to its standards, or a template's own pdfStandards with protect: a 400
    // naming the rule (the class is @docsvc/pdf's, loaded lazily: known by name).
    if (error instanceof Error && (error.name === "StandardsError" || (error instanceof TypeError && error.message.startsWith("pdfStandards")))) return { errors: { pdfStandards: [error.message] } };
    throw error;
  }
}

/** Renders one task to PDF bytes (moved, not copied, back to the main thread); see RenderTask.keepLayout. */
export async function render(task: RenderTask): Promise<RenderTaskResult> {
  const doc = parse(task.content, task.cacheKey, task.editorMode);
  if ("errors" in doc) return { ok: false, errors: doc.errors };
  const pdf = await pdfModule;
  if (task.keepLayout !== undefined) {
    const row = await tooLarge(pdf.layoutRow(doc.document, task.data, { ...renderOptions(task), ...(await baseOptions(task.base)), paint: task.keepLayout.paint }));
    if ("errors" in row) return { ok: false, errors: row.errors };
    const bytes = row.pdf === undefined ? new Uint8Array(0) : ownBuffer(row.pdf);
    return { ok: true, pdf: bytes, pages: row.pageCount, diagnostics: [...row.diagnostics], layout: ownBuffer(row.layout) };
  }
  const diagnostics: Diagnostic[] = [];
  // Object.assign rather than object spreads: on Node 20 (V8 11) a spread followed by a property the source lacks
  // makes a new hidden class on every call, allocated in the old generation (garbage until the next full GC).
  const options = Object.assign(renderOptions(task), { diagnostics: (d: Diagnostic) => diagnostics.push(d) }, await baseOptions(task.base));
  const bytes = await einvoiceProblem(tooLarge(pdf.renderPdf(doc.document, task.data, options)));
  if ("einvoice" in bytes) return { ok: false, errors: { einvoice: [bytes.einvoice.message] }, einvoice: bytes.einvoice };
  if ("errors" in bytes) return { ok: false, errors: bytes.errors };
  const own = ownBuffer(bytes);
  return { ok: true, pdf: own, pages: countPdfPages(own), diagnostics };
}

/** Transfer needs a buffer the PDF owns alone; a view into a shared (pooled) buffer is copied first. */
function ownBuffer(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
}

/** Renders every row of a batch into one PDF, painted as one document (fonts and images embedded once). */
export async function merge(task: MergeTask): Promise<MergeTaskResult> {
  const doc = parse(task.content, task.cacheKey, task.editorMode);
  if ("errors" in doc) return { ok: false, errors: doc.errors };
  const { renderMerged } = await pdfModule;
  const report = await tooLarge(renderMerged(doc.document, task.rows, {
    ...(task.theme !== undefined ? { theme: task.theme } : {}),
    ...(task.title !== undefined ? { title: task.title } : {}),
    ...(task.now !== undefined ? { now: new Date(task.now) } : {}),
    ...(task.forms === true ? { forms: true } : {}),
    ...(task.protect !== undefined ? { protect: task.protect } : {}),
    ...(task.stamps !== undefined ? { stamps: task.stamps } : {}),
    ...(task.pdfStandards !== undefined ? { pdfStandards: task.pdfStandards } : {}),
    ...(layoutLimits !== undefined ? { limits: layoutLimits } : {}),
    ...(await baseOptions(task.base)),
  }));
  if ("errors" in report) return { ok: false, errors: report.errors };
  return { ok: true, pdf: ownBuffer(report.pdf), pages: report.pageCount, rowPages: report.rowPages };
}

/** Paints a merged batch from its rows' layouts, pulled from the main thread through the task's port. */
export async function mergeRows(task: MergeRowsTask): Promise<MergeTaskResult> {
  try {
    return await mergeThrough(task);
  } finally {
    task.port.close();
    task.helper?.close();
  }
}

async function mergeThrough(task: MergeRowsTask): Promise<MergeTaskResult> {
  const doc = parse(task.content, task.cacheKey, task.editorMode);
  if ("errors" in doc) {
    task.helper?.close();
    return { ok: false, errors: doc.errors };
  }
  const pdf = await pdfModule;
  const options = { ...renderOptions(task), ...(await baseOptions(task.base)) };
  // The template's own standards when the job names none (paintMergedRows sees layouts, not the template).
  const templateStandards = options.pdfStandards === undefined ? pdf.templatePdfStandards(doc.document) : undefined;
  if (templateStandards !== undefined) options.pdfStandards = templateStandards;
  // Rows without a kept layout are laid out here once and kept for the second pass (rare: see MergeRowsTask).
  const laidOutHere = new Map<number, Uint8Array>();
  const read = rowReader(task.port, async (index, data) => {
    const kept = laidOutHere.get(index);
    if (kept !== undefined) return kept;
    const row = await pdf.layoutRow(doc.document, data, { ...options, paint: false });
    laidOutHere.set(index, row.layout);
    return row.layout;
  });
  if (task.outputFile === undefined) {
    const report = await tooLarge(pdf.paintMergedRows({ count: task.count, read }, options, task.helper));
    if ("errors" in report) return { ok: false, errors: report.errors };
    return { ok: true, pdf: ownBuffer(report.pdf), pages: report.pageCount, rowPages: report.rowPages };
  }
  // Written to the file as the pages are painted (a chunk of rows at a time): memory flat in the PDF's size.
  const file = await fileOutput(task.outputFile);
  try {
    const report = await tooLarge(pdf.paintMergedRows({ count: task.count, read }, options, task.helper, file.output));
    if ("errors" in report) return { ok: false, errors: report.errors };
    return { ok: true, pdf: new Uint8Array(), pages: report.pageCount, rowPages: report.rowPages, file: task.outputFile, size: report.size };
  } finally {
    await file.close();
  }
}

/**
 * Reads merged rows through a port to the main thread (RowRequest/RowReply); a row answered with its data (no
 * kept layout) goes to `laidOut`.
 */
function rowReader(port: MessagePort, laidOut: (index: number, data: unknown) => Promise<Uint8Array>): (index: number) => Promise<Uint8Array> {
  const waiting = new Map<number, { resolve: (reply: RowReply) => void }>();
  let nextRequest = 0;
  port.on("message", (reply: RowReply) => {
    waiting.get(reply.request)?.resolve(reply);
    waiting.delete(reply.request);
  });
  return async (index) => {
    const request = nextRequest++;
    const reply = await new Promise<RowReply>((resolve) => {
      waiting.set(request, { resolve });
      port.postMessage({ request, index } satisfies RowRequest);
    });
    if ("error" in reply) throw new Error(`merged row ${index}: ${reply.error}`);
    if ("layout" in reply) return reply.layout;
    return laidOut(index, reply.data);
  };
}

/** Paints part of a merged batch's pages for the mergeRows job at the other end of `task.peer`. */
export async function mergeRowsHelp(task: MergeRowsHelpTask): Promise<{ ok: true }> {
  try {
    const pdf = await pdfModule;
    const fonts = await pdf.loadDesignerFonts();
    const read = rowReader(task.port, (index) => Promise.reject(new Error(`merged row ${index} has no kept layout`)));
    await pdf.helpPaintMergedRows(task.peer, read, fonts);
    return { ok: true };
  } finally {
    task.port.close();
    task.peer.close();
  }
}

// Assigned one by one, not spread (see render() on spreads that add properties).
type RenderOptionsOf = { theme?: RenderTask["theme"]; title?: string; now?: Date; forms?: boolean; flatten?: boolean; protect?: ProtectOptions; stamps?: readonly Stamp[]; limits?: LayoutLimits; einvoice?: EinvoiceRequest | false; pdfStandards?: readonly PdfStandard[]; tagged?: boolean };
function renderOptions(task: Pick<RenderTask, "theme" | "title" | "now" | "forms" | "flatten" | "protect" | "stamps" | "einvoice" | "pdfStandards" | "tagged">): RenderOptionsOf {
  const options: RenderOptionsOf = {};
  if (layoutLimits !== undefined) options.limits = layoutLimits;
  if (task.theme !== undefined) options.theme = task.theme;
  if (task.title !== undefined) options.title = task.title;
  if (task.now !== undefined) options.now = new Date(task.now);
  if (task.forms === true) options.forms = true;
  if (task.flatten === true) options.flatten = true;
  if (task.tagged === false) options.tagged = false;
  if (task.protect !== undefined) options.protect = task.protect;
  if (task.stamps !== undefined) options.stamps = task.stamps;
  if (task.einvoice !== undefined) options.einvoice = task.einvoice;
  if (task.pdfStandards !== undefined) options.pdfStandards = task.pdfStandards;
  return options;
}

/** An e-invoice the data cannot make (EinvoiceError, thrown before layout) is the caller's data problem: a 422. */
async function einvoiceProblem<T>(work: Promise<T>): Promise<T | { einvoice: { rule: string; message: string } }> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof EinvoiceError) return { einvoice: { rule: error.rule, message: error.message } };
    throw error;
  }
}

/** Rasterises page 1 of any PDF (an AI reference, a rendered draft); a PDF that cannot be drawn is refused. */
export async function rasterFirstPage(task: { bytes: Uint8Array }): Promise<FirstPageRaster> {
  const { rasterisePdf } = await import("../base-pdf/inspect.js");
  try {
    const [page] = await rasterisePdf(task.bytes, 1);
    return page === undefined ? { ok: false, reason: "The PDF has no pages." } : { ok: true, ...page };
  } catch {
    return { ok: false, reason: "The PDF is corrupt, encrypted or cannot be drawn." };
  }
}

/** Validates template content with the layout model (off the main thread: documents can be large). */
export function validate(task: { content: string }): ValidateTaskResult {
  const result = parseDocument(task.content);
  return result.ok ? { ok: true } : { ok: false, errors: result.errors };
}

/** Converts an HTML template into a v4 report document (laid out once with the designer fonts). */
export async function importHtml(task: ImportHtmlTask): Promise<ImportHtmlTaskResult> {
  const fonts = await (await pdfModule).loadDesignerFonts();
  try {
    const result = importHtmlDocument(task.html, { fonts, ...(task.css !== undefined ? { css: task.css } : {}), ...(task.sampleData !== undefined ? { sampleData: task.sampleData } : {}) });
    return { ok: true, content: JSON.stringify(result.document), diagnostics: result.diagnostics };
  } catch (error) {
    if (error instanceof HtmlLimitError) return { ok: false, errors: { html: [error.message] } };
    throw error;
  }
}

/** Signs a finished PDF (PAdES B-B; no network here); the signing modules (pkijs, asn1js) load with the first signature. */
export async function sign(task: SignTask): Promise<SignTaskResult> {
  const [{ createSignature }, { SignaturePlacementError }] = await Promise.all([import("../signing/pades.js"), import("../signing/pdf-update.js")]);
  try {
    const created = await createSignature(task);
    return { ok: true, ...created, pdf: ownBuffer(created.pdf) };
  } catch (error) {
    if (error instanceof SignaturePlacementError) return { ok: false, reason: error.message };
    throw error;
  }
}

/** Opens an uploaded PKCS#12 (its password's key derivation is CPU work). */
export async function readCertificate(task: ReadCertificateTask): Promise<ReadCertificateResult> {
  const { readPkcs12 } = await import("../signing/pkcs12.js");
  return readPkcs12(task.bytes, task.password);
}

const jobs: Record<JobKind, (task: never) => unknown> = { render, merge, mergeRows, mergeRowsHelp, rasterFirstPage, validate, importHtml, sign, readCertificate };

// The pool's side of the thread: one job at a time; a PDF or a row layout in the answer is moved, not copied.
async function answer(job: WorkerJob): Promise<WorkerReply> {
  try {
    const result = await jobs[job.kind](job.task as never);
    return { id: job.id, ok: true, result };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { id: job.id, ok: false, message, limit: error instanceof LayoutLimitError };
  }
}

if (parentPort !== null) {
  const port = parentPort;
  port.on("message", (job: WorkerJob) => {
    void answer(job).then((reply) => {
      const result = "result" in reply ? (reply.result as { pdf?: unknown; layout?: unknown }) : undefined;
      const moved = [result?.pdf, result?.layout].flatMap((bytes) => (bytes instanceof Uint8Array ? [bytes.buffer as ArrayBuffer] : []));
      port.postMessage(reply, moved);
    });
  });
  // Fonts are loaded (top-level await above): the pool may send jobs.
  port.postMessage({ ready: true } satisfies WorkerReply);
}
