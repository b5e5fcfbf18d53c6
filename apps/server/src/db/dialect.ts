// The few places where SQLite and PostgreSQL differ at run time: which one a handle talks to, how each reports
// a unique-constraint violation or an unreachable server, and substring matching both read alike.
import { PostgresAdapter, sql, type Expression, type Kysely, type RawBuilder } from "kysely";

/** True when `db` talks to PostgreSQL (else SQLite). */
export function isPostgres<T>(db: Kysely<T>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * True when `err` is a unique violation of the named constraint. SQLite names the violated columns in its
 * message (`UNIQUE constraint failed: users.email`); PostgreSQL reports code 23505 and the constraint's name.
 */
export function isUniqueViolation(err: unknown, sqliteColumns: string, pgConstraint: string): boolean {
  if (typeof err !== "object" || err === null) return false;
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e.code === "23505") return e.constraint === pgConstraint;
  return typeof e.message === "string" && e.message.includes(`UNIQUE constraint failed: ${sqliteColumns}`);
}

/**
 * True where `text` contains `needle` literally (`%` and `_` are no wildcards). LIKE with ESCAPE reads alike on
 * SQLite and PostgreSQL (instr() is SQLite's, strpos() PostgreSQL's). Callers lower-case both sides: SQLite's
 * LIKE ignores ASCII case, PostgreSQL's does not.
 */
export function contains(text: Expression<string>, needle: string): RawBuilder<boolean> {
  return sql<boolean>`${text} like ${`%${likeEscaped(needle)}%`} escape '\\'`;
}

/** True where the `key` column starts with `prefix` literally (the blob store's folders). */
export function startsWith(prefix: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref("key")} like ${`${likeEscaped(prefix)}%`} escape '\\'`;
}

const likeEscaped = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

// Socket failures, PostgreSQL's connection-exception class (08…) and its shutdown codes, and pg's own messages
// for a connection that could not be made or was lost.
const UNAVAILABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOTFOUND", "EAI_AGAIN", "57P01", "57P02", "57P03"]);
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/;

/** True when `err` means the database server cannot be reached (as opposed to a failing query). */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (typeof err !== "object" || err === null || depth > 3) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === "string" && (UNAVAILABLE_CODES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code))) return true;
  if (typeof e.message === "string" && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
