// A second thread painting part of a merged batch (the render pool's other worker, which sits idle during the
// final paint otherwise). It talks with the painting coordinator (./paint-rows.ts) over a message port:
//
//   helper → coordinator  { kind: "ready" }                     once it runs (it may start late, or never)
//   coordinator → helper  { kind: "plan", plan }                 the subsets and names every part paints with
//   coordinator → helper  { kind: "chunk", chunk, from, to }     paint rows from…to-1 (a few chunks at a time)
//   helper → coordinator  { kind: "painted", chunk, … }          the pages, contents deflated, packed in one buffer
//   helper → coordinator  { kind: "failed", chunk, error }       the coordinator paints that chunk itself
//   coordinator → helper  { kind: "done" }                       (or the port closes) the helper returns
//
// The coordinator only hands a chunk to a helper that said it runs, and paints any chunk whose answer fails or
// whose helper went away itself, so a helper that never starts (the pool is busy) or dies costs no correctness.
import type { FontRegistry } from "@docsvc/layout";
import type { MessagePort } from "node:worker_threads";
import { deflateSync } from "node:zlib";
import { concatBytes } from "../paint/concat-bytes.js";
import { EncodedRow } from "./codec.js";
import { CONTENT_LEVEL, PartPainter, ResolvedPlan, type MergePlan, type PaintedChunk, type PaintedPage } from "./parts.js";

/** One end of the channel between a merged paint's coordinator and its helper. */
export type MergePeer = MessagePort;

/** What the coordinator posts. */
export type ToHelper =
  | { readonly kind: "plan"; readonly plan: MergePlan }
  | { readonly kind: "chunk"; readonly chunk: number; readonly from: number; readonly to: number }
  | { readonly kind: "done" };

/** What the helper posts. */
export type FromHelper =
  | { readonly kind: "ready" }
  | { readonly kind: "painted"; readonly chunk: number; readonly packed: PackedChunk }
  | { readonly kind: "failed"; readonly chunk: number; readonly error: string };

/** A painted chunk for posting: the deflated contents joined in one buffer (moved, not copied). */
export interface PackedChunk {
  readonly pages: readonly Omit<PaintedPage, "content">[];
  readonly lengths: readonly number[];
  readonly contents: Uint8Array;
  readonly shadings: PaintedChunk["shadings"];
}

/** Joins a chunk's (deflated) contents into one buffer of its own, which the post moves. */
export function packChunk(chunk: PaintedChunk): PackedChunk {
  const lengths = chunk.pages.map((page) => page.content.byteLength);
  const contents = concatBytes(chunk.pages.map((page) => page.content));
  const pages = chunk.pages.map(({ content: _content, ...page }) => page);
  return { pages, lengths, contents, shadings: chunk.shadings };
}

/** A packed chunk's pages again, each content a view on the one buffer. */
export function unpackChunk(packed: PackedChunk): PaintedChunk {
  let at = 0;
  const pages = packed.pages.map((page, i) => {
    const length = packed.lengths[i]!;
    const content = packed.contents.subarray(at, at + length);
    at += length;
    return { ...page, content };
  });
  return { pages, shadings: packed.shadings };
}

/**
 * Paints the chunks the coordinator on `peer` hands over, reading rows through `read` (encodeRowLayout bytes);
 * resolves once the coordinator is done or gone. Failures are reported per chunk, never thrown.
 */
export function helpPaintMergedRows(peer: MergePeer, read: (index: number) => Promise<Uint8Array>, fonts: FontRegistry): Promise<void> {
  return new Promise<void>((resolve) => {
    let painter: PartPainter | undefined;
    let planError: string | undefined;
    let finished = false;
    let busy = false;
    const queue: { chunk: number; rows: Promise<Uint8Array>[] }[] = [];
    const end = (): void => {
      if (finished) return;
      finished = true;
      queue.length = 0;
      resolve();
    };
    const paint = async (rows: readonly Promise<Uint8Array>[]): Promise<PackedChunk> => {
      if (painter === undefined) throw new Error(planError ?? "merged part: a chunk came before the plan");
      for (const bytes of rows) for (const page of EncodedRow.read(await bytes).pages()) painter.paintPage(page);
      const chunk = painter.takeChunk();
      for (const page of chunk.pages) page.content = deflateSync(page.content, { level: CONTENT_LEVEL });
      return packChunk(chunk);
    };
    const pump = async (): Promise<void> => {
      if (busy) return;
      busy = true;
      while (!finished && queue.length > 0) {
        const { chunk, rows } = queue.shift()!;
        try {
          const packed = await paint(rows);
          if (!finished) peer.postMessage({ kind: "painted", chunk, packed } satisfies FromHelper, [packed.contents.buffer as ArrayBuffer]);
        } catch (error) {
          painter?.discard();
          if (!finished) peer.postMessage({ kind: "failed", chunk, error: error instanceof Error ? error.message : String(error) } satisfies FromHelper);
        }
      }
      busy = false;
    };
    peer.on("close", end);
    peer.on("message", (message: ToHelper) => {
      if (finished) return;
      if (message.kind === "done") return end();
      if (message.kind === "plan") {
        try {
          painter = new PartPainter(ResolvedPlan.from(message.plan, fonts));
        } catch (error) {
          planError = error instanceof Error ? error.message : String(error);
        }
        return;
      }
      const rows: Promise<Uint8Array>[] = [];
      // Read as soon as handed over (a chunk or two ahead), so the main thread's reads overlap painting.
      for (let i = message.from; i < message.to; i++) {
        const bytes = read(i);
        bytes.catch(() => undefined);
        rows.push(bytes);
      }
      queue.push({ chunk: message.chunk, rows });
      void pump();
    });
    peer.postMessage({ kind: "ready" } satisfies FromHelper);
  });
}
