import { Kysely, SqliteDialect, type SqliteDatabase, type SqliteStatement } from "kysely";
import type { Database } from "./schema.js";
import type { SqliteDriverName } from "./sqlite-handle.js";
import { openSqlite } from "./sqlite-open.js";

/** The application's typed database handle. */
export type Db = Kysely<Database>;

/**
 * Opens (creating if needed) the SQLite file with WAL, foreign keys and a busy timeout, through the runtime's
 * driver (see sqlite-open.ts) unless `driver` names one.
 */
export function openDatabase(file: string, driver?: SqliteDriverName): Db {
  const sqlite = openSqlite(file, driver);
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA foreign_keys = ON");
  sqlite.exec("PRAGMA busy_timeout = 5000");
  // WAL with NORMAL is durable across application crashes and much cheaper per commit than FULL.
  sqlite.exec("PRAGMA synchronous = NORMAL");
  // SQLite's lower() folds ASCII only, so `ÄRGER` would not find `ärger`. Replaced by the Unicode-aware one,
  // queries keep writing plain lower(), which PostgreSQL already implements for all of Unicode.
  sqlite.scalarFunction("lower", (value: unknown) => (typeof value === "string" ? value.toLowerCase() : value));
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingPrepare(sqlite) }) });
}

/**
 * Kysely's SQLite driver calls `prepare` for every query; neither driver caches.
 * Query builders produce a small, fixed set of SQL strings, so keeping their statements saves the parse.
 * Statements are used one at a time (both drivers are synchronous and Kysely serialises the connection).
 */
function cachingPrepare(sqlite: SqliteDatabase, max = 500): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      let stmt = cache.get(sql);
      if (stmt === undefined) {
        stmt = sqlite.prepare(sql);
        if (cache.size >= max) {
          const oldest = cache.keys().next().value;
          if (oldest !== undefined) cache.delete(oldest);
        }
        cache.set(sql, stmt);
      }
      return stmt;
    },
  };
}
