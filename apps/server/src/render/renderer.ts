// The render service the rest of the server sees: jobs go through the fair pool (./pool.ts) to ./worker.
import type { LayoutLimits } from "@docsvc/layout";
import { availableParallelism } from "node:os";
import { RENDER_DEFAULTS } from "./budget.js";
import type { Priority } from "./fair-queue.js";
import { RenderPool, type PoolStats, type SpareMode } from "./pool.js";
import { MessageChannel, type MessagePort, type TransferListItem } from "node:worker_threads";
import type {
  FirstPageRaster, ImportHtmlTask, ImportHtmlTaskResult, JobKind, MergeRowsHelpTask, MergeRowsTask, MergeTask, MergeTaskResult, RenderTask,
  RenderTaskResult, RowReply, RowRequest, ValidateTaskResult, ReadCertificateResult, ReadCertificateTask, SignTask, SignTaskResult,
} from "./protocol.js";

/** Who a job is for and how long it may run. */
export interface JobOptions {
  /** Jobs are scheduled round-robin between workspaces; absent: one shared lane. */
  readonly workspaceId?: string;
  /** Default: interactive (batch rows pass "batch" and wait behind interactive renders). */
  readonly priority?: Priority;
  /** Aborting it (the client went away) cancels the job, queued or running. */
  readonly signal?: AbortSignal;
  /** Default: the renderer's budget per render. */
  readonly timeoutMs?: number;
}

/** Renders and validates templates off the main thread. */
export interface Renderer {
  render(task: RenderTask, options?: JobOptions): Promise<RenderTaskResult>;
  validate(content: string, options?: JobOptions): Promise<ValidateTaskResult>;
  /** Renders every row into one PDF (batch `merged` output); absent in stand-ins that do not render. */
  merge?(task: MergeTask, options?: JobOptions): Promise<MergeTaskResult>;
  /**
   * Paints a merged batch from its rows' layouts (kept by `render` with `keepLayout`), read through `read` in row
   * order (twice); absent in stand-ins.
   */
  mergeRows?(task: Omit<MergeRowsTask, "port">, read: (index: number) => Promise<MergeRowSource>, options?: JobOptions): Promise<MergeTaskResult>;
  /** Rasterises page 1 of a PDF (AI references and drafts); absent in stand-ins that do not render. */
  rasterFirstPage?(bytes: Uint8Array, options?: JobOptions): Promise<FirstPageRaster>;
  /** Converts an HTML template into a report document; absent in stand-ins that do not render. */
  importHtml?(task: ImportHtmlTask, options?: JobOptions): Promise<ImportHtmlTaskResult>;
  /** Signs a finished PDF (PAdES; the timestamp request, if any, is made from the worker); absent in stand-ins. */
  sign?(task: SignTask, options?: JobOptions): Promise<SignTaskResult>;
  /** Opens an uploaded PKCS#12 with its password; absent in stand-ins. */
  readCertificate?(task: ReadCertificateTask, options?: JobOptions): Promise<ReadCertificateResult>;
  /**
   * Starts the worker threads now instead of with the first job (the server calls it once it listens); absent in
   * stand-ins.
   */
  start?(): void;
  /** Queue and worker counters (for monitoring); absent in stand-ins. */
  stats?(): PoolStats;
  /** Waits for queued and running jobs, then stops the threads. */
  close(): Promise<void>;
}

/** A merged row as the main thread hands it over: its layoutRow bytes, or its data to lay out again. */
export type MergeRowSource = { readonly layout: Uint8Array } | { readonly data: unknown };

/** Options of the worker pool (see the limits table in the README). */
export interface RendererOptions {
  /** Default: the number of cores. */
  readonly threads?: number;
  /** Budget of one render, in ms (RENDER_TIMEOUT_MS). A merged batch gets it once per row. */
  readonly timeoutMs?: number;
  /** Interactive renders that may wait at once (RENDER_QUEUE_MAX). */
  readonly queueMax?: number;
  /** Heap cap per worker thread, in MB (RENDER_WORKER_HEAP_MB). */
  readonly heapMb?: number;
  /** When the warm spare worker starts (RENDER_SPARE_WORKER); default on demand. */
  readonly spare?: SpareMode;
  /** Pages and band instances per render (RENDER_MAX_PAGES, RENDER_MAX_INSTANCES); default the layout's caps. */
  readonly layoutLimits?: LayoutLimits;
}

// Compiled, the worker is ./worker.js. Under tsx (tests, development) this file is .ts, and worker threads
// do not inherit tsx's ESM loader, so a small .mjs entry registers it before loading ./worker.ts.
const WORKER_FILE = new URL(import.meta.url.endsWith(".ts") ? "./worker-tsx.mjs" : "./worker.js", import.meta.url).href;

/** A renderer with one worker thread per core. */
export function createRenderer(options: RendererOptions = {}): Renderer {
  const timeoutMs = options.timeoutMs ?? RENDER_DEFAULTS.timeoutMs;
  const threads = Math.max(1, options.threads ?? availableParallelism());
  const pool = new RenderPool({
    file: WORKER_FILE,
    threads,
    heapMb: options.heapMb ?? RENDER_DEFAULTS.heapMb,
    queueMax: options.queueMax ?? RENDER_DEFAULTS.queueMax,
    ...(options.spare !== undefined ? { spare: options.spare } : {}),
    ...(options.layoutLimits !== undefined ? { layoutLimits: options.layoutLimits } : {}),
  });
  const run = (kind: JobKind, task: unknown, job: JobOptions = {}, budget = timeoutMs, transfer?: readonly TransferListItem[]): Promise<unknown> =>
    pool.run({
      kind,
      task,
      workspace: job.workspaceId ?? "",
      priority: job.priority ?? "interactive",
      timeoutMs: job.timeoutMs ?? budget,
      signal: job.signal,
      ...(transfer !== undefined ? { transfer } : {}),
    });
  return {
    render: (task, job) => run("render", task, job) as Promise<RenderTaskResult>,
    validate: (content, job) => run("validate", { content }, job) as Promise<ValidateTaskResult>,
    merge: (task, job) => run("merge", task, job, timeoutMs * Math.max(1, task.rows.length)) as Promise<MergeTaskResult>,
    mergeRows: async (task, read, job) => {
      const budget = timeoutMs * Math.max(1, task.count);
      // The worker pulls rows through its own channel as it paints, so no more than its read-ahead is in flight.
      const rows = rowChannel(read);
      const channels = [rows];
      // With a second thread, a helper job paints part of the pages (the other worker is idle during this paint).
      // It may start late or not at all (the pool is busy): the painting job then paints everything itself. Its
      // outcome is the painting job's business; a helper still queued when that job ends fails to start (its
      // ports are closed by then) and is dropped.
      const peers = threads >= 2 && task.count > 1 ? new MessageChannel() : undefined;
      const helper = peers?.port1;
      const coordinator = { ...task, port: rows.port, ...(helper !== undefined ? { helper } : {}) };
      // Queued first: within the batch lane jobs start in order, so a helper never holds a worker while its
      // painting job waits for one (two merged batches ending together cannot each hold a worker for a helper).
      const painted = run("mergeRows", coordinator, job, budget, helper !== undefined ? [rows.port, helper] : [rows.port]);
      if (peers !== undefined) {
        const helperRows = rowChannel(read);
        channels.push(helperRows);
        const help = { port: helperRows.port, peer: peers.port2 } satisfies MergeRowsHelpTask;
        run("mergeRowsHelp", help, job, budget, [helperRows.port, peers.port2]).catch(() => undefined);
      }
      try {
        return (await painted) as MergeTaskResult;
      } finally {
        for (const channel of channels) channel.close();
      }
    },
    rasterFirstPage: (bytes, job) => run("rasterFirstPage", { bytes }, job) as Promise<FirstPageRaster>,
    importHtml: (task, job) => run("importHtml", task, job) as Promise<ImportHtmlTaskResult>,
    sign: (task, job) => run("sign", task, job) as Promise<SignTaskResult>,
    readCertificate: (task, job) => run("readCertificate", task, job) as Promise<ReadCertificateResult>,
    start: () => pool.start(),
    stats: () => pool.stats(),
    close: () => pool.close(),
  };
}

/** A channel a merge worker reads rows through: `port` goes to the worker, `close` ends the main thread's end. */
function rowChannel(read: (index: number) => Promise<MergeRowSource>): { readonly port: MessagePort; close(): void } {
  const { port1, port2 } = new MessageChannel();
  port1.on("message", ({ request, index }: RowRequest) => {
    read(index).then(
      (row) => {
        if (!("layout" in row)) return port1.postMessage({ request, data: row.data } satisfies RowReply);
        const layout = ownBuffer(row.layout);
        port1.postMessage({ request, layout } satisfies RowReply, [layout.buffer as ArrayBuffer]);
      },
      (error: unknown) => port1.postMessage({ request, error: error instanceof Error ? error.message : String(error) } satisfies RowReply),
    );
  });
  return { port: port2, close: () => port1.close() };
}

/** Moving bytes needs a buffer they own alone (a Buffer from a pool or a view is copied first). */
function ownBuffer(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer ? bytes : bytes.slice();
}
