// Blobs in the database's `blobs` table: the store of choice with DATABASE_URL (PostgreSQL), so instances
// share files without a shared disk or an object store.
import type { Db } from "../db/database.js";
import { startsWith } from "../db/dialect.js";
import { nowIso } from "../time.js";
import { cachedLocalFile } from "./cached.js";
import { FsBlobStore } from "./fs-store.js";
import { sql } from "kysely";
import { isPostgres } from "../db/dialect.js";
import { pieceStream } from "./reader.js";
import { checkKey, type BlobReader, type BlobStore } from "./store.js";

/** Blobs as rows; local copies for the render workers go under `cacheDir`. */
export class DbBlobStore implements BlobStore {
  readonly kind = "database";
  readonly localFile: BlobStore["localFile"];

  constructor(private readonly db: Db, cacheDir: string) {
    this.localFile = cachedLocalFile(new FsBlobStore(cacheDir), (key) => this.get(key));
  }

  /** One statement, so the row is there whole or not at all. */
  async put(key: string, bytes: Uint8Array): Promise<void> {
    checkKey(key);
    await this.db
      .insertInto("blobs")
      .values({ key, bytes, size: bytes.byteLength, created_at: nowIso() })
      .onConflict((oc) => oc.column("key").doUpdateSet({ bytes, size: bytes.byteLength }))
      .execute();
  }

  /** The row's bytes, or undefined. */
  async get(key: string): Promise<Uint8Array | undefined> {
    checkKey(key);
    const row = await this.db.selectFrom("blobs").select("bytes").where("key", "=", key).executeTakeFirst();
    return row === undefined ? undefined : new Uint8Array(row.bytes);
  }

  /** The row's size; its bytes are read a piece at a time (substr/substring), never the whole value at once. */
  async open(key: string): Promise<BlobReader | undefined> {
    checkKey(key);
    const row = await this.db.selectFrom("blobs").select("size").where("key", "=", key).executeTakeFirst();
    if (row === undefined) return undefined;
    const size = Number(row.size);
    return { size, stream: (start, end) => pieceStream(start, end, (offset, length) => this.piece(key, offset, length)) };
  }

  // Both dialects count from 1.
  private async piece(key: string, offset: number, length: number): Promise<Uint8Array> {
    const part = isPostgres(this.db) ? sql<Uint8Array>`substring(bytes from ${offset + 1} for ${length})` : sql<Uint8Array>`substr(bytes, ${offset + 1}, ${length})`;
    const row = await this.db.selectFrom("blobs").select(part.as("part")).where("key", "=", key).executeTakeFirst();
    return row === undefined || row.part === null ? new Uint8Array() : new Uint8Array(row.part);
  }

  /** Deletes the rows under the prefix. */
  async deletePrefix(prefix: string): Promise<void> {
    checkKey(prefix);
    await this.db.deleteFrom("blobs").where(startsWith(prefix)).execute();
  }
}
