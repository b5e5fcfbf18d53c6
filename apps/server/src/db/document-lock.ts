// A template's collaboration writes across instances: appends (which number the log) and compactions run one
// at a time per template under a PostgreSQL session advisory lock, held on one connection that the work uses.
import { sql } from "kysely";
import type { Db } from "./database.js";
import { isPostgres } from "./dialect.js";

/** Runs `work` on a connection holding the template's lock (PostgreSQL; SQLite has one process, no lock). */
export async function withDocumentLock<T>(db: Db, templateId: string, work: (db: Db) => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return work(db);
  return db.connection().execute(async (conn) => {
    const key = sql`hashtextextended(${`collab:${templateId}`}, 0)`;
    await sql`select pg_advisory_lock(${key})`.execute(conn);
    try {
      return await work(conn);
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn).catch(() => undefined);
    }
  });
}
