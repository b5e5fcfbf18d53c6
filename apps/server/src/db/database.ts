import BetterSqlite3 from "better-sqlite3";
import { Kysely, SqliteDialect, type SqliteDatabase, type SqliteStatement } from "kysely";
import type { Database } from "./schema.js";

/** The application's typed database handle. */
export type Db = Kysely<Database>;

/** Opens (creating if needed) the SQLite file with WAL, foreign keys and a busy timeout. */
export function openDatabase(file: string): Db {
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // WAL with NORMAL is durable across application crashes and much cheaper per commit than FULL.
  sqlite.pragma("synchronous = NORMAL");
  // SQLite's lower() folds ASCII only, so `ÄRGER` would not find `ärger`. Replaced by the Unicode-aware one,
  // queries keep writing plain lower(), which PostgreSQL already implements for all of Unicode.
  sqlite.function("lower", { deterministic: true }, (value: unknown) => (typeof value === "string" ? value.toLowerCase() : value));
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingPrepare(sqlite) }) });
}

/**
 * Kysely's SQLite driver calls `prepare` for every query; better-sqlite3 does not cache.
 * Query builders produce a small, fixed set of SQL strings, so keeping their statements saves the parse.
 * Statements are used one at a time (better-sqlite3 is synchronous and Kysely serialises the connection).
 */
function cachingPrepare(sqlite: BetterSqlite3.Database, max = 500): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      let stmt = cache.get(sql);
      if (stmt === undefined) {
        stmt = sqlite.prepare(sql) as unknown as SqliteStatement;
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
