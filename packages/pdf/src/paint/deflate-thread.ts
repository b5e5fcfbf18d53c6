// A thread that deflates page contents for a merged batch's paint (./deferred-contents.ts). The render pool's
// other workers sit idle while one of them paints the merged document, so its deflates (a quarter of that paint)
// run in parallel here. The thread is a few lines of zlib, started from source text: no module of this package
// to resolve or load, ~20 ms to start, once per merged document.
import { deflateSync } from "node:zlib";
import { Worker } from "node:worker_threads";

const SOURCE = `
const { parentPort } = require("node:worker_threads");
const { deflateSync } = require("node:zlib");
parentPort.on("message", ({ id, contents, level }) => {
  try {
    parentPort.postMessage({ id, contents: contents.map((bytes) => deflateSync(bytes, { level })) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
`;

interface Reply {
  readonly id: number;
  readonly contents?: Uint8Array[];
  readonly error?: string;
}

/** zlib's deflate at `level` (default: zlib's default) on this thread (same bytes as DeflateThread's). */
export function deflateHere(contents: readonly Uint8Array[], level?: number): Promise<Uint8Array[]> {
  return Promise.resolve(contents.map((bytes) => deflateSync(bytes, { level })));
}

/** One deflating thread (zlib's default level unless given one); `close` ends it (also when the paint failed). */
export class DeflateThread {
  constructor(private readonly level?: number) {
    this.listen();
  }

  private readonly worker = new Worker(SOURCE, { eval: true });
  private readonly waiting = new Map<number, { resolve: (contents: Uint8Array[]) => void; reject: (error: Error) => void }>();
  private next = 0;
  private failure: Error | undefined;

  private listen(): void {
    this.worker.on("message", (reply: Reply) => {
      const waiting = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (reply.contents !== undefined) waiting?.resolve(reply.contents);
      else waiting?.reject(new Error(`deflate: ${reply.error ?? "no answer"}`));
    });
    const fail = (error: Error): void => {
      this.failure = error;
      for (const { reject } of this.waiting.values()) reject(error);
      this.waiting.clear();
    };
    this.worker.on("error", fail);
    this.worker.on("exit", () => fail(new Error("The deflate thread stopped.")));
  }

  /** Deflates each content (copied to the thread) as deflateSync would. */
  readonly deflate = (contents: readonly Uint8Array[]): Promise<Uint8Array[]> => {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    const id = this.next++;
    return new Promise<Uint8Array[]>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, contents, level: this.level });
    });
  };

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
