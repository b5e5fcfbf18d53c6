// The render pool: a fixed set of worker threads with a fair queue in front. Unlike a generic pool it can stop
// one running job: a job past its time budget, or whose caller gave up, has its worker terminated and replaced,
// and a worker that exhausts its heap cap takes only its own job down.
// The threads start on `start()` (the server calls it once it listens, so they do not compete with its start-up)
// or with the first job, whichever comes first; a job sent before they are warm waits in the queue for one.
// A spare worker waits warm (no jobs) to take a stopped worker's place at once: starting one takes about a second,
// which would otherwise be added to the wait of every job queued behind a stopped render. By default
// (`spare: "on-demand"`) it starts after the first stopped render: a warm idle isolate holds ~27 MB of RSS, which a
// server whose renders never time out or get abandoned would pay for nothing. With `spare: "always"` it starts
// as soon as the others are warm. Either way it starts after the others are ready rather than with them, so it
// never competes with them (or with the server's start-up) for the cores.
import type { LayoutLimits } from "@docsvc/layout";
import { Worker, type TransferListItem } from "node:worker_threads";
import { RenderAbortedError, RenderBudgetError, RenderQueueFullError } from "./budget.js";
import { FairQueue, type Priority } from "./fair-queue.js";
import type { JobKind, WorkerReply } from "./protocol.js";

// A render allocates many short-lived objects; with V8's default young generation (up to 16 MiB semi-spaces) each
// worker's new space grows to ~48 MiB under a steady load. 12 MiB (4 MiB semi-spaces) scavenges more often for no
// measurable CPU per render, and cut the peak RSS of an invoice-20 loop on two worker threads from 241 to 194 MiB.
const RENDER_YOUNG_GENERATION_MB = 12;

/** How the pool is sized and bounded. */
export interface PoolOptions {
  /** The worker module (URL). */
  readonly file: string;
  readonly threads: number;
  /** Heap cap of each worker (old generation), in MB. */
  readonly heapMb: number;
  /** Interactive jobs that may wait at once; one workspace may hold at most a quarter of them. */
  readonly queueMax: number;
  /** When the warm spare starts: once the workers are warm (`always`) or after the first stopped worker (default). */
  readonly spare?: SpareMode;
  /** Pages and band instances per render (RENDER_MAX_PAGES, RENDER_MAX_INSTANCES), handed to each worker at start. */
  readonly layoutLimits?: LayoutLimits;
}

/** When the pool's warm spare worker starts (RENDER_SPARE_WORKER). */
export type SpareMode = "always" | "on-demand";

/** One job as the pool runs it. */
export interface JobRequest {
  readonly kind: JobKind;
  readonly task: unknown;
  readonly workspace: string;
  readonly priority: Priority;
  readonly timeoutMs: number;
  readonly signal: AbortSignal | undefined;
  /** Moved with the task to the worker (a MessagePort the job talks through). */
  readonly transfer?: readonly TransferListItem[];
}

/** Counters for monitoring: what waits, what runs, and what was stopped. */
export interface PoolStats {
  readonly threads: number;
  readonly queued: { readonly interactive: number; readonly batch: number };
  readonly running: number;
  /** Workers still starting (loading fonts and warming up), the spare included. */
  readonly starting: number;
  /** Whether a spare worker exists (it starts once the others are ready). */
  readonly spare: boolean;
  /** Workers replaced after a timeout, an abort, a heap exhaustion or a crash. */
  readonly workerRestarts: number;
  readonly timeouts: number;
  readonly memoryKills: number;
  readonly aborted: number;
  /** Jobs refused because the queue was full. */
  readonly rejected: number;
}

interface Job extends JobRequest {
  readonly id: number;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
  onAbort?: () => void;
}

interface Slot {
  readonly worker: Worker;
  /** The spare runs no jobs until it replaces a stopped worker. */
  spare: boolean;
  ready: boolean;
  retired: boolean;
  job: Job | undefined;
  timer: NodeJS.Timeout | undefined;
  /** Set by the worker's `error` event: why it is about to exit. */
  fault: Error | undefined;
}

/** How long to wait before replacing a worker that died while starting. */
const START_RETRY_MS = 1_000;

/** Seconds a refused caller is told to wait: about what the queue ahead needs. */
const RETRY_AFTER_SECONDS = 2;

/** The worker pool and its scheduler. */
export class RenderPool {
  private readonly queue = new FairQueue<Job>();
  private readonly slots = new Set<Slot>();
  private spare: Slot | undefined;
  private nextId = 1;
  private closing = false;
  private started = false;
  private drained: (() => void) | undefined;
  private counts = { workerRestarts: 0, timeouts: 0, memoryKills: 0, aborted: 0, rejected: 0 };

  constructor(private readonly options: PoolOptions) {}

  /** Starts the worker threads (once; later calls do nothing). */
  start(): void {
    if (this.started || this.closing) return;
    this.started = true;
    for (let i = 0; i < this.options.threads; i++) this.spawn(false);
  }

  /** Queues a job; resolves with the worker's answer or rejects with a budget, queue or abort error. */
  run(request: JobRequest): Promise<unknown> {
    if (this.closing) return Promise.reject(new Error("The render pool is closed."));
    if (request.signal?.aborted === true) return Promise.reject(new RenderAbortedError());
    if (request.priority === "interactive" && this.isFull(request.workspace)) {
      this.counts.rejected += 1;
      return Promise.reject(new RenderQueueFullError(RETRY_AFTER_SECONDS));
    }
    this.start();
    return new Promise((resolve, reject) => {
      // Object.assign, not `{ ...request, id, resolve, reject }`: on Node 20 (V8 11) a spread that gains properties
      // makes a new hidden class per job, allocated in the old generation.
      const job: Job = Object.assign({ id: this.nextId++, resolve, reject, onAbort: undefined }, request);
      if (request.signal !== undefined) {
        job.onAbort = () => this.abort(job);
        request.signal.addEventListener("abort", job.onAbort, { once: true });
      }
      this.queue.push(job, job.workspace, job.priority);
      this.dispatch();
    });
  }

  /** Current counters. */
  stats(): PoolStats {
    let running = 0;
    let starting = 0;
    for (const slot of this.slots) {
      if (slot.job !== undefined) running += 1;
      if (!slot.ready) starting += 1;
    }
    return {
      threads: this.options.threads,
      queued: { interactive: this.queue.size("interactive"), batch: this.queue.size("batch") },
      running,
      starting,
      spare: this.spare !== undefined,
      ...this.counts,
    };
  }

  /** Lets queued and running jobs finish, then stops every worker. */
  async close(): Promise<void> {
    this.closing = true;
    if (!this.idle()) await new Promise<void>((resolve) => (this.drained = resolve));
    this.spare = undefined;
    const workers = [...this.slots].map((slot) => {
      slot.retired = true;
      return slot.worker.terminate();
    });
    this.slots.clear();
    await Promise.all(workers);
  }

  private isFull(workspace: string): boolean {
    const { queueMax } = this.options;
    return this.queue.size("interactive") >= queueMax || this.queue.waiting(workspace, "interactive") >= Math.max(1, Math.ceil(queueMax / 4));
  }

  private idle(): boolean {
    if (this.queue.size("interactive") + this.queue.size("batch") > 0) return false;
    for (const slot of this.slots) if (slot.job !== undefined) return false;
    return true;
  }

  private spawn(spare: boolean): Slot {
    const worker = new Worker(new URL(this.options.file), {
      workerData: { layoutLimits: this.options.layoutLimits },
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb, maxYoungGenerationSizeMb: RENDER_YOUNG_GENERATION_MB },
    });
    const slot: Slot = { worker, spare, ready: false, retired: false, job: undefined, timer: undefined, fault: undefined };
    this.slots.add(slot);
    worker.on("message", (reply: WorkerReply) => this.onReply(slot, reply));
    worker.on("error", (error) => (slot.fault = error));
    worker.on("exit", () => this.onExit(slot));
    return slot;
  }

  // The spare starts once every worker is ready (on demand: only once a worker has been stopped), and again after
  // it took a stopped worker's place.
  private startSpare(): void {
    if (this.closing || this.spare !== undefined) return;
    if (this.options.spare !== "always" && this.counts.workerRestarts === 0) return;
    for (const slot of this.slots) if (!slot.ready) return;
    this.spare = this.spawn(true);
  }

  private dispatch(): void {
    const running = (workspace: string): number => {
      let count = 0;
      for (const slot of this.slots) if (slot.job?.workspace === workspace) count += 1;
      return count;
    };
    for (const slot of this.slots) {
      if (slot.spare || !slot.ready || slot.job !== undefined) continue;
      const job = this.queue.shift(running);
      if (job === undefined) return;
      this.begin(slot, job);
    }
  }

  private begin(slot: Slot, job: Job): void {
    slot.job = job;
    try {
      slot.worker.postMessage({ id: job.id, kind: job.kind, task: job.task }, job.transfer === undefined ? undefined : [...job.transfer]);
    } catch (error) {
      // The task could not be cloned (e.g. nested too deep): the worker never saw it.
      slot.job = undefined;
      this.settle(job, () => job.reject(error instanceof Error ? error : new Error(String(error))));
      this.dispatch();
      return;
    }
    slot.timer = setTimeout(() => {
      this.counts.timeouts += 1;
      this.stop(slot, RenderBudgetError.timeout(job.timeoutMs));
    }, job.timeoutMs);
  }

  private onReply(slot: Slot, reply: WorkerReply): void {
    if (slot.retired) return;
    if ("ready" in reply) {
      slot.ready = true;
      this.dispatch();
      this.startSpare();
      return;
    }
    const job = slot.job;
    if (job === undefined || job.id !== reply.id) return;
    clearTimeout(slot.timer);
    slot.job = undefined;
    this.settle(job, () => {
      if (reply.ok) job.resolve(reply.result);
      else if (reply.limit === true) job.reject(new RenderBudgetError("limit", reply.message));
      else job.reject(new Error(reply.message));
    });
    this.dispatch();
    this.checkDrained();
  }

  // A worker that exits on its own (heap exhausted, crashed) fails its job and is replaced.
  private onExit(slot: Slot): void {
    if (slot.retired) return;
    const memory = (slot.fault as NodeJS.ErrnoException | undefined)?.code === "ERR_WORKER_OUT_OF_MEMORY";
    if (memory) this.counts.memoryKills += 1;
    const error = memory ? RenderBudgetError.memory(this.options.heapMb) : new Error("The render worker stopped unexpectedly.");
    this.stop(slot, error);
  }

  private abort(job: Job): void {
    this.counts.aborted += 1;
    if (this.queue.remove(job, job.workspace, job.priority)) {
      this.settle(job, () => job.reject(new RenderAbortedError()));
      this.checkDrained();
      return;
    }
    for (const slot of this.slots) if (slot.job === job) this.stop(slot, new RenderAbortedError());
  }

  // Ends a slot's worker (whatever it is doing), fails its job with `error`; the spare (if one is warm) takes its
  // place, or a new worker does, and a new spare starts (while closing, no spare is started, but a replacement still is if jobs wait).
  private stop(slot: Slot, error: Error): void {
    if (slot.retired) return;
    slot.retired = true;
    clearTimeout(slot.timer);
    this.slots.delete(slot);
    void slot.worker.terminate();
    const job = slot.job;
    slot.job = undefined;
    if (job !== undefined) this.settle(job, () => job.reject(error));
    this.counts.workerRestarts += 1;
    const wasSpare = slot === this.spare;
    if (wasSpare) this.spare = undefined;
    const replace = (): void => {
      if (!wasSpare) {
        if (this.spare !== undefined) {
          this.spare.spare = false;
          this.spare = undefined;
        } else if (!this.closing || !this.idle()) this.spawn(false);
      }
      if (!this.closing && this.spare === undefined) this.spare = this.spawn(true);
      this.dispatch();
      this.checkDrained();
    };
    // A worker that dies before it is ready cannot start at all (a broken install): retry slowly, not in a loop.
    if (slot.ready) replace();
    else setTimeout(replace, START_RETRY_MS).unref();
  }

  private settle(job: Job, finish: () => void): void {
    if (job.onAbort !== undefined) job.signal?.removeEventListener("abort", job.onAbort);
    finish();
  }

  private checkDrained(): void {
    if (this.closing && this.drained !== undefined && this.idle()) {
      const drained = this.drained;
      this.drained = undefined;
      drained();
    }
  }
}
