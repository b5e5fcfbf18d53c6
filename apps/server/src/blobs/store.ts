// Where the service keeps files: base PDFs and their page rasters, batch row PDFs and results, the mail outbox.
// Keys are relative paths (`base-pdfs/<templateId>/<hash>/original.pdf`); each store maps them to its medium.

/** A key-value store of immutable-once-written byte blobs. */
export interface BlobStore {
  /** Which medium (for logs and /health). */
  readonly kind: "fs" | "database" | "s3";
  /** Stores `bytes` under `key`: a reader sees the whole blob or none. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /**
   * Stores the local file at `path` under `key` and removes the file, without reading it whole where the medium
   * allows (the disk store renames it, S3 streams it); absent: read and put. Large results (a batch's ZIP) use it.
   */
  putFile?(key: string, path: string): Promise<void>;
  /** The blob under `key`, or undefined. */
  get(key: string): Promise<Uint8Array | undefined>;
  /** Removes every blob whose key starts with `prefix` (a folder, ending in `/`). */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * A local file holding the blob, for the render workers (which read files). The filesystem store answers
   * its own file; the others copy into a local cache, valid because callers only ask for content-addressed keys.
   */
  localFile(key: string): Promise<string | undefined>;
  /**
   * The blob for reading in pieces (downloads stream it, ranges included), or undefined when absent. Each store
   * reads only the bytes asked for, so a download never holds the whole blob (see ./reader.ts).
   */
  open(key: string): Promise<BlobReader | undefined>;
  /** Releases connections the store holds of its own (S3's HTTP agent), at shutdown. */
  close?(): void;
}

/** A stored blob opened for streaming: its size and its bytes from `start` to `end` (inclusive), piece by piece. */
export interface BlobReader {
  readonly size: number;
  stream(start: number, end: number): ReadableStream<Uint8Array>;
}

/** Throws unless `key` is a relative path of safe segments (no `..`, no leading `/`). */
export function checkKey(key: string): void {
  if (!/^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*\/?$/.test(key) || key.split("/").some((s) => s === ".." || s === ".")) {
    throw new Error(`Invalid blob key '${key}'`);
  }
}
