// The local copy remote stores hand the render workers: blobs copied once into a cache folder and reused.
import { FsBlobStore } from "./fs-store.js";
import type { BlobStore } from "./store.js";

/** `localFile` for a remote store: fetched into `cache` on first use (keys asked for are content-addressed). */
export function cachedLocalFile(cache: FsBlobStore, get: (key: string) => Promise<Uint8Array | undefined>): BlobStore["localFile"] {
  return async (key) => {
    const hit = await cache.localFile(key);
    if (hit !== undefined) return hit;
    const bytes = await get(key);
    if (bytes === undefined) return undefined;
    await cache.put(key, bytes);
    return cache.localFile(key);
  };
}
