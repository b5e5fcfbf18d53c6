// SQLite through better-sqlite3, the native addon: the driver on runtimes without a usable node:sqlite (Node 20).
// Required only when chosen, so a Node 24 process never loads the addon: better-sqlite3 12, the last line that
// runs on Node 20, aborts Node 24 processes when the garbage collector finalizes a statement.
import { createRequire } from "node:module";
import type { SqliteStatement } from "kysely";
import type BetterSqlite3 from "better-sqlite3";
import type { SqliteHandle } from "./sqlite-handle.js";

type BetterSqlite3Constructor = new (file: string) => BetterSqlite3.Database;

let loaded: BetterSqlite3Constructor | undefined;

function betterSqlite3(): BetterSqlite3Constructor {
  // The package is CommonJS; createRequire loads it synchronously, on first use only.
  loaded ??= createRequire(import.meta.url)("better-sqlite3") as BetterSqlite3Constructor;
  return loaded;
}

/** Opens (creating if needed) `file` with better-sqlite3. Its statements are Kysely's SqliteStatement as they are. */
export function openBetterSqlite3(file: string): SqliteHandle {
  const db = new (betterSqlite3())(file);
  return {
    driver: "better-sqlite3",
    close: () => db.close(),
    // better-sqlite3 binds an array argument element by element, which is how Kysely passes parameters.
    prepare: (sql: string) => db.prepare(sql) as unknown as SqliteStatement,
    exec: (sql: string) => void db.exec(sql),
    scalarFunction: (name, fn) => void db.function(name, { deterministic: true }, fn),
  };
}
