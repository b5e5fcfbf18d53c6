// The one SQLite connection the service opens, over whichever driver the runtime supports (sqlite-open.ts picks).
import type { SqliteDatabase } from "kysely";

/** `node:sqlite` is built into Node 22.16+ and 24; better-sqlite3 is the native addon used on Node 20. */
export type SqliteDriverName = "node:sqlite" | "better-sqlite3";

/**
 * Kysely's `SqliteDatabase` (prepare, close) plus what opening needs: pragmas and a scalar function.
 * Both drivers answer alike: rows are plain objects, blobs come back as Buffers (as from better-sqlite3 and pg),
 * integers as numbers.
 */
export interface SqliteHandle extends SqliteDatabase {
  readonly driver: SqliteDriverName;
  /** Runs SQL that returns nothing (pragmas). */
  exec(sql: string): void;
  /** Registers a deterministic one-argument SQL function, replacing a built-in of that name. */
  scalarFunction(name: string, fn: (value: unknown) => unknown): void;
}
