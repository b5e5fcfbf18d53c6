// Handing a finished local file to the blob store (a batch's ZIP or merged PDF).
import { readFile } from "node:fs/promises";
import type { BlobStore } from "./store.js";

/** Stores the file at `path` under `key` and removes it: streamed where the store can, else read and put. */
export async function putLocalFile(blobs: BlobStore, key: string, path: string): Promise<void> {
  if (blobs.putFile !== undefined) await blobs.putFile(key, path);
  else await blobs.put(key, new Uint8Array(await readFile(path)));
}
