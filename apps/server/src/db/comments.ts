// Comments on templates. Deleting a comment with replies keeps a tombstone row so the thread stays whole.
import type { CommentsTable } from "./collab-schema.js";
import type { Db } from "./database.js";

/** A comment joined with its author's email. */
export interface CommentRow extends CommentsTable {
  readonly author_email: string | null;
}

/** Inserts a comment. */
export async function insertComment(db: Db, row: CommentsTable): Promise<void> {
  await db.insertInto("comments").values(row).execute();
}

// Comments of one template of one workspace with their authors' emails: every comment read starts here.
function commentsOf(db: Db, workspaceId: string, templateId: string) {
  return db
    .selectFrom("comments")
    .leftJoin("users", "users.id", "comments.author_id")
    .selectAll("comments")
    .select("users.email as author_email")
    .where("comments.workspace_id", "=", workspaceId)
    .where("comments.template_id", "=", templateId);
}

/** The template's comments (tombstones included), oldest first. */
export function listComments(db: Db, workspaceId: string, templateId: string): Promise<CommentRow[]> {
  return commentsOf(db, workspaceId, templateId)
    .orderBy("comments.created_at")
    .orderBy("comments.id")
    .execute();
}

/** One comment of the template. */
export function findComment(db: Db, workspaceId: string, templateId: string, id: string): Promise<CommentRow | undefined> {
  return commentsOf(db, workspaceId, templateId)
    .where("comments.id", "=", id)
    .executeTakeFirst();
}

/** Whether any comment replies to `id`. */
export async function hasReplies(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom("comments").select("id").where("parent_id", "=", id).limit(1).executeTakeFirst()) !== undefined;
}

/** Turns a comment into a tombstone (body and mentions cleared). */
export async function markCommentDeleted(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable("comments").set({ body: "", mentions: "[]", deleted_at: at }).where("id", "=", id).execute();
}

/** Removes a comment row (one without replies). */
export async function deleteCommentRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom("comments").where("id", "=", id).execute();
}
