// The hub's update log and compacted snapshots (see collab/store.ts for the invariant they keep).
import type { Db } from "./database.js";

/** One logged update. */
export interface UpdateRow {
  readonly seq: number;
  readonly bytes: Uint8Array;
}

/** A template's snapshot. */
export interface SnapshotRow {
  readonly bytes: Uint8Array;
  readonly snapshot_seq: number;
}

/** The template's snapshot, if one was written. */
export function findSnapshot(db: Db, templateId: string): Promise<SnapshotRow | undefined> {
  return db.selectFrom("collab_snapshots").select(["bytes", "snapshot_seq"]).where("template_id", "=", templateId).executeTakeFirst();
}

/** Logged updates with seq above `after`, ascending. */
export function listUpdatesAfter(db: Db, templateId: string, after: number): Promise<UpdateRow[]> {
  return db.selectFrom("collab_updates").select(["seq", "bytes"]).where("template_id", "=", templateId).where("seq", ">", after).orderBy("seq").execute();
}

/** The highest seq ever issued for the template (log or snapshot), 0 when none. */
export async function lastSeq(db: Db, templateId: string): Promise<number> {
  const log = await db.selectFrom("collab_updates").select((eb) => eb.fn.max("seq").as("seq")).where("template_id", "=", templateId).executeTakeFirst();
  // Only the seq: the snapshot's bytes are not needed here.
  const snapshot = await db.selectFrom("collab_snapshots").select("snapshot_seq").where("template_id", "=", templateId).executeTakeFirst();
  return Math.max(Number(log?.seq ?? 0), snapshot?.snapshot_seq ?? 0);
}

/** Appends one update. */
export async function insertUpdate(db: Db, templateId: string, seq: number, bytes: Uint8Array, at: string): Promise<void> {
  await db.insertInto("collab_updates").values({ template_id: templateId, seq, bytes, created_at: at }).execute();
}

/** Writes the snapshot and drops the log rows it covers. */
export async function replaceSnapshot(db: Db, templateId: string, bytes: Uint8Array, snapshotSeq: number, at: string): Promise<void> {
  await db
    .insertInto("collab_snapshots")
    .values({ template_id: templateId, bytes, snapshot_seq: snapshotSeq, updated_at: at })
    .onConflict((oc) => oc.column("template_id").doUpdateSet({ bytes, snapshot_seq: snapshotSeq, updated_at: at }))
    .execute();
  await db.deleteFrom("collab_updates").where("template_id", "=", templateId).where("seq", "<=", snapshotSeq).execute();
}
