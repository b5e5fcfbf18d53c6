// Reads an uploaded spreadsheet in its own thread under SHEET_LIMITS: the event loop never parses it, and a
// file that needs more time or memory than allowed ends its thread, never the process.
import { HttpError } from "../errors.js";
import { runIsolated } from "./isolated.js";
import { LIMIT_DEFAULTS, type RequestLimits } from "../config-limits.js";
import { sheetTooLarge, unreadable } from "./limits.js";
import type { SheetAnswer, SheetJob } from "./sheet-worker.js";

const WORKER = new URL("./sheet-worker.js", import.meta.url);

/** The kind of spreadsheet a file name says it is, or undefined for anything else. */
export function sheetKind(fileName: string): SheetJob["kind"] | undefined {
  const lower = fileName.toLowerCase();
  return lower.endsWith(".xlsx") ? "xlsx" : lower.endsWith(".csv") ? "csv" : undefined;
}

/** Reads the rows of a `.csv` or `.xlsx` upload; 400 or 413 (with the cap it passed) when refused. */
export async function readSheetRows(kind: SheetJob["kind"], bytes: Uint8Array, limits: RequestLimits = LIMIT_DEFAULTS): Promise<Record<string, unknown>[]> {
  // Handed over, not copied: the thread owns the bytes from here.
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
  const job: SheetJob = { kind, bytes: own, caps: { rows: limits.batchRows, cells: limits.uploadCells, textChars: limits.uploadTextChars, xmlChars: limits.uploadXmlChars } };
  const budget = { timeMs: limits.uploadTimeMs, heapMb: limits.uploadHeapMb };
  const outcome = await runIsolated<SheetAnswer>(WORKER, job, [own.buffer as ArrayBuffer], budget);
  switch (outcome.kind) {
    case "done":
      if (outcome.value.ok) return outcome.value.rows;
      if (outcome.value.status === 400) throw unreadable(outcome.value.detail);
      throw new HttpError(outcome.value.status, outcome.value.detail);
    case "timeout":
      throw sheetTooLarge(`reading it takes longer than ${budget.timeMs / 1000} s`);
    case "memory":
      throw sheetTooLarge(`reading it needs more than ${budget.heapMb} MB of memory`);
    case "crashed":
      throw outcome.error;
  }
}
