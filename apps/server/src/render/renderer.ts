// The render service the rest of the server sees: jobs go through the fair pool (./pool.ts) to ./worker.
import { availableParallelism } from "node:os";
import { RENDER_DEFAULTS } from "./budget.js";
import type { Priority } from "./fair-queue.js";
import { RenderPool, type PoolStats } from "./pool.js";
import type { FirstPageRaster, ImportHtmlTask, ImportHtmlTaskResult, JobKind, MergeTask, MergeTaskResult, RenderTask, RenderTaskResult, ValidateTaskResult } from "./protocol.js";

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
  /** Rasterises page 1 of a PDF (AI references and drafts); absent in stand-ins that do not render. */
  rasterFirstPage?(bytes: Uint8Array, options?: JobOptions): Promise<FirstPageRaster>;
  /** Converts an HTML template into a report document; absent in stand-ins that do not render. */
  importHtml?(task: ImportHtmlTask, options?: JobOptions): Promise<ImportHtmlTaskResult>;
  /** Queue and worker counters (for monitoring); absent in stand-ins. */
  stats?(): PoolStats;
  /** Waits for queued and running jobs, then stops the threads. */
  close(): Promise<void>;
}

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
}

// Compiled, the worker is ./worker.js. Under tsx (tests, development) this file is .ts, and worker threads
// do not inherit tsx's ESM loader, so a small .mjs entry registers it before loading ./worker.ts.
const WORKER_FILE = new URL(import.meta.url.endsWith(".ts") ? "./worker-tsx.mjs" : "./worker.js", import.meta.url).href;

/** A renderer with one worker thread per core. */
export function createRenderer(options: RendererOptions = {}): Renderer {
  const timeoutMs = options.timeoutMs ?? RENDER_DEFAULTS.timeoutMs;
  const pool = new RenderPool({
    file: WORKER_FILE,
    threads: Math.max(1, options.threads ?? availableParallelism()),
    heapMb: options.heapMb ?? RENDER_DEFAULTS.heapMb,
    queueMax: options.queueMax ?? RENDER_DEFAULTS.queueMax,
  });
  const run = (kind: JobKind, task: unknown, job: JobOptions = {}, budget = timeoutMs): Promise<unknown> =>
    pool.run({
      kind,
      task,
      workspace: job.workspaceId ?? "",
      priority: job.priority ?? "interactive",
      timeoutMs: job.timeoutMs ?? budget,
      signal: job.signal,
    });
  return {
    render: (task, job) => run("render", task, job) as Promise<RenderTaskResult>,
    validate: (content, job) => run("validate", { content }, job) as Promise<ValidateTaskResult>,
    merge: (task, job) => run("merge", task, job, timeoutMs * Math.max(1, task.rows.length)) as Promise<MergeTaskResult>,
    rasterFirstPage: (bytes, job) => run("rasterFirstPage", { bytes }, job) as Promise<FirstPageRaster>,
    importHtml: (task, job) => run("importHtml", task, job) as Promise<ImportHtmlTaskResult>,
    stats: () => pool.stats(),
    close: () => pool.close(),
  };
}
