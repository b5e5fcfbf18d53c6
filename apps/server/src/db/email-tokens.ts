// Single-use email tokens (verification, password reset), stored hashed.
import type { Db } from "./database.js";
import type { EmailTokenKind, EmailTokensTable } from "./schema.js";

export type EmailTokenRow = EmailTokensTable;

/** Stores a token. */
export async function insertEmailToken(db: Db, row: EmailTokenRow): Promise<void> {
  await db.insertInto("email_tokens").values(row).execute();
}

/**
 * Consumes a live token of this kind: marks it used and returns its user id, or undefined when the token is
 * unknown, used, or expired. The conditional update makes a double submit use it only once.
 */
export async function consumeEmailToken(db: Db, tokenHash: string, kind: EmailTokenKind, now: string): Promise<string | undefined> {
  const row = await db
    .updateTable("email_tokens")
    .set({ used_at: now })
    .where("token_hash", "=", tokenHash)
    .where("kind", "=", kind)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning("user_id")
    .executeTakeFirst();
  return row?.user_id;
}

/** Invalidates a user's outstanding tokens of one kind (a newer email supersedes older links). */
export async function expireEmailTokens(db: Db, userId: string, kind: EmailTokenKind, now: string): Promise<void> {
  await db
    .updateTable("email_tokens")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("used_at", "is", null)
    .execute();
}
