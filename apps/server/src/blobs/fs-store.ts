// The default blob store: files under DATA_DIR, laid out as the keys say (the layout the service always used).
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { checkKey, type BlobStore } from "./store.js";

/** Blobs as files under `root`. */
export class FsBlobStore implements BlobStore {
  readonly kind = "fs";

  constructor(private readonly root: string) {}

  /**
   * Written under a temporary name and renamed: a crash mid-write leaves no half file. The temporary file sits
   * in its own folder (same filesystem), so whoever lists the key's folder never sees it.
   */
  async put(key: string, bytes: Uint8Array): Promise<void> {
    const path = this.path(key);
    const tempDir = join(this.root, ".blob-tmp");
    await Promise.all([mkdir(dirname(path), { recursive: true }), mkdir(tempDir, { recursive: true })]);
    const temp = join(tempDir, randomUUID());
    await writeFile(temp, bytes);
    await rename(temp, path);
  }

  /** The file's bytes, or undefined when absent. */
  async get(key: string): Promise<Uint8Array | undefined> {
    return readFile(this.path(key)).then(
      (b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength),
      (err: NodeJS.ErrnoException) => {
        if (err.code === "ENOENT") return undefined;
        throw err;
      },
    );
  }

  /** Removes the folder. */
  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.path(prefix), { recursive: true, force: true });
  }

  /** The file itself, when it exists. */
  async localFile(key: string): Promise<string | undefined> {
    const path = this.path(key);
    return (await stat(path).catch(() => undefined)) === undefined ? undefined : path;
  }

  private path(key: string): string {
    checkKey(key);
    return join(this.root, key);
  }
}
