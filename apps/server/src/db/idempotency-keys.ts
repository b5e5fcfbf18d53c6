// The Idempotency-Key of batch submissions (see services/batch-idempotency.ts), per workspace.
import type { Db } from "./database.js";
import type { BatchIdempotencyKeysTable } from "./schema.js";

export type IdempotencyKeyRow = BatchIdempotencyKeysTable;

/** Stores the key unless the workspace already has it; true when this call stored it. */
export async function insertKeyIfAbsent(db: Db, row: IdempotencyKeyRow): Promise<boolean> {
  // ON CONFLICT DO NOTHING: of two submissions with one key (on any instances), exactly one inserts.
  const inserted = await db
    .insertInto("batch_idempotency_keys")
    .values(row)
    .onConflict((oc) => oc.columns(["workspace_id", "key"]).doNothing())
    .returning("job_id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The workspace's row for this key, if any (expired or not). */
export function findKey(db: Db, workspaceId: string, key: string): Promise<IdempotencyKeyRow | undefined> {
  return db.selectFrom("batch_idempotency_keys").selectAll().where("workspace_id", "=", workspaceId).where("key", "=", key).executeTakeFirst();
}

/** Deletes the key if it still names `jobId` (a submission that failed gives its key back). */
export async function deleteKeyOfJob(db: Db, workspaceId: string, key: string, jobId: string): Promise<void> {
  await db.deleteFrom("batch_idempotency_keys").where("workspace_id", "=", workspaceId).where("key", "=", key).where("job_id", "=", jobId).execute();
}

/** Deletes the key if it expired by `now` (so a new submission may take it). */
export async function deleteKeyIfExpired(db: Db, workspaceId: string, key: string, now: string): Promise<void> {
  await db.deleteFrom("batch_idempotency_keys").where("workspace_id", "=", workspaceId).where("key", "=", key).where("expires_at", "<=", now).execute();
}

/** Drops every expired key. */
export async function deleteExpiredKeys(db: Db, now: string): Promise<void> {
  await db.deleteFrom("batch_idempotency_keys").where("expires_at", "<=", now).execute();
}
