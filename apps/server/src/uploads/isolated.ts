// One CPU-heavy job on untrusted input in its own worker thread, with a wall-time and heap budget: past either
// the thread is terminated (never the process) and the caller learns which budget ran out. A few run at once;
// the rest wait their turn, so a burst of uploads cannot start a thread each. Each kind of job (worker module)
// has its own turns, so a slow base PDF never holds up a spreadsheet.
import { availableParallelism } from "node:os";
import { Worker, type Transferable } from "node:worker_threads";

/** The budget of one isolated job. */
export interface IsolatedBudget {
  readonly timeMs: number;
  readonly heapMb: number;
}

/** What a job module finds in `workerData`: its input (and, under tsx, its own address). */
export interface IsolatedData<I> {
  readonly entry: string;
  readonly input: I;
}

/** How an isolated job ended. */
export type IsolatedOutcome<T> =
  | { readonly kind: "done"; readonly value: T }
  | { readonly kind: "timeout" }
  | { readonly kind: "memory" }
  | { readonly kind: "crashed"; readonly error: Error };

const MAX_RUNNING = Math.max(1, Math.floor(availableParallelism() / 2));
const turns = new Map<string, { running: number; readonly waiting: (() => void)[] }>();

async function slot(kind: string): Promise<() => void> {
  const turn = turns.get(kind) ?? { running: 0, waiting: [] };
  turns.set(kind, turn);
  if (turn.running >= MAX_RUNNING) await new Promise<void>((r) => turn.waiting.push(r));
  turn.running += 1;
  return () => {
    turn.running -= 1;
    turn.waiting.shift()?.();
  };
}

// Under tsx (tests, development) the modules are .ts and a thread needs the loader: see isolated-tsx.mjs.
const UNDER_TSX = import.meta.url.endsWith(".ts");

/**
 * Runs `file` (a compiled worker module that reads IsolatedData and posts exactly one message, its result) on
 * `input`. The budget's clock starts when the thread starts, not while waiting for a turn.
 */
export async function runIsolated<T>(file: URL, input: unknown, transfer: readonly Transferable[], budget: IsolatedBudget): Promise<IsolatedOutcome<T>> {
  const release = await slot(file.href);
  try {
    const entry = UNDER_TSX ? file.href.replace(/\.js$/, ".ts") : file.href;
    const worker = new Worker(UNDER_TSX ? new URL("./isolated-tsx.mjs", import.meta.url) : file, {
      workerData: { entry, input } satisfies IsolatedData<unknown>,
      transferList: [...transfer],
      resourceLimits: { maxOldGenerationSizeMb: budget.heapMb, maxYoungGenerationSizeMb: Math.min(32, budget.heapMb / 4), stackSizeMb: 4 },
    });
    let timer: NodeJS.Timeout | undefined;
    const outcome = await new Promise<IsolatedOutcome<T>>((resolve) => {
      timer = setTimeout(() => resolve({ kind: "timeout" }), budget.timeMs);
      worker.once("message", (value: T) => resolve({ kind: "done", value }));
      worker.once("error", (error: Error & { code?: string }) =>
        resolve(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? { kind: "memory" } : { kind: "crashed", error }),
      );
      worker.once("exit", (code) => resolve({ kind: "crashed", error: new Error(`the worker exited with code ${code} before answering`) }));
    });
    // Whatever settled first, the thread goes.
    clearTimeout(timer);
    await worker.terminate();
    return outcome;
  } finally {
    release();
  }
}
