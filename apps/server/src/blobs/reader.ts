// Reading a blob in pieces: the streams behind downloads. A piece is at most READ_CHUNK bytes, so a download of
// any size holds a few pieces at a time, never the whole file (docs/downloads.md).
import type { BlobReader } from "./store.js";

/** The largest piece a store reads at once for a stream. */
export const READ_CHUNK = 256 * 1024;

/**
 * A stream over `[start, end]` read with `readAt(offset, length)` one piece at a time, each piece read only when
 * the consumer asks for it (back-pressure: a slow client slows the reads, memory stays flat).
 */
export function pieceStream(
  start: number,
  end: number,
  readAt: (offset: number, length: number) => Promise<Uint8Array>,
  /** Runs once when the stream ends, fails or is cancelled (a file handle is closed here). */
  done: () => Promise<void> = async () => undefined,
): ReadableStream<Uint8Array> {
  let at = start;
  let finished = false;
  const finish = async (): Promise<void> => {
    if (finished) return;
    finished = true;
    await done();
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (at > end) {
          await finish();
          controller.close();
          return;
        }
        const length = Math.min(READ_CHUNK, end - at + 1);
        let piece: Uint8Array;
        try {
          piece = await readAt(at, length);
        } catch (err) {
          await finish().catch(() => undefined);
          throw err;
        }
        // A blob that shrank under the reader (it is immutable once written, so only a broken store) ends the stream.
        if (piece.byteLength === 0) {
          await finish();
          controller.error(new Error("blob: fewer bytes than its size"));
          return;
        }
        at += piece.byteLength;
        controller.enqueue(piece);
      },
      cancel: finish,
    },
    // Nothing is read ahead of the consumer: one piece in hand at most.
    { highWaterMark: 0 },
  );
}

/** A reader over bytes already in memory (stores without a ranged read of their own, and tests). */
export function bytesReader(bytes: Uint8Array): BlobReader {
  return {
    size: bytes.byteLength,
    stream: (start, end) => pieceStream(start, end, async (offset, length) => bytes.subarray(offset, offset + length)),
  };
}
