// The thread that reads one uploaded spreadsheet (started per upload by uploads/spreadsheet.ts, under its
// time and heap budget). It posts the rows, or the refusal's status and message.
import { parentPort, workerData } from "node:worker_threads";
import { runInBackground } from "../background-thread.js";
import { HttpError } from "../errors.js";
import { readCsv } from "./csv-reader.js";
import type { IsolatedData } from "./isolated.js";
import type { SheetCaps } from "./limits.js";
import { TableCollector } from "./table.js";
import { readXlsx } from "./xlsx-reader.js";

/** What the thread is given. */
export interface SheetJob {
  readonly kind: "csv" | "xlsx";
  readonly bytes: Uint8Array;
  /** The caps in force (the defaults when absent). */
  readonly caps?: SheetCaps;
}

/** What the thread answers. */
export type SheetAnswer = { readonly ok: true; readonly rows: Record<string, unknown>[] } | { readonly ok: false; readonly status: number; readonly detail: string };

async function read(job: SheetJob): Promise<SheetAnswer> {
  const table = new TableCollector(job.caps);
  try {
    await (job.kind === "csv" ? readCsv : readXlsx)(job.bytes, table);
    return { ok: true, rows: table.rows() };
  } catch (err) {
    if (err instanceof HttpError) return { ok: false, status: err.status, detail: err.detail };
    throw err;
  }
}

runInBackground();
parentPort?.postMessage(await read((workerData as IsolatedData<SheetJob>).input));
