// One file field of a multipart/form-data request, streamed to a local file as it arrives (never held whole):
// the byte cap is enforced while streaming, so an oversized upload answers 413 as soon as it passes the cap, and
// the file's SHA-256 is computed on the way (content-addressed blob keys need it).
import { Busboy } from "@fastify/busboy";
import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { join } from "node:path";
import { Readable, Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import { PayloadTooLargeError, ValidationError } from "../errors.js";

/** The received file: where it was written, its client-side name, size and SHA-256 (hex). */
export interface ReceivedFile {
  readonly path: string;
  readonly name: string;
  readonly size: number;
  readonly sha256: string;
}

/** Room for the multipart envelope (boundaries, part headers, small fields) around the file itself. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * Streams the file in field `field` of `request` to `<dir>/upload` and answers it. Throws 413 once the file passes
 * `maxBytes` (or the body `maxBytes` plus the envelope), 400 when the body is not multipart or has no such field.
 * On a throw the partial file may remain in `dir`: the caller owns the folder and removes it.
 */
export async function receiveMultipartFile(request: Request, field: string, maxBytes: number, dir: string): Promise<ReceivedFile> {
  const bad = (): ValidationError => ValidationError.field(field, `The body must be multipart/form-data with the file in the field '${field}'.`);
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type) || request.body === null) throw bad();
  // A declared length past the cap is refused before a byte is read.
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes + ENVELOPE_BYTES) throw new PayloadTooLargeError(maxBytes);

  let busboy: Busboy;
  try {
    busboy = new Busboy({ headers: { "content-type": type }, limits: { fileSize: maxBytes, files: 1, fields: 20, parts: 40 } });
  } catch {
    throw bad();
  }
  const path = join(dir, "upload");
  let received: Promise<ReceivedFile> | undefined;
  let failure: Error | undefined;
  const fail = (error: Error): void => {
    failure ??= error;
  };
  busboy.on("file", (name, stream, fileName) => {
    if (name !== field || received !== undefined) {
      stream.resume();
      return;
    }
    const hash = createHash("sha256");
    let size = 0;
    stream.on("limit", () => {
      fail(new PayloadTooLargeError(maxBytes));
      // Stop the whole body: nothing more is read once the cap is passed.
      stream.destroy(new PayloadTooLargeError(maxBytes));
    });
    // Counted and hashed on the way to the file.
    const tap = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.byteLength;
        hash.update(chunk);
        done(null, chunk);
      },
    });
    received = pipeline(stream, tap, createWriteStream(path)).then(() => ({ path, name: fileName ?? "", size, sha256: hash.digest("hex") }));
    received.catch(() => undefined);
  });
  busboy.on("partsLimit", () => fail(bad()));
  busboy.on("filesLimit", () => undefined);

  // The raw body, counted: a body far past the cap (huge fields, many parts) is stopped too.
  let bodyBytes = 0;
  const body = Readable.fromWeb(request.body as unknown as NodeWebStream<Uint8Array>);
  const capped = new Writable({
    write(chunk: Buffer, _enc, done) {
      bodyBytes += chunk.byteLength;
      if (failure !== undefined) return done(failure);
      if (bodyBytes > maxBytes + ENVELOPE_BYTES) return done(new PayloadTooLargeError(maxBytes));
      busboy.write(chunk, (err) => done(err ?? failure));
    },
    final(done) {
      busboy.once("finish", () => done());
      busboy.once("error", (err: Error) => done(err));
      busboy.end();
    },
  });
  try {
    await pipeline(body, capped);
  } catch (error) {
    if (failure !== undefined) throw failure;
    if (error instanceof PayloadTooLargeError) throw error;
    throw bad();
  }
  if (failure !== undefined) throw failure;
  if (received === undefined) throw ValidationError.field(field, `file is required: the file in the multipart field '${field}'.`);
  try {
    return await received;
  } catch (error) {
    throw failure ?? (error instanceof PayloadTooLargeError ? error : bad());
  }
}
