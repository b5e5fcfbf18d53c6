// Batch rows are recorded in packs: the files of up to PACK_ROWS finished rows (each row's PDF, or its layout for
// a merged job) are written as one blob, then the rows are recorded in one transaction naming that blob. Per row,
// that was a file written and renamed and a transaction of its own, which cost the main thread more than the
// worker threads spent laying the row out. A pack is written before its rows are recorded, so a recorded row
// always has its file; rows rendered but not yet recorded when the process dies are rendered again on resume
// (the rows in flight, as before). What must follow a row's recording (its email, its metering) runs only once
// the row is recorded now, so a row rendered twice is never emailed twice.
import { randomBytes } from "node:crypto";
import type { BlobStore } from "../blobs/store.js";
import { recordRows, type BatchRowResult } from "../db/batch.js";
import type { Db } from "../db/database.js";
import { jobPrefix } from "./batch-files.js";

/** Rows per pack: one blob and one transaction for this many rows. */
export const PACK_ROWS = 32;
/** A pack is recorded once its oldest row waited this long, so the job's progress moves on slow rows too. */
export const PACK_WAIT_MS = 250;

const MAGIC = 0x4b504231; // "1BPK" little-endian: batch pack, version 1
/** Entry files start at 8-byte boundaries: a layout's typed arrays are then read in place (rows/codec.ts). */
const ALIGN = 8;
const align = (n: number): number => Math.ceil(n / ALIGN) * ALIGN;

/** A pack's blob key: `batch/<jobId>/rows/pack-<id>.bin` (removed with the rows' folder). */
export function packKey(jobId: string, pack: string): string {
  return `${jobPrefix(jobId)}rows/pack-${pack}.bin`;
}

/**
 * The bytes of a pack: magic and count (uint32 each), then per entry its row index, offset and length (uint32),
 * then the files, each at an 8-byte boundary.
 */
export function encodePack(entries: readonly (readonly [index: number, file: Uint8Array])[]): Uint8Array {
  let at = align(8 + entries.length * 12);
  const offsets = entries.map(([, file]) => {
    const offset = at;
    at = align(at + file.byteLength);
    return offset;
  });
  const bytes = new Uint8Array(at);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, entries.length, true);
  entries.forEach(([index, file], i) => {
    view.setUint32(8 + i * 12, index, true);
    view.setUint32(12 + i * 12, offsets[i]!, true);
    view.setUint32(16 + i * 12, file.byteLength, true);
    bytes.set(file, offsets[i]!);
  });
  return bytes;
}

/** A pack's files by row index (views on `bytes`, no copies). */
export function decodePack(bytes: Uint8Array): Map<number, Uint8Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 8 || view.getUint32(0, true) !== MAGIC) throw new Error("Not a batch row pack.");
  const count = view.getUint32(4, true);
  const files = new Map<number, Uint8Array>();
  for (let i = 0; i < count; i++) {
    const offset = view.getUint32(12 + i * 12, true);
    const length = view.getUint32(16 + i * 12, true);
    if (offset + length > bytes.byteLength) throw new Error("A batch row pack is truncated.");
    files.set(view.getUint32(8 + i * 12, true), bytes.subarray(offset, offset + length));
  }
  return files;
}

/**
 * Reads rows' files from their packs, keeping the last few packs read: rows are read in index order and a
 * pack holds rows finished together, so a pack is read about once per pass.
 */
export class PackReader {
  private readonly packs = new Map<string, Promise<Map<number, Uint8Array>>>();

  constructor(
    private readonly blobs: BlobStore,
    private readonly jobId: string,
    private readonly keep = 4,
  ) {}

  /** Row `index`'s file in `pack`, or undefined when the pack (or the row in it) is missing. */
  async file(pack: string, index: number): Promise<Uint8Array | undefined> {
    let files = this.packs.get(pack);
    if (files === undefined) {
      files = this.blobs.get(packKey(this.jobId, pack)).then((bytes) => (bytes === undefined ? new Map<number, Uint8Array>() : decodePack(bytes)));
      // A failed read is not kept: the next row asks again.
      files.catch(() => this.packs.delete(pack));
      if (this.packs.size >= this.keep) this.packs.delete(this.packs.keys().next().value as string);
    } else {
      this.packs.delete(pack);
    }
    // Most recently used last.
    this.packs.set(pack, files);
    return (await files).get(index);
  }
}

/** A finished row waiting for its pack: its result (without the pack), its file, and what follows its recording. */
export interface PendingRow {
  readonly result: Omit<BatchRowResult, "pack">;
  /** The row's PDF or layout; absent for a failed row. */
  readonly file?: Uint8Array;
  /** Runs once the row is recorded now (not when an earlier run recorded it): its email, its metering. */
  readonly recorded?: () => void;
}

/** Collects a job's finished rows and records them a pack at a time, one pack after another. */
export class PackRecorder {
  private waiting: PendingRow[] = [];
  private oldest = 0;
  private written: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly blobs: BlobStore,
    private readonly jobId: string,
    private readonly rows = PACK_ROWS,
    private readonly waitMs = PACK_WAIT_MS,
  ) {}

  /**
   * Adds a finished row; a full pack starts being recorded. Answers at once while at most one pack is being
   * written (rendering goes on meanwhile), otherwise when the packs are recorded, so rows cannot outrun the
   * database. A pack that failed makes the next add or flush reject.
   */
  add(row: PendingRow): Promise<void> {
    if (this.waiting.length === 0) this.oldest = performance.now();
    this.waiting.push(row);
    // The first packs are small and grow with the rows recorded (4, 4, 4, 6, 9, … up to `rows`): a job's progress
    // shows from its first rows on, as it did row by row, and a job of a few dozen rows is not recorded in one go.
    const size = Math.min(this.rows, Math.max(4, this.flushed >> 1));
    if (this.waiting.length < size && performance.now() - this.oldest < this.waitMs) return this.failed ?? Promise.resolve();
    const written = this.flush();
    return this.writing > 1 ? written : (this.failed ?? Promise.resolve());
  }

  private writing = 0;
  /** Rows handed to packs so far. */
  private flushed = 0;
  private failed: Promise<void> | undefined;

  /** Records the rows waiting (after any pack still being written); rejects if any pack failed. */
  flush(): Promise<void> {
    const rows = this.waiting;
    this.waiting = [];
    if (rows.length > 0) {
      this.flushed += rows.length;
      this.writing += 1;
      this.written = this.written.then(() => this.write(rows)).finally(() => (this.writing -= 1));
      // Nobody may be waiting for this pack yet: its failure is kept for the next add or flush to answer.
      this.written.catch((err: unknown) => {
        const failed = Promise.reject(err);
        // Handled here (no unhandled rejection); whoever is answered it later still sees the failure.
        failed.catch(() => undefined);
        this.failed ??= failed;
      });
    }
    return this.written;
  }

  /** Waits for the packs being written, whatever their outcome; the rows still waiting are dropped (not recorded). */
  async settle(): Promise<void> {
    this.waiting = [];
    await this.written.catch(() => undefined);
  }

  private async write(rows: readonly PendingRow[]): Promise<void> {
    const files = rows.filter((r): r is PendingRow & { file: Uint8Array } => r.file !== undefined);
    let pack: string | null = null;
    if (files.length > 0) {
      // A fresh name per pack: a pack written but never recorded (a crash between) is never overwritten under a
      // recorded row, and its rows are written again in a pack of their own.
      pack = `${files[0]!.result.idx}-${randomBytes(4).toString("hex")}`;
      await this.blobs.put(packKey(this.jobId, pack), encodePack(files.map((r) => [r.result.idx, r.file] as const)));
    }
    const recorded = await recordRows(this.db, this.jobId, rows.map((r) => ({ ...r.result, pack: r.file === undefined ? null : pack })));
    for (const row of rows) if (recorded.has(row.result.idx)) row.recorded?.();
  }
}
