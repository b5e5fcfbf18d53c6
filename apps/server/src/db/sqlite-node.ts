// SQLite through node:sqlite (DatabaseSync), built into Node: the driver wherever the runtime has all it needs
// (Node 22.16 and later, Node 24), so no native addon is loaded there. Kysely's SqliteDialect expects
// better-sqlite3's shape; the statement adapter below gives it that shape.
import type { SqliteStatement } from "kysely";
import type { SqliteHandle } from "./sqlite-handle.js";

// The part of node:sqlite used here (@types/node 20, the project's floor, does not describe the module).
type Row = Record<string, unknown>;
interface NodeStatementSync {
  all(...params: unknown[]): Row[];
  run(...params: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(...params: unknown[]): IterableIterator<Row>;
  columns(): readonly unknown[];
}
interface NodeDatabaseSync {
  prepare(sql: string): NodeStatementSync;
  exec(sql: string): void;
  function(name: string, options: { deterministic: boolean }, fn: (...args: unknown[]) => unknown): void;
  close(): void;
}
interface NodeSqlite {
  DatabaseSync: (new (file: string) => NodeDatabaseSync) & { prototype: Partial<NodeDatabaseSync> };
  StatementSync: { prototype: Partial<NodeStatementSync> };
}

type Loaded = { readonly sqlite: NodeSqlite } | { readonly unavailable: string };
let loaded: Loaded | undefined;

/**
 * node:sqlite if this runtime has it without a flag and with every method the adapter uses, else why not.
 * `columns()` (Node 22.16, 23.11) is the newest of them: it tells a statement that returns rows from one that
 * does not, which Kysely needs to know before it runs the statement.
 */
function load(): Loaded {
  if (loaded !== undefined) return loaded;
  const sqlite = withoutSqliteExperimentalWarning(() => process.getBuiltinModule("node:sqlite") as NodeSqlite | undefined);
  if (sqlite === undefined) {
    loaded = { unavailable: `Node ${process.version} has no node:sqlite without a flag (Node 22.13 and later have it; the service uses it from 22.16)` };
  } else {
    const missing = [
      typeof sqlite.StatementSync.prototype.columns === "function" ? undefined : "StatementSync.columns()",
      typeof sqlite.StatementSync.prototype.iterate === "function" ? undefined : "StatementSync.iterate()",
      typeof sqlite.DatabaseSync.prototype.function === "function" ? undefined : "DatabaseSync.function()",
    ].filter((name) => name !== undefined);
    loaded = missing.length === 0 ? { sqlite } : { unavailable: `node:sqlite of Node ${process.version} lacks ${missing.join(", ")} (Node 22.16 and later have them)` };
  }
  return loaded;
}

/**
 * Node 22 announces node:sqlite with an ExperimentalWarning on stderr the first time the module loads (Node 24
 * no longer does). That one warning says nothing to an operator, so it is dropped while the module loads;
 * every other warning, then or later, goes through untouched.
 */
function withoutSqliteExperimentalWarning<T>(load: () => T): T {
  const emitWarning = process.emitWarning;
  process.emitWarning = function (this: NodeJS.Process, ...args: Parameters<typeof process.emitWarning>) {
    const [warning, typeOrOptions] = args;
    const type = typeof typeOrOptions === "string" ? typeOrOptions : typeOrOptions?.type;
    const message = typeof warning === "string" ? warning : warning.message;
    if (type === "ExperimentalWarning" && message.startsWith("SQLite ")) return;
    return emitWarning.apply(this, args);
  } as typeof process.emitWarning;
  try {
    return load();
  } finally {
    process.emitWarning = emitWarning;
  }
}

/** Undefined when node:sqlite can serve the database on this runtime, else the reason it cannot. */
export function nodeSqliteUnavailable(): string | undefined {
  const result = load();
  return "unavailable" in result ? result.unavailable : undefined;
}

/** Opens (creating if needed) `file` with node:sqlite; throws where `nodeSqliteUnavailable()` gives a reason. */
export function openNodeSqlite(file: string): SqliteHandle {
  const result = load();
  if ("unavailable" in result) throw new Error(result.unavailable);
  // Its defaults match better-sqlite3's build (foreign keys on, double-quoted strings are identifiers only).
  const db = new result.sqlite.DatabaseSync(file);
  return {
    driver: "node:sqlite",
    close: () => db.close(),
    prepare: (sql: string) => new NodeStatement(db.prepare(sql)),
    exec: (sql: string) => db.exec(sql),
    scalarFunction: (name, fn) => db.function(name, { deterministic: true }, fn),
  };
}

/** A StatementSync as Kysely's driver calls it: parameters as one array, `reader` known up front. */
class NodeStatement implements SqliteStatement {
  readonly reader: boolean;

  constructor(private readonly statement: NodeStatementSync) {
    // Result columns mean rows (a select, a pragma, `returning`), as better-sqlite3 decides `reader`.
    this.reader = statement.columns().length > 0;
  }

  all(parameters: readonly unknown[]): unknown[] {
    return this.statement.all(...parameters).map(plainRow);
  }

  run(parameters: readonly unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint } {
    const { changes, lastInsertRowid } = this.statement.run(...parameters);
    return { changes, lastInsertRowid };
  }

  *iterate(parameters: readonly unknown[]): IterableIterator<unknown> {
    for (const row of this.statement.iterate(...parameters)) yield plainRow(row);
  }
}

/**
 * node:sqlite's rows have a null prototype and its blobs are Uint8Arrays; better-sqlite3 and pg answer plain
 * objects and Buffers. Code and tests see one shape: a plain object, blobs as Buffers over the same memory.
 */
function plainRow(row: Row): Row {
  const out: Row = {};
  for (const key in row) {
    const value = row[key];
    out[key] = value instanceof Uint8Array ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : value;
  }
  return out;
}
