// Why the render pool refused or stopped a job. Services turn these into HTTP answers (422, 503) and batch
// rows into failed rows; each message says what happened in the caller's words.

/** Defaults of the pool's budgets (and of RENDER_TIMEOUT_MS, RENDER_QUEUE_MAX, RENDER_WORKER_HEAP_MB). */
export const RENDER_DEFAULTS = { timeoutMs: 30_000, queueMax: 200, heapMb: 1024 } as const;

/** What ended a job early: its time, its worker's heap, or a layout cap (pages, band instances and rows). */
export type BudgetKind = "timeout" | "memory" | "limit";

/** A render stopped because it passed its budget; the request that caused it is at fault (4xx). */
export class RenderBudgetError extends Error {
  constructor(
    readonly kind: BudgetKind,
    message: string,
  ) {
    super(message);
    this.name = "RenderBudgetError";
  }

  /** The template took longer than the budget (its worker was stopped). */
  static timeout(ms: number): RenderBudgetError {
    return new RenderBudgetError("timeout", `The template took too long to render: it was stopped after ${ms} ms (the limit per render).`);
  }

  /** The worker ran out of its heap (it was replaced). */
  static memory(heapMb: number): RenderBudgetError {
    return new RenderBudgetError("memory", `The template needed too much memory to render: it was stopped at the ${heapMb} MB limit per render.`);
  }
}

/** The queue of waiting renders is full (the server answers 503 with Retry-After). */
export class RenderQueueFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("The server is busy rendering; retry after the number of seconds in Retry-After.");
    this.name = "RenderQueueFullError";
  }
}

/** The caller gave up (the client closed the connection) before the render finished. */
export class RenderAbortedError extends Error {
  constructor() {
    super("The render was cancelled: the request was abandoned.");
    this.name = "RenderAbortedError";
  }
}
