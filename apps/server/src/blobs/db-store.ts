// Blobs in the database's `blobs` table: the store of choice with DATABASE_URL (PostgreSQL), so instances
// share files without a shared disk or an object store.
import type { Db } from "../db/database.js";
import { startsWith } from "../db/dialect.js";
import { nowIso } from "../time.js";
import { cachedLocalFile } from "./cached.js";
import { FsBlobStore } from "./fs-store.js";
import { checkKey, type BlobStore } from "./store.js";

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

  /** Deletes the rows under the prefix. */
  async deletePrefix(prefix: string): Promise<void> {
    checkKey(prefix);
    await this.db.deleteFrom("blobs").where(startsWith(prefix)).execute();
  }
}
