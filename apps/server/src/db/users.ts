// User rows. Users are global (not workspace-scoped); everything they own is reached through memberships.
import type { Db } from "./database.js";
import type { UsersTable } from "./schema.js";

export type UserRow = UsersTable;

/** The user with this (already normalised) email. */
export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

/** The user with this id. */
export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Inserts a new user. */
export async function insertUser(db: Db, row: UserRow): Promise<void> {
  await db.insertInto("users").values(row).execute();
}

/** Replaces the password hash. */
export async function setPasswordHash(db: Db, userId: string, hash: string, at: string): Promise<void> {
  await db.updateTable("users").set({ password_hash: hash, updated_at: at }).where("id", "=", userId).execute();
}

/** Marks the address verified (keeps the first verification time). */
export async function markEmailVerified(db: Db, userId: string, at: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ email_verified_at: at, updated_at: at })
    .where("id", "=", userId)
    .where("email_verified_at", "is", null)
    .execute();
}

/** Remembers the workspace the next login should land in. */
export async function setLastWorkspace(db: Db, userId: string, workspaceId: string): Promise<void> {
  await db.updateTable("users").set({ last_workspace_id: workspaceId }).where("id", "=", userId).execute();
}
