// Batch rows from an uploaded spreadsheet, read in a thread of its own under the upload limits
// (uploads/limits.ts): the header row names the keys (a dotted header such as `customer.name` builds a nested
// object); CSV values are strings, XLSX numbers stay numbers and dates become ISO strings.
import type { RequestLimits } from "../config-limits.js";
import { ValidationError } from "../errors.js";
import { readSheetRows, sheetKind } from "../uploads/spreadsheet.js";

/** Reads rows from an uploaded `.csv` or `.xlsx` file, chosen by its name. */
export async function readSpreadsheet(fileName: string, bytes: Uint8Array, limits?: RequestLimits): Promise<Record<string, unknown>[]> {
  const kind = sheetKind(fileName);
  if (kind === undefined) throw ValidationError.field("file", "The file must be a .csv or .xlsx spreadsheet.");
  return readSheetRows(kind, bytes, limits);
}
