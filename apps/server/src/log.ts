// Structured JSON logs, one object per line on stdout.

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** Fields attached to a log line; values must be JSON-serialisable. */
export type LogFields = Record<string, unknown>;

/** A minimal structured logger. */
export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  enabled(level: LogLevel): boolean;
}

/** True when `value` names a log level. */
export function isLogLevel(value: string): value is LogLevel {
  return value in RANK;
}

/**
 * Writes lines to stdout in batches, one write per event-loop turn: stdout to a pipe or file is synchronous
 * on Linux, and one write per request line would put that on every request's path. What is still buffered
 * when the process exits is written synchronously then.
 */
function batchedStdout(): (line: string) => void {
  let buffer: string[] = [];
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    if (buffer.length === 0) return;
    const chunk = buffer.join("");
    buffer = [];
    process.stdout.write(chunk);
  };
  process.once("exit", flush);
  return (line) => {
    buffer.push(line);
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
}

let stdoutWriter: ((line: string) => void) | undefined;

/** A logger writing JSON lines at or above `level` to `write` (batched stdout by default). */
export function createLogger(level: LogLevel, write?: (line: string) => void): Logger {
  const sink = write ?? (stdoutWriter ??= batchedStdout());
  const threshold = RANK[level];
  const emit = (lvl: Exclude<LogLevel, "silent">, msg: string, fields?: LogFields): void => {
    if (RANK[lvl] < threshold) return;
    sink(`${JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields })}\n`);
  };
  return {
    debug: (m, f) => emit("debug", m, f),
    info: (m, f) => emit("info", m, f),
    warn: (m, f) => emit("warn", m, f),
    error: (m, f) => emit("error", m, f),
    enabled: (lvl) => RANK[lvl] >= threshold,
  };
}

/** The parts of an unknown thrown value worth logging. */
export function errorFields(err: unknown): LogFields {
  if (err instanceof Error) return { error: err.message, errorName: err.name, stack: err.stack };
  return { error: String(err) };
}
