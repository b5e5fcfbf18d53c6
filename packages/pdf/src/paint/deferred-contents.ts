// Page content streams deflated away from the painting thread, for documents of many pages (merged batches).
// pdfkit deflates a page's content synchronously when the page ends, which was a quarter of a merged batch's
// final paint (CPU profile, 2,000 one-page invoices). Here ending a page hands its content to a deflate function
// (./deflate-thread.ts: another thread, using the core the rest of the render pool leaves idle during that paint)
// and the painting thread goes on with the next pages.
//
// The content objects keep their ids (the page dictionaries name them) but are written after every other page
// object, in page order, once the last page is painted: the file's object order then does not depend on when
// each deflate finished, so equal layouts still give equal bytes. The deflate must be zlib's default deflate
// (what pdfkit uses), so only that order differs from a pdfkit-deflated file.

import { concatBytes } from "./concat-bytes.js";

/** The parts of pdfkit's PDFReference this module drives (absent from @types/pdfkit). */
interface StreamRef {
  buffer: Uint8Array[];
  compress: boolean;
  end(chunk?: Uint8Array | string): void;
  finalize(): void;
}

interface Pending {
  readonly ref: StreamRef;
  bytes: Promise<Uint8Array> | undefined;
}

/** Contents handed to the deflate function at once: one message (and one wake-up of its thread) per group. */
const GROUP = 8;

/** Page contents whose deflate is under way, written in page order by `writeAll`. */
export class DeferredContents {
  private readonly pending: Pending[] = [];
  /** Contents ended but not yet handed over (fewer than GROUP). */
  private queued: { entry: Pending; raw: Uint8Array }[] = [];
  /** Groups handed over and not known to be done, oldest first. */
  private readonly running: Promise<unknown>[] = [];

  constructor(private readonly deflate: ContentDeflate) {}

  /** Takes over a page's content stream: ending it queues its deflate instead of writing it. */
  adopt(content: unknown): void {
    const ref = content as StreamRef;
    ref.end = (chunk) => {
      if (chunk !== undefined) throw new Error("A deferred page content ends without a last chunk.");
      // pdfkit writes a stream only when something was written to it; an empty content is written as it is.
      if (!ref.compress || ref.buffer.length === 0) return ref.finalize();
      const raw = ref.buffer.length === 1 ? ref.buffer[0]! : concatBytes(ref.buffer);
      ref.buffer = [];
      const entry: Pending = { ref, bytes: undefined };
      this.pending.push(entry);
      this.queued.push({ entry, raw });
      if (this.queued.length >= GROUP) this.handOver();
    };
  }

  /** Waits until no more than `limit` groups are still being deflated (bounds the raw contents held at once). */
  async settle(limit: number): Promise<void> {
    while (this.running.length > limit) await this.running.shift();
  }

  /** Writes every adopted content that was ended, in page order, as pdfkit would have (already deflated). */
  async writeAll(): Promise<void> {
    this.handOver();
    for (const { ref, bytes } of this.pending) {
      ref.buffer = [await bytes!];
      // Filter stays FlateDecode (set on the first write); pdfkit must not deflate the bytes again.
      ref.compress = false;
      ref.finalize();
    }
    this.pending.length = 0;
    this.running.length = 0;
  }

  private handOver(): void {
    const group = this.queued;
    if (group.length === 0) return;
    this.queued = [];
    const deflated = this.deflate(group.map(({ raw }) => raw));
    for (const [i, { entry }] of group.entries()) {
      const bytes = deflated.then((all) => all[i]!);
      // A failure is answered by writeAll, which awaits each entry; a paint that failed first never does, and its
      // deflates (failing as their thread is closed) must not become unhandled rejections.
      bytes.catch(() => undefined);
      entry.bytes = bytes;
    }
    this.running.push(deflated.catch(() => undefined));
  }
}

/** zlib's default deflate (`deflateSync(bytes)`) of each content, done wherever the function likes. */
export type ContentDeflate = (contents: readonly Uint8Array[]) => Promise<Uint8Array[]>;
