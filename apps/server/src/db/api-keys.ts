// API keys, workspace-scoped, stored as SHA-256 hashes.
import type { Db } from "./database.js";
import type { ApiKeysTable, Plan } from "./schema.js";

export type ApiKeyRow = ApiKeysTable;

/** A key found by its hash, with its workspace's plan (what the render lane needs). */
export interface ApiKeyAuthRow {
  readonly id: string;
  readonly workspace_id: string;
  readonly last_used_at: string | null;
  readonly plan: Plan;
}

/** Stores a key. */
export async function insertApiKey(db: Db, row: ApiKeyRow): Promise<void> {
  await db.insertInto("api_keys").values(row).execute();
}

/** The workspace's keys, newest first. */
export function listApiKeys(db: Db, workspaceId: string): Promise<ApiKeyRow[]> {
  return db
    .selectFrom("api_keys")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** Deletes a key of this workspace; false when there is none with that id here. */
export async function deleteApiKey(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom("api_keys").where("workspace_id", "=", workspaceId).where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The key with this hash and its workspace's plan. */
export function findApiKeyByHash(db: Db, keyHash: string): Promise<ApiKeyAuthRow | undefined> {
  return db
    .selectFrom("api_keys")
    .innerJoin("workspaces", "workspaces.id", "api_keys.workspace_id")
    .select(["api_keys.id", "api_keys.workspace_id", "api_keys.last_used_at", "workspaces.plan"])
    .where("api_keys.key_hash", "=", keyHash)
    .executeTakeFirst();
}

/** Records that a key was used. */
export async function touchApiKey(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable("api_keys").set({ last_used_at: at }).where("id", "=", id).execute();
}
