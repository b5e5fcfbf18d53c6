// PostgreSQL through Kysely's Postgres dialect (`pg`), for DATABASE_URL: the same typed handle as SQLite.
import { Kysely, PostgresDialect } from "kysely";
import type * as Pg from "pg";
import { requireFromServer } from "../lazy-require.js";
import type { Logger } from "../log.js";
import { errorFields } from "../log.js";
import type { Db } from "./database.js";
import type { Database } from "./schema.js";

/** Pool sizing and waits; every wait is bounded so an unreachable server answers 503s, not hung requests. */
export interface PostgresOptions {
  /** Connections per instance (default 10). */
  readonly poolSize?: number;
  /** How long to wait for a connection (default 5 s). */
  readonly connectTimeoutMs?: number;
  /** Per-statement cap (default 30 s), set on every session. */
  readonly statementTimeoutMs?: number;
}

/** Opens a connection pool on `url` (postgres://…); no connection is made until the first query. */
export function openPostgres(url: string, log: Logger, options: PostgresOptions = {}): Db {
  // pg is loaded only when a PostgreSQL database is configured.
  const pg = requireFromServer("pg") as typeof Pg;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    statement_timeout: options.statementTimeoutMs ?? 30_000,
    idleTimeoutMillis: 30_000,
  });
  // A connection dropped by the server (restart, network) emits 'error', on the pool when idle and on the client
  // when checked out; unheard, either would end the process. The query in flight fails on its own (answered
  // as a 503), and the pool opens a new connection for the next one.
  pool.on("error", (err) => log.warn("postgres: idle connection lost", errorFields(err)));
  pool.on("connect", (client) => client.on("error", (err) => log.warn("postgres: connection lost", errorFields(err))));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** True for a database URL this service can open (postgres:// or postgresql://). */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}
