// Periodic housekeeping in the server process: version thinning and batch-result expiry.
import { errorFields, type Logger } from "../log.js";

/** One periodic task. */
export interface MaintenanceTask {
  readonly name: string;
  run(): Promise<unknown>;
}

/** A running schedule; stop() waits for a task in progress. */
export interface Maintenance {
  /** Runs every task once now (tests, and the first pass after start-up). */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

/** Runs the tasks every `intervalMs` (default 10 minutes), one pass at a time; failures are logged. */
export function startMaintenance(tasks: readonly MaintenanceTask[], log: Logger, intervalMs = 10 * 60_000): Maintenance {
  let running: Promise<void> = Promise.resolve();
  const pass = async (): Promise<void> => {
    for (const task of tasks) {
      await task.run().catch((err: unknown) => log.error(`maintenance: ${task.name} failed`, errorFields(err)));
    }
  };
  const runOnce = (): Promise<void> => (running = running.then(pass));
  const timer = setInterval(() => void runOnce(), intervalMs);
  // Housekeeping never keeps the process alive on its own.
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
