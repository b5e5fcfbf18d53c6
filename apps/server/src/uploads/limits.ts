// Caps on the work one uploaded spreadsheet may cause, and the refusals that name them.
import { HttpError, ValidationError } from "../errors.js";
import { MAX_BATCH_ROWS } from "../schemas/batch.js";

const MB = 1024 * 1024;

/** What reading one spreadsheet may cost; past any of these it is refused, never read further. */
export const SHEET_LIMITS = {
  /** Data rows (the spec's batch limit); reading stops at the next one. */
  rows: MAX_BATCH_ROWS,
  /** Cells, counted by their column position (a row reaching column Z counts 26), shared strings included. */
  cells: 250_000,
  /** Characters of cell text, shared strings included. */
  textChars: 8 * MB,
  /** Characters of XML inflated from the workbook's parts, all parts together. */
  xmlChars: 64 * MB,
  /** Wall time of the reading thread. */
  timeMs: 10_000,
  /** Heap of the reading thread. */
  heapMb: 128,
} as const;

/** The caps an owner can set (BATCH_MAX_ROWS, UPLOAD_MAX_CELLS, UPLOAD_MAX_TEXT_MB, UPLOAD_MAX_XML_MB; config-limits.ts). */
export interface SheetCaps {
  /** BATCH_MAX_ROWS: data rows. */
  readonly rows: number;
  readonly cells: number;
  readonly textChars: number;
  readonly xmlChars: number;
}

/** 400: the file has more data rows than a batch takes. */
export function tooManyRows(rows: number = SHEET_LIMITS.rows): ValidationError {
  const n = rows.toLocaleString("en-US");
  return ValidationError.field("file", `The file must hold at most ${n} rows; reading stopped at row ${(rows + 1).toLocaleString("en-US")}.`);
}

/** 413: the file is over one of the size caps (`what` names it). */
export function sheetTooLarge(what: string): HttpError {
  return new HttpError(413, `The spreadsheet is too large to read: ${what}.`);
}

/** 400: the file cannot be read as what its name says. */
export function unreadable(detail: string): ValidationError {
  return ValidationError.field("file", detail);
}
