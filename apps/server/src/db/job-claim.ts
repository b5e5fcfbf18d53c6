// One worker per batch job across processes. On PostgreSQL a worker holds a session advisory lock on the job
// while it works on it: a worker that dies (SIGKILL, lost machine) loses its session and the lock with it, so
// another worker resumes the job at once; no lease to expire, no clock. SQLite has one process, one worker.
import { sql } from "kysely";
import type { Db } from "./database.js";
import { isPostgres } from "./dialect.js";

/** Runs `work` holding the job's claim; false (without running it) when another worker holds the claim. */
export async function withJobClaim(db: Db, jobId: string, work: () => Promise<void>): Promise<boolean> {
  if (!isPostgres(db)) {
    await work();
    return true;
  }
  // The lock belongs to one connection, so the claim keeps one connection of the pool for the job's run.
  return db.connection().execute(async (conn) => {
    const key = sql`hashtextextended(${`batch:${jobId}`}, 0)`;
    const { rows } = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${key}) as ok`.execute(conn);
    if (rows[0]?.ok !== true) return false;
    try {
      await work();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn).catch(() => undefined);
    }
    return true;
  });
}
