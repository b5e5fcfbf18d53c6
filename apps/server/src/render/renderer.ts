// The render pool: piscina worker threads, one per core, running ./worker.
import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import type { ImportHtmlTask, ImportHtmlTaskResult, InspectBaseResult, MergeTask, MergeTaskResult, RenderTask, RenderTaskResult, ValidateTaskResult } from "./protocol.js";

/** Renders and validates templates off the main thread. */
export interface Renderer {
  render(task: RenderTask): Promise<RenderTaskResult>;
  validate(content: string): Promise<ValidateTaskResult>;
  /** Renders every row into one PDF (batch `merged` output); absent in stand-ins that do not render. */
  merge?(task: MergeTask): Promise<MergeTaskResult>;
  /** Checks and rasterises an uploaded base PDF; absent in stand-ins that do not render. */
  inspectBase?(bytes: Uint8Array): Promise<InspectBaseResult>;
  /** Converts an HTML template into a report document; absent in stand-ins that do not render. */
  importHtml?(task: ImportHtmlTask): Promise<ImportHtmlTaskResult>;
  /** Waits for running tasks, then stops the threads. */
  close(): Promise<void>;
}

/** Options of the worker pool. */
export interface RendererOptions {
  /** Default: the number of cores. */
  readonly threads?: number;
}

// Compiled, the worker is ./worker.js. Under tsx (tests, development) this file is .ts, and worker threads
// do not inherit tsx's ESM loader, so a small .mjs entry registers it before loading ./worker.ts.
const WORKER_FILE = new URL(import.meta.url.endsWith(".ts") ? "./worker-tsx.mjs" : "./worker.js", import.meta.url).href;

/** A piscina-backed renderer sized to the machine. */
export function createRenderer(options: RendererOptions = {}): Renderer {
  const threads = Math.max(1, options.threads ?? availableParallelism());
  const pool = new Piscina({
    filename: WORKER_FILE,
    minThreads: threads,
    // min = max: threads hold loaded fonts and parsed templates, so they are never retired for idleness.
    maxThreads: threads,
  });
  return {
    render: (task) => pool.run(task, { name: "render" }) as Promise<RenderTaskResult>,
    validate: (content) => pool.run({ content }, { name: "validate" }) as Promise<ValidateTaskResult>,
    merge: (task) => pool.run(task, { name: "merge" }) as Promise<MergeTaskResult>,
    inspectBase: (bytes) => pool.run({ bytes }, { name: "inspectBase" }) as Promise<InspectBaseResult>,
    importHtml: (task) => pool.run(task, { name: "importHtml" }) as Promise<ImportHtmlTaskResult>,
    close: () => pool.close(),
  };
}
