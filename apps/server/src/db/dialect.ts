// The few places where SQLite and PostgreSQL differ at run time: which one a handle talks to, and how each
// reports a unique-constraint violation.
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
  const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`${text} like ${pattern} escape '\\'`;
}
