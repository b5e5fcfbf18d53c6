// Workspace invites, stored with a hashed token.
import type { Db } from "./database.js";
import type { InvitesTable } from "./schema.js";

export type InviteRow = InvitesTable;

/** An invite with what its public preview shows. */
export interface InvitePreviewRow extends InviteRow {
  readonly workspace_name: string;
  readonly inviter_email: string | null;
}

/** Stores an invite. */
export async function insertInvite(db: Db, row: InviteRow): Promise<void> {
  await db.insertInto("invites").values(row).execute();
}

/** The invite with this token hash, with its workspace name and inviter's email. */
export function findInviteByTokenHash(db: Db, tokenHash: string): Promise<InvitePreviewRow | undefined> {
  return db
    .selectFrom("invites")
    .innerJoin("workspaces", "workspaces.id", "invites.workspace_id")
    .leftJoin("users", "users.id", "invites.invited_by")
    .selectAll("invites")
    .select(["workspaces.name as workspace_name", "users.email as inviter_email"])
    .where("invites.token_hash", "=", tokenHash)
    .executeTakeFirst();
}

/** Marks the invite accepted; false when it was already accepted or has expired. */
export async function markInviteAccepted(db: Db, id: string, userId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable("invites")
    .set({ accepted_at: now, accepted_by: userId })
    .where("id", "=", id)
    .where("accepted_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Unused invites of a workspace to one address (re-inviting supersedes them). */
export async function expirePendingInvites(db: Db, workspaceId: string, email: string, now: string): Promise<void> {
  await db
    .updateTable("invites")
    .set({ expires_at: now })
    .where("workspace_id", "=", workspaceId)
    .where("email", "=", email)
    .where("accepted_at", "is", null)
    .where("expires_at", ">", now)
    .execute();
}
