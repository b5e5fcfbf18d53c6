// Base PDFs: upload (checked and rasterised in a thread of its own, under BASE_PDF_BUDGET), page sizes, page
// rasters, removal, and the reference renders pass to the worker. Files live in the blob store under
// base-pdfs/<templateId>/<hash>/. An upload is streamed to a temporary file (never held whole by the main thread):
// the inspection thread reads that file and the blob store takes it from there.
import { BASE_PDF_BUDGET } from "../base-pdf/budget.js";
import { putLocalFile } from "../blobs/put-file.js";
import type { BlobStore } from "../blobs/store.js";
import { withTempDir } from "../jobs/temp-dir.js";
import type { Principal, SessionPrincipal } from "../auth/principal.js";
import { deleteBasePdf, findBasePdf, upsertBasePdf, type BasePdfRow } from "../db/base-pdfs.js";
import type { Db } from "../db/database.js";
import { findTemplate } from "../db/templates.js";
import { HttpError, NotFoundError, PayloadTooLargeError, ValidationError } from "../errors.js";
import type { BaseRef } from "../render/protocol.js";
import { nowIso } from "../time.js";
import { runIsolated } from "../uploads/isolated.js";
import type { BaseInspection, InspectCaps } from "../base-pdf/inspect.js";
import { LIMIT_DEFAULTS, limitsOf, type RequestLimits } from "../config-limits.js";
import type { ServiceDeps } from "./deps.js";
import { requireRole } from "./workspaces.js";

/** Uploads larger than this answer 413 (the default of BASE_PDF_MAX_BYTES). */
export const BASE_PDF_LIMIT = LIMIT_DEFAULTS.basePdfBytes;


const INSPECT_WORKER = new URL("../base-pdf/inspect-worker.js", import.meta.url);

async function inspect(path: string, timeMs: number, limits: RequestLimits): Promise<{ pages: readonly { width: number; height: number }[]; pngs: readonly Uint8Array[] }> {
  const caps: InspectCaps = { pages: limits.basePdfPages, operators: limits.basePdfOperators };
  const heapMb = limits.basePdfHeapMb;
  const outcome = await runIsolated<BaseInspection>(INSPECT_WORKER, { path, caps }, [], { ...BASE_PDF_BUDGET, timeMs, heapMb });
  switch (outcome.kind) {
    case "done":
      if (outcome.value.ok) return outcome.value;
      if ("tooLarge" in outcome.value) throw new HttpError(413, outcome.value.reason);
      throw ValidationError.field("file", outcome.value.reason);
    case "timeout":
      throw new HttpError(413, `The PDF is too large or complex to inspect within ${timeMs / 1000} s.`);
    case "memory":
      throw new HttpError(413, `The PDF needs more than ${heapMb} MB of memory to inspect.`);
    case "crashed":
      throw outcome.error;
  }
}

/** Page count and sizes (points). */
export interface BasePdfView {
  readonly pageCount: number;
  readonly pages: readonly { readonly index: number; readonly width: number; readonly height: number }[];
  readonly fileName: string;
  readonly bytes: number;
  readonly createdAt: string;
}

// Content-addressed by hash: a key's bytes never change, so local copies of them never go stale.
const versionPrefix = (row: Pick<BasePdfRow, "template_id" | "hash">): string => `base-pdfs/${row.template_id}/${row.hash}/`;
const originalKey = (row: Pick<BasePdfRow, "template_id" | "hash">): string => `${versionPrefix(row)}original.pdf`;
const pageKey = (row: Pick<BasePdfRow, "template_id" | "hash">, index: number): string => `${versionPrefix(row)}page-${index}.png`;

function view(row: BasePdfRow): BasePdfView {
  const pages = JSON.parse(row.pages) as { width: number; height: number }[];
  return { pageCount: pages.length, pages: pages.map((p, index) => ({ index, ...p })), fileName: row.file_name, bytes: row.bytes, createdAt: row.created_at };
}

async function editableTemplate(deps: ServiceDeps, principal: SessionPrincipal, templateId: string): Promise<void> {
  if ((await findTemplate(deps.db, principal.workspaceId, templateId)) === undefined) throw new NotFoundError("Template");
  requireRole(principal, "Owner", "Editor");
}

/** An uploaded file, already on local disk: its path, client-side name, size and SHA-256 (hex). */
export interface UploadedFile {
  readonly path: string;
  readonly name: string;
  readonly size: number;
  readonly sha256: string;
}

/**
 * Checks, rasterises and stores a template's base PDF (replacing any earlier one). `receive` streams the upload
 * into the given folder (a private temporary one, removed afterwards whatever happens): it is called only once
 * the caller may edit the template, so a refused request writes nothing.
 */
export async function uploadBasePdf(deps: ServiceDeps, principal: SessionPrincipal, templateId: string, receive: (dir: string) => Promise<UploadedFile>): Promise<BasePdfView> {
  await editableTemplate(deps, principal, templateId);
  const maxBytes = limitsOf(deps.config).basePdfBytes;
  return withTempDir("docsvc-base-pdf-", async (dir) => {
    const file = await receive(dir);
    if (file.size > maxBytes) throw new PayloadTooLargeError(maxBytes);
    const inspected = await inspect(file.path, deps.config.basePdfInspectMs, limitsOf(deps.config));
    const row: BasePdfRow = {
      template_id: templateId,
      workspace_id: principal.workspaceId,
      // The same hash @docsvc/pdf's basePdfHash gives (SHA-256, hex), computed as the upload streamed in.
      hash: file.sha256,
      file_name: file.name.slice(0, 200) || "base.pdf",
      bytes: file.size,
      pages: JSON.stringify(inspected.pages),
      created_at: nowIso(),
    };
    // Files first, then the row: a reader that finds the row always finds its files. The store takes the file
    // piece by piece (moved on disk, streamed to S3, chunk rows in the database).
    await putLocalFile(deps.blobs, originalKey(row), file.path);
    await Promise.all(inspected.pngs.map((png, i) => deps.blobs.put(pageKey(row, i), png)));
    const previous = await upsertBasePdf(deps.db, row);
    await deps.lookups.changed(principal.workspaceId);
    if (previous !== undefined && previous.hash !== row.hash) await deps.blobs.deletePrefix(versionPrefix(previous));
    return view(row);
  });
}

async function requireBase(deps: ServiceDeps, principal: Principal, templateId: string): Promise<BasePdfRow> {
  if ((await findTemplate(deps.db, principal.workspaceId, templateId)) === undefined) throw new NotFoundError("Template");
  const row = await findBasePdf(deps.db, principal.workspaceId, templateId);
  if (row === undefined) throw new NotFoundError("Base PDF");
  return row;
}

/** A template's base PDF: page count and sizes. */
export async function getBasePdf(deps: ServiceDeps, principal: Principal, templateId: string): Promise<BasePdfView> {
  return view(await requireBase(deps, principal, templateId));
}

/** One page's PNG raster (404 out of range). */
export async function basePdfPage(deps: ServiceDeps, principal: Principal, templateId: string, index: number): Promise<Uint8Array> {
  const row = await requireBase(deps, principal, templateId);
  const count = (JSON.parse(row.pages) as unknown[]).length;
  if (!Number.isInteger(index) || index < 0 || index >= count) throw new NotFoundError("Base PDF page");
  const png = await deps.blobs.get(pageKey(row, index));
  if (png === undefined) throw new Error(`base PDF: page ${index} of template ${templateId} is recorded but missing`);
  return png;
}

/** Removes a template's base PDF and its files. */
export async function removeBasePdf(deps: ServiceDeps, principal: SessionPrincipal, templateId: string): Promise<void> {
  await editableTemplate(deps, principal, templateId);
  const row = await deleteBasePdf(deps.db, principal.workspaceId, templateId);
  if (row === undefined) throw new NotFoundError("Base PDF");
  // Before the files go: a render on any instance must stop pointing at them.
  await deps.lookups.changed(principal.workspaceId);
  await deps.blobs.deletePrefix(versionPrefix(row));
}

/** What a render passes to the worker for a template's base PDF (local files), or undefined when it has none. */
export async function baseRefFor(db: Db, blobs: BlobStore, workspaceId: string, templateId: string): Promise<BaseRef | undefined> {
  return baseRefOf(blobs, await findBasePdf(db, workspaceId, templateId));
}

/** The same for a base PDF row already read (the render path reads it through the lookup cache). */
export async function baseRefOf(blobs: BlobStore, row: BasePdfRow | undefined): Promise<BaseRef | undefined> {
  if (row === undefined) return undefined;
  const count = (JSON.parse(row.pages) as unknown[]).length;
  const local = async (key: string): Promise<string> => {
    const path = await blobs.localFile(key);
    if (path === undefined) throw new Error(`base PDF: ${key} is recorded but missing`);
    return path;
  };
  const [path, ...rasterPaths] = await Promise.all([local(originalKey(row)), ...Array.from({ length: count }, (_, i) => local(pageKey(row, i)))]);
  return { hash: row.hash, path: path as string, rasterPaths };
}
