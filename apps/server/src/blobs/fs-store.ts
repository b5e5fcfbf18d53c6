// The default blob store: files under DATA_DIR, laid out as the keys say (the layout the service always used).
import { randomUUID } from "node:crypto";
import { copyFile, mkdir, open, readFile, rename, rm, stat, writeFile, type FileHandle } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pieceStream } from "./reader.js";
import { checkKey, type BlobReader, type BlobStore } from "./store.js";

/** Blobs as files under `root`. */
export class FsBlobStore implements BlobStore {
  readonly kind = "fs";

  private tempReady: Promise<string> | undefined;

  constructor(private readonly root: string) {}

  /**
   * Written under a temporary name and renamed: a crash mid-write leaves no half file. The temporary file sits
   * in its own folder (same filesystem), so whoever lists the key's folder never sees it.
   */
  async put(key: string, bytes: Uint8Array): Promise<void> {
    const path = this.path(key);
    let temp = join(await this.tempDir(), randomUUID());
    try {
      await writeFile(temp, bytes);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      // The temporary folder was removed since it was made: make it again.
      this.tempReady = undefined;
      temp = join(await this.tempDir(), randomUUID());
      await writeFile(temp, bytes);
    }
    // The key's folder usually exists (a batch's rows share one): it is made only when the rename finds it missing.
    try {
      await rename(temp, path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      await mkdir(dirname(path), { recursive: true });
      await rename(temp, path);
    }
  }

  /** Moves the file into place: renamed when on the same filesystem, else copied beside the blobs and renamed. */
  async putFile(key: string, source: string): Promise<void> {
    const path = this.path(key);
    let from = source;
    try {
      await rename(from, path).catch(async (err: NodeJS.ErrnoException) => {
        if (err.code === "ENOENT") {
          await mkdir(dirname(path), { recursive: true });
          return rename(from, path);
        }
        throw err;
      });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
      // Another filesystem: copied into the temporary folder first, so the key appears whole or not at all.
      from = join(await this.tempDir(), randomUUID());
      await copyFile(source, from);
      await mkdir(dirname(path), { recursive: true });
      await rename(from, path);
      await rm(source, { force: true });
    }
  }

  /** The folder of temporary files, made once per store (each file-system round trip counts in a large batch). */
  private tempDir(): Promise<string> {
    const dir = join(this.root, ".blob-tmp");
    this.tempReady ??= mkdir(dir, { recursive: true }).then(() => dir, (err: unknown) => {
      this.tempReady = undefined;
      throw err;
    });
    return this.tempReady;
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

  /** The file's size now; its bytes are read piece by piece as a download asks for them. */
  async open(key: string): Promise<BlobReader | undefined> {
    const path = this.path(key);
    const info = await stat(path).catch((err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT") return undefined;
      throw err;
    });
    if (info === undefined || !info.isFile()) return undefined;
    return {
      size: info.size,
      stream: (start, end) => {
        // Opened with the first piece asked for and closed when the stream ends or the client goes away.
        let handle: Promise<FileHandle> | undefined;
        const readAt = async (offset: number, length: number): Promise<Uint8Array> => {
          handle ??= open(path, "r");
          const piece = new Uint8Array(length);
          const { bytesRead } = await (await handle).read(piece, 0, length, offset);
          return piece.subarray(0, bytesRead);
        };
        return pieceStream(start, end, readAt, async () => void (await (await handle)?.close()));
      },
    };
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
