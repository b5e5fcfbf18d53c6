// Linked provider identities and started OAuth flows.
import type { Db } from "./database.js";
import type { OAuthIdentitiesTable, OAuthStatesTable } from "./schema.js";

export type OAuthIdentityRow = OAuthIdentitiesTable;
export type OAuthStateRow = OAuthStatesTable;

/** Stores a started flow. */
export async function insertOAuthState(db: Db, row: OAuthStateRow): Promise<void> {
  await db.insertInto("oauth_states").values(row).execute();
}

/**
 * Deletes and returns a started flow if it is still live: a state works once, so a replayed callback finds
 * nothing. An expired row is deleted too, and reported as missing.
 */
export async function consumeOAuthState(db: Db, stateHash: string, now: string): Promise<OAuthStateRow | undefined> {
  const row = await db.deleteFrom("oauth_states").where("state_hash", "=", stateHash).returningAll().executeTakeFirst();
  return row !== undefined && row.expires_at > now ? row : undefined;
}

/** Drops flows that were started and never finished. */
export async function deleteExpiredOAuthStates(db: Db, now: string): Promise<void> {
  await db.deleteFrom("oauth_states").where("expires_at", "<=", now).execute();
}

/** The identity a provider's subject is linked to, if any. */
export function findIdentity(db: Db, provider: string, subject: string): Promise<OAuthIdentityRow | undefined> {
  return db.selectFrom("oauth_identities").selectAll().where("provider", "=", provider).where("subject", "=", subject).executeTakeFirst();
}

/** Links an identity. */
export async function insertIdentity(db: Db, row: OAuthIdentityRow): Promise<void> {
  await db.insertInto("oauth_identities").values(row).execute();
}

/** A user's identities, oldest first. */
export function listIdentities(db: Db, userId: string): Promise<OAuthIdentityRow[]> {
  return db.selectFrom("oauth_identities").selectAll().where("user_id", "=", userId).orderBy("created_at").orderBy("id").execute();
}

/** Unlinks one of the user's identities; false when the user has no identity with this id. */
export async function deleteIdentity(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom("oauth_identities").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
