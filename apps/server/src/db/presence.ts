// Presence rows: one per (workspace, resource, user), refreshed by each heartbeat.
import type { Db } from "./database.js";

/** A viewer with their email. */
export interface ViewerRow {
  readonly user_id: string;
  readonly email: string;
  readonly last_seen_at: string;
}

/** Where a presence row lives. */
export interface PresenceKey {
  readonly workspaceId: string;
  readonly resourceType: string;
  readonly resourceId: string;
}

/** Records (or refreshes) that the user is viewing the resource. */
export async function upsertPresence(db: Db, key: PresenceKey, userId: string, at: string): Promise<void> {
  await db
    .insertInto("presence")
    .values({ workspace_id: key.workspaceId, resource_type: key.resourceType, resource_id: key.resourceId, user_id: userId, last_seen_at: at })
    .onConflict((oc) => oc.columns(["workspace_id", "resource_type", "resource_id", "user_id"]).doUpdateSet({ last_seen_at: at }))
    .execute();
}

/** Viewers (still members) seen at or after `since`, most recently seen first. */
export function listViewers(db: Db, key: PresenceKey, since: string): Promise<ViewerRow[]> {
  return db
    .selectFrom("presence")
    .innerJoin("users", "users.id", "presence.user_id")
    // Membership is joined so a removed member drops out at once, not after the expiry.
    .innerJoin("memberships", (j) => j.onRef("memberships.user_id", "=", "presence.user_id").onRef("memberships.workspace_id", "=", "presence.workspace_id"))
    .select(["presence.user_id", "users.email", "presence.last_seen_at"])
    .where("presence.workspace_id", "=", key.workspaceId)
    .where("presence.resource_type", "=", key.resourceType)
    .where("presence.resource_id", "=", key.resourceId)
    .where("presence.last_seen_at", ">=", since)
    .orderBy("presence.last_seen_at", "desc")
    .orderBy("presence.user_id")
    .execute();
}

/** Removes the user's presence on the resource. */
export async function deletePresence(db: Db, key: PresenceKey, userId: string): Promise<void> {
  await db
    .deleteFrom("presence")
    .where("workspace_id", "=", key.workspaceId)
    .where("resource_type", "=", key.resourceType)
    .where("resource_id", "=", key.resourceId)
    .where("user_id", "=", userId)
    .execute();
}

/** Deletes rows last seen before `before` (expired viewers), so the table stays small. */
export async function deleteExpiredPresence(db: Db, before: string): Promise<void> {
  await db.deleteFrom("presence").where("last_seen_at", "<", before).execute();
}

/** The given users that are members of the workspace, with their emails (for presence kept elsewhere). */
export function membersAmong(db: Db, workspaceId: string, userIds: readonly string[]): Promise<{ user_id: string; email: string }[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("memberships")
    .innerJoin("users", "users.id", "memberships.user_id")
    .select(["memberships.user_id", "users.email"])
    .where("memberships.workspace_id", "=", workspaceId)
    .where("memberships.user_id", "in", [...userIds])
    .execute();
}
