// Blobs in the database: the store of choice with DATABASE_URL (PostgreSQL), so instances share files without a
// shared disk or an object store. A blob of one chunk or less is one `blobs` row; a larger one is a `blobs` row
// naming its chunk size plus numbered `blob_chunks` rows, written in one transaction (whole or not at all) and
// read a chunk at a time, so a batch's ZIP or merged PDF is never one value in memory (docs/downloads.md).
import { open as openFile, rm } from "node:fs/promises";
import { sql } from "kysely";
import type { Db } from "../db/database.js";
import { isPostgres, startsWith } from "../db/dialect.js";
import { nowIso } from "../time.js";
import { cachedLocalFile } from "./cached.js";
import { FsBlobStore } from "./fs-store.js";
import { pieceStream, READ_CHUNK } from "./reader.js";
import { checkKey, type BlobReader, type BlobStore } from "./store.js";

/** Bytes per chunk: a download's piece (READ_CHUNK) is then one chunk, or two when a range starts mid-chunk. */
export const BLOB_CHUNK = READ_CHUNK;

type Writer = Pick<Db, "insertInto" | "deleteFrom">;

/** Blobs as rows; local copies for the render workers go under `cacheDir`. */
export class DbBlobStore implements BlobStore {
  readonly kind = "database";
  readonly localFile: BlobStore["localFile"];

  constructor(
    private readonly db: Db,
    cacheDir: string,
    /** Chunk size of new blobs (tests make it small). */
    private readonly chunkBytes = BLOB_CHUNK,
  ) {
    this.localFile = cachedLocalFile(new FsBlobStore(cacheDir), (key) => this.get(key));
  }

  /** One transaction, so the blob is there whole or not at all (and a replaced one leaves no chunk behind). */
  async put(key: string, bytes: Uint8Array): Promise<void> {
    checkKey(key);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("blob_chunks").where("key", "=", key).execute();
      if (bytes.byteLength <= this.chunkBytes) return this.row(trx, key, bytes, bytes.byteLength, null);
      for (let idx = 0; idx * this.chunkBytes < bytes.byteLength; idx++) {
        await this.chunk(trx, key, idx, bytes.subarray(idx * this.chunkBytes, (idx + 1) * this.chunkBytes));
      }
      await this.row(trx, key, new Uint8Array(), bytes.byteLength, this.chunkBytes);
    });
  }

  /** Read from the file a chunk at a time into chunk rows (one transaction), then the file is removed. */
  async putFile(key: string, path: string): Promise<void> {
    checkKey(key);
    const file = await openFile(path, "r");
    try {
      const { size } = await file.stat();
      await this.db.transaction().execute(async (trx) => {
        await trx.deleteFrom("blob_chunks").where("key", "=", key).execute();
        if (size <= this.chunkBytes) {
          const { buffer } = await file.read(new Uint8Array(size), 0, size, 0);
          return this.row(trx, key, buffer, size, null);
        }
        for (let idx = 0, at = 0; at < size; idx++) {
          const length = Math.min(this.chunkBytes, size - at);
          const { bytesRead, buffer } = await file.read(new Uint8Array(length), 0, length, at);
          if (bytesRead !== length) throw new Error(`blob file ${path} shrank while being stored`);
          await this.chunk(trx, key, idx, buffer);
          at += length;
        }
        await this.row(trx, key, new Uint8Array(), size, this.chunkBytes);
      });
    } finally {
      await file.close();
    }
    await rm(path, { force: true });
  }

  private async row(trx: Writer, key: string, bytes: Uint8Array, size: number, chunkBytes: number | null): Promise<void> {
    await trx
      .insertInto("blobs")
      .values({ key, bytes, size, created_at: nowIso(), chunk_bytes: chunkBytes })
      .onConflict((oc) => oc.column("key").doUpdateSet({ bytes, size, chunk_bytes: chunkBytes }))
      .execute();
  }

  private async chunk(trx: Writer, key: string, idx: number, bytes: Uint8Array): Promise<void> {
    await trx.insertInto("blob_chunks").values({ key, idx, bytes }).execute();
  }

  /** The blob's bytes (chunks joined), or undefined. For small blobs: downloads use open(). */
  async get(key: string): Promise<Uint8Array | undefined> {
    checkKey(key);
    const row = await this.db.selectFrom("blobs").select(["bytes", "size", "chunk_bytes"]).where("key", "=", key).executeTakeFirst();
    if (row === undefined) return undefined;
    if (row.chunk_bytes === null) return new Uint8Array(row.bytes);
    return this.chunks(key, 0, Math.ceil(Number(row.size) / Number(row.chunk_bytes)) - 1).then((parts) => new Uint8Array(Buffer.concat(parts)));
  }

  /** The blob's size; its bytes are read a piece at a time (a chunk, or substr of an inline value). */
  async open(key: string): Promise<BlobReader | undefined> {
    checkKey(key);
    const row = await this.db.selectFrom("blobs").select(["size", "chunk_bytes"]).where("key", "=", key).executeTakeFirst();
    if (row === undefined) return undefined;
    const size = Number(row.size);
    const chunkBytes = row.chunk_bytes === null ? undefined : Number(row.chunk_bytes);
    const readAt = chunkBytes === undefined ? (offset: number, length: number) => this.piece(key, offset, length) : (offset: number, length: number) => this.chunkPiece(key, chunkBytes, offset, length);
    return { size, stream: (start, end) => pieceStream(start, end, readAt) };
  }

  // Both dialects count from 1.
  private async piece(key: string, offset: number, length: number): Promise<Uint8Array> {
    const part = isPostgres(this.db) ? sql<Uint8Array>`substring(bytes from ${offset + 1} for ${length})` : sql<Uint8Array>`substr(bytes, ${offset + 1}, ${length})`;
    const row = await this.db.selectFrom("blobs").select(part.as("part")).where("key", "=", key).executeTakeFirst();
    return row === undefined || row.part === null ? new Uint8Array() : new Uint8Array(row.part);
  }

  /** `length` bytes from `offset` of a chunked blob: the one or two chunks holding them. */
  private async chunkPiece(key: string, chunkBytes: number, offset: number, length: number): Promise<Uint8Array> {
    const first = Math.floor(offset / chunkBytes);
    const last = Math.floor((offset + length - 1) / chunkBytes);
    const parts = await this.chunks(key, first, last);
    if (parts.length === 0) return new Uint8Array();
    const joined = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    const from = offset - first * chunkBytes;
    return joined.subarray(from, from + length);
  }

  private async chunks(key: string, first: number, last: number): Promise<Uint8Array[]> {
    const rows = await this.db.selectFrom("blob_chunks").select(["idx", "bytes"]).where("key", "=", key).where("idx", ">=", first).where("idx", "<=", last).orderBy("idx").execute();
    // A missing chunk (only a broken store) ends the read short: the stream reports fewer bytes than the size.
    const parts: Uint8Array[] = [];
    for (const [i, row] of rows.entries()) {
      if (Number(row.idx) !== first + i) break;
      parts.push(new Uint8Array(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength));
    }
    return parts;
  }

  /** Deletes the blobs (and their chunks) under the prefix. */
  async deletePrefix(prefix: string): Promise<void> {
    checkKey(prefix);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("blob_chunks").where(startsWith(prefix)).execute();
      await trx.deleteFrom("blobs").where(startsWith(prefix)).execute();
    });
  }
}
