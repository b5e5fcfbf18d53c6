// Batch rows from an uploaded spreadsheet: the header row names the keys (a dotted header such as
// `customer.name` builds a nested object); CSV values are strings, XLSX numbers stay numbers and dates
// become ISO strings.
import { parse } from "csv-parse";
import ExcelJS from "exceljs";
import { ValidationError } from "../errors.js";

type Cell = string | number | boolean | null;

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

/** Turns a header row and records into row objects; rows with every cell empty are dropped. */
export function rowsFromTable(header: readonly Cell[], records: readonly (readonly Cell[])[]): Record<string, unknown>[] {
  const columns = header.map((h) => {
    // The template download neutralises formula-like names with a leading `'` (batch-template.ts); undo it.
    const name = (h === null ? "" : String(h).trim()).replace(/^'(?=[=+\-@\t\r])/, "");
    const path = name.split(".").map((p) => p.trim());
    return name === "" || path.some((p) => p === "" || UNSAFE_KEYS.has(p)) ? undefined : path;
  });
  if (columns.every((c) => c === undefined)) throw ValidationError.field("file", "The file's first row must hold the column names.");
  const rows: Record<string, unknown>[] = [];
  for (const record of records) {
    if (record.every((cell) => cell === null || cell === "")) continue;
    const row: Record<string, unknown> = {};
    for (const [i, path] of columns.entries()) {
      const cell = record[i];
      if (path !== undefined && cell !== undefined && cell !== null) setPath(row, path, cell);
    }
    rows.push(row);
  }
  return rows;
}

/** Parses CSV text (UTF-8, a BOM is dropped, quoted fields may hold commas and line breaks). */
export async function parseCsv(bytes: Uint8Array): Promise<Record<string, unknown>[]> {
  const records = await new Promise<string[][]>((resolve, reject) => {
    parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { bom: true, relax_column_count: true, skip_empty_lines: true }, (err, out: string[][] | undefined) =>
      err ? reject(err) : resolve(out ?? []),
    );
  }).catch((err: unknown) => {
    throw ValidationError.field("file", `The CSV file could not be read: ${err instanceof Error ? err.message : String(err)}`);
  });
  const [header, ...body] = records;
  if (header === undefined) throw ValidationError.field("file", "The file is empty.");
  return rowsFromTable(header, body);
}

function cellValue(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "string") return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((r) => r.text).join("");
    if ("result" in value) return cellValue((value.result ?? null) as ExcelJS.CellValue);
    if ("text" in value) return typeof value.text === "string" ? value.text : cellValue(value.text as ExcelJS.CellValue);
    if ("error" in value) return null;
  }
  return String(value);
}

/** Parses the first worksheet of an XLSX workbook. */
export async function parseXlsx(bytes: Uint8Array): Promise<Record<string, unknown>[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer);
  } catch {
    throw ValidationError.field("file", "The XLSX file could not be read.");
  }
  const sheet = workbook.worksheets[0];
  if (sheet === undefined) throw ValidationError.field("file", "The workbook has no worksheet.");
  const table: Cell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellValue(cell.value);
    });
    table[rowNumber - 1] = Array.from(cells, (c) => c ?? null);
  });
  const records = Array.from(table, (r) => r ?? []);
  const [header, ...body] = records;
  if (header === undefined) throw ValidationError.field("file", "The worksheet is empty.");
  return rowsFromTable(header, body);
}

/** Reads rows from an uploaded `.csv` or `.xlsx` file, chosen by its name. */
export async function readSpreadsheet(fileName: string, bytes: Uint8Array): Promise<Record<string, unknown>[]> {
  const lower = fileName.toLowerCase();
  if (lower.endsWith(".xlsx")) return parseXlsx(bytes);
  if (lower.endsWith(".csv")) return parseCsv(bytes);
  throw ValidationError.field("file", "The file must be a .csv or .xlsx spreadsheet.");
}
