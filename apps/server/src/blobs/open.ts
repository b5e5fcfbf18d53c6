// The configured blob store.
import { join } from "node:path";
import type { Db } from "../db/database.js";
import type { BlobConfig } from "./config.js";
import { DbBlobStore } from "./db-store.js";
import { FsBlobStore } from "./fs-store.js";
import { S3BlobStore } from "./s3-store.js";
import type { BlobStore } from "./store.js";

/** Opens the store `config` names; remote stores keep local copies for the render workers in DATA_DIR/blob-cache. */
export function openBlobStore(config: BlobConfig | undefined, dataDir: string, db: Db): BlobStore {
  const cacheDir = join(dataDir, "blob-cache");
  switch (config?.kind ?? "fs") {
    case "database":
      return new DbBlobStore(db, cacheDir);
    case "s3":
      return new S3BlobStore(config as Extract<BlobConfig, { kind: "s3" }>, cacheDir);
    default:
      return new FsBlobStore(dataDir);
  }
}
