// Which SQLite driver serves the database: node:sqlite where the runtime has it (Node 22.16+, 24), better-sqlite3
// elsewhere (Node 20). Every SQLite connection of the service is opened here.
import { openBetterSqlite3 } from "./sqlite-better.js";
import type { SqliteDriverName, SqliteHandle } from "./sqlite-handle.js";
import { nodeSqliteUnavailable, openNodeSqlite } from "./sqlite-node.js";

/** The driver this runtime uses. */
export function runtimeSqliteDriver(): SqliteDriverName {
  return nodeSqliteUnavailable() === undefined ? "node:sqlite" : "better-sqlite3";
}

/** Opens (creating if needed) the SQLite file with `driver`, by default the runtime's. */
export function openSqlite(file: string, driver: SqliteDriverName = runtimeSqliteDriver()): SqliteHandle {
  return driver === "node:sqlite" ? openNodeSqlite(file) : openBetterSqlite3(file);
}
