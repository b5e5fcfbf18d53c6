// CSV as a stream: UTF-8 (a BOM is dropped), quoted fields may hold commas and line breaks. Records go to the
// collector one by one, so reading stops at the first cap rather than after parsing the whole file.
import { CsvError, parse } from "csv-parse";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sheetTooLarge, unreadable } from "./limits.js";
import type { TableCollector } from "./table.js";

const SLICE = 64 * 1024;

function* slices(bytes: Uint8Array): Generator<Buffer> {
  for (let i = 0; i < bytes.byteLength; i += SLICE) yield Buffer.from(bytes.buffer, bytes.byteOffset + i, Math.min(SLICE, bytes.byteLength - i));
}

/** Reads CSV bytes into `table`. */
export async function readCsv(bytes: Uint8Array, table: TableCollector): Promise<void> {
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: table.caps.textChars });
  const sink = new Writable({
    objectMode: true,
    write(record: string[], _encoding, done) {
      try {
        table.add(record);
        done();
      } catch (err) {
        done(err as Error);
      }
    },
  });
  try {
    await pipeline(Readable.from(slices(bytes)), parser, sink);
  } catch (err) {
    if (err instanceof CsvError && err.code === "CSV_MAX_RECORD_SIZE") throw sheetTooLarge(`a record longer than ${table.caps.textChars / 2 ** 20} MB`);
    if (err instanceof CsvError) throw unreadable(`The CSV file could not be read: ${err.message}`);
    throw err;
  }
}
