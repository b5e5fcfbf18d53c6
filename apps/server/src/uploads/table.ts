// Spreadsheet records to batch rows: the header row names the keys (a dotted header such as `customer.name`
// builds a nested object). The collector counts rows, cells and text as records arrive, so a reader stops
// at the first cap instead of holding the whole file.
import { ValidationError } from "../errors.js";
import { SHEET_LIMITS, sheetTooLarge, tooManyRows, type SheetCaps } from "./limits.js";

/** One cell as read: CSV values are strings; XLSX numbers stay numbers, dates become ISO strings. */
export type Cell = string | number | boolean | null;

// Keys that would reach Object.prototype through plain assignment.
const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let node = target;
  for (const [i, key] of path.entries()) {
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    const child = node[key];
    // A later dotted column wins over a plain value of the same name (`a`, then `a.b`).
    if (typeof child !== "object" || child === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
}

const isEmpty = (cell: Cell | undefined): boolean => cell === undefined || cell === null || cell === "";

/** Turns a header row and records into row objects; rows with every cell empty are dropped. */
function rowsFromTable(header: readonly Cell[], records: readonly (readonly Cell[])[]): Record<string, unknown>[] {
  const columns = Array.from(header, (h) => {
    // The template download neutralises formula-like names with a leading `'` (batch-template.ts); undo it.
    const name = (h === null || h === undefined ? "" : String(h).trim()).replace(/^'(?=[=+\-@\t\r])/, "");
    const path = name.split(".").map((p) => p.trim());
    return name === "" || path.some((p) => p === "" || UNSAFE_KEYS.has(p)) ? undefined : path;
  });
  if (columns.every((c) => c === undefined)) throw ValidationError.field("file", "The file's first row must hold the column names.");
  const rows: Record<string, unknown>[] = [];
  for (const record of records) {
    if (Array.from(record).every(isEmpty)) continue;
    const row: Record<string, unknown> = {};
    for (const [i, path] of columns.entries()) {
      const cell = record[i];
      if (path !== undefined && cell !== undefined && cell !== null) setPath(row, path, cell);
    }
    rows.push(row);
  }
  return rows;
}

/** Collects a header and data records under SHEET_LIMITS; throws the refusal at the first cap passed. */
export class TableCollector {
  constructor(readonly caps: SheetCaps = SHEET_LIMITS) {}

  private header: Cell[] | undefined;
  private readonly records: Cell[][] = [];
  private cells = 0;
  private text = 0;

  /** Adds one record (the first is the header); empty records are skipped, the 2,001st data row refuses. */
  add(record: Cell[]): void {
    if (this.header !== undefined && Array.from(record).every(isEmpty)) return;
    if (this.header !== undefined && this.records.length === this.caps.rows) throw tooManyRows(this.caps.rows);
    this.countCells(record.length);
    for (const cell of record) if (typeof cell === "string") this.countText(cell.length);
    if (this.header === undefined) this.header = record;
    else this.records.push(record);
  }

  /** Counts cells held (shared strings count too). */
  countCells(n: number): void {
    this.cells += n;
    if (this.cells > this.caps.cells) throw sheetTooLarge(`more than ${this.caps.cells.toLocaleString("en-US")} cells`);
  }

  /** Counts characters of text held. */
  countText(n: number): void {
    this.text += n;
    if (this.text > this.caps.textChars) throw sheetTooLarge(`more than ${this.caps.textChars / 2 ** 20} MB of cell text`);
  }

  /** The rows, built from what was collected. */
  rows(): Record<string, unknown>[] {
    if (this.header === undefined) throw ValidationError.field("file", "The file is empty.");
    return rowsFromTable(this.header, this.records);
  }
}
