// Asynchronous render jobs. Reads a caller reaches by id take the workspace; the runner claims any due job.
import type { Db } from "./database.js";
import type { RenderJobsTable } from "./schema.js";

export type RenderJobRow = RenderJobsTable;

/** Stores a queued job. */
export async function insertRenderJob(db: Db, row: RenderJobRow): Promise<void> {
  await db.insertInto("render_jobs").values(row).execute();
}

/** One job of the workspace. */
export function findRenderJob(db: Db, workspaceId: string, id: string): Promise<RenderJobRow | undefined> {
  return db.selectFrom("render_jobs").selectAll().where("workspace_id", "=", workspaceId).where("id", "=", id).executeTakeFirst();
}

/** Jobs to run: pending, or processing under a claim that ran out (the instance died), oldest first. */
export async function dueRenderJobs(db: Db, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom("render_jobs")
    .select("id")
    .where("status", "in", ["pending", "processing"])
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now)]))
    .orderBy("created_at")
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Takes a due job until `until` (of instances racing for it, one wins); answers the row when taken. */
export async function claimRenderJob(db: Db, id: string, now: string, until: string): Promise<RenderJobRow | undefined> {
  const result = await db
    .updateTable("render_jobs")
    .set({ status: "processing", locked_until: until })
    .where("id", "=", id)
    .where("status", "in", ["pending", "processing"])
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return db.selectFrom("render_jobs").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Records how a job ended. */
export async function finishRenderJob(db: Db, id: string, outcome: Pick<RenderJobRow, "status" | "pages" | "bytes" | "error" | "finished_at" | "expires_at">): Promise<void> {
  // The request (data included) is not kept once the job has ended.
  await db.updateTable("render_jobs").set({ ...outcome, request: "{}", locked_until: null }).where("id", "=", id).execute();
}

/** Finished jobs whose PDF expired and is still stored. */
export function expiredRenderJobs(db: Db, now: string): Promise<{ id: string }[]> {
  return db.selectFrom("render_jobs").select("id").where("status", "=", "completed").where("expires_at", "<=", now).where("bytes", "is not", null).execute();
}

/** Marks an expired job's PDF as removed (the job stays, for its status). */
export async function forgetRenderJobPdf(db: Db, id: string): Promise<void> {
  await db.updateTable("render_jobs").set({ bytes: null }).where("id", "=", id).execute();
}
