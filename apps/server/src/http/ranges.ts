// Downloads of stored files: streamed from the blob store (never read whole), with single byte ranges (RFC 9110
// §14): `Range: bytes=a-b`, `bytes=a-`, `bytes=-n` answer 206 with Content-Range; a range past the end answers 416
// with `Content-Range: bytes */size`; `If-Range` with a different validator, several ranges or a malformed header
// answer the whole file (200), as the RFC allows. Stored results never change, so the ETag is fixed per file.
import type { BlobReader } from "../blobs/store.js";

/** What the Range header asks of a file of `size` bytes. */
export type RangeRequest =
  | { readonly kind: "whole" }
  | { readonly kind: "part"; readonly start: number; readonly end: number }
  | { readonly kind: "unsatisfiable" };

/** Reads a Range header against a file of `size` bytes (one range only; anything else reads as the whole file). */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return { kind: "whole" };
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  // Several ranges, other units or nonsense: ignored (a 200 with the whole file is always a correct answer).
  if (match === null) return { kind: "whole" };
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return { kind: "whole" };
  if (first === "") {
    // A suffix: the last n bytes (all of them when n is larger than the file).
    const n = Number(last);
    if (n === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "part", start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  if (!Number.isSafeInteger(start) || start >= size) return { kind: "unsatisfiable" };
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return { kind: "whole" };
  return { kind: "part", start, end };
}

/** The file's fixed description for the download. */
export interface StoredFile {
  readonly reader: BlobReader;
  readonly contentType: string;
  /** The Content-Disposition header value. */
  readonly disposition: string;
  /** A strong validator (quoted), fixed for the file's lifetime. */
  readonly etag: string;
  /** The file's time (If-Range may name it). */
  readonly lastModified?: Date | undefined;
}

/** The download response for `file` given the request's Range and If-Range headers. */
export function fileResponse(file: StoredFile, headers: { readonly range?: string | undefined; readonly ifRange?: string | undefined }): Response {
  const { reader } = file;
  const common: Record<string, string> = {
    "Accept-Ranges": "bytes",
    "Content-Type": file.contentType,
    "Content-Disposition": file.disposition,
    ETag: file.etag,
    "Cache-Control": "no-store",
  };
  if (file.lastModified !== undefined) common["Last-Modified"] = file.lastModified.toUTCString();
  const range = rangeApplies(file, headers.ifRange) ? parseRange(headers.range, reader.size) : ({ kind: "whole" } as const);
  if (range.kind === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { ...common, "Content-Range": `bytes */${reader.size}`, "Content-Length": "0" } });
  }
  if (range.kind === "part") {
    return new Response(reader.stream(range.start, range.end), {
      status: 206,
      headers: { ...common, "Content-Range": `bytes ${range.start}-${range.end}/${reader.size}`, "Content-Length": String(range.end - range.start + 1) },
    });
  }
  const body = reader.size === 0 ? null : reader.stream(0, reader.size - 1);
  return new Response(body, { status: 200, headers: { ...common, "Content-Length": String(reader.size) } });
}

// If-Range: the range applies only when the validator names this very file (strong ETag, or the exact date).
function rangeApplies(file: StoredFile, ifRange: string | undefined): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"')) return value === file.etag;
  if (value.startsWith("W/")) return false;
  const when = Date.parse(value);
  return file.lastModified !== undefined && !Number.isNaN(when) && Math.floor(file.lastModified.getTime() / 1000) === Math.floor(when / 1000);
}
