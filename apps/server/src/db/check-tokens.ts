// AI check tokens in the database (see ai/check-tokens.ts): one row per issued, unused token.
import type { CheckTokenEntry, CheckTokenStore } from "../ai/check-tokens.js";
import { nowIso } from "../time.js";
import type { Db } from "./database.js";

/** Check tokens shared by every instance on this database. */
export class DbCheckTokenStore implements CheckTokenStore {
  constructor(private readonly db: Db) {}

  async save(tokenHash: string, entry: CheckTokenEntry): Promise<void> {
    await this.db
      .insertInto("ai_check_tokens")
      .values({ token_hash: tokenHash, workspace_id: entry.workspaceId, reference_hash: entry.referenceHash, expires_at: nowIso(entry.expiresAt) })
      .execute();
  }

  async take(tokenHash: string, workspaceId: string, referenceHash: string, now: number): Promise<boolean> {
    // One conditional delete: of two instances redeeming the same token at once, only one gets the row.
    const row = await this.db
      .deleteFrom("ai_check_tokens")
      .where("token_hash", "=", tokenHash)
      .where("workspace_id", "=", workspaceId)
      .where("reference_hash", "=", referenceHash)
      .returning("expires_at")
      .executeTakeFirst();
    return row !== undefined && row.expires_at > nowIso(now);
  }
}

/** Drops tokens that expired unused. */
export async function deleteExpiredCheckTokens(db: Db, now: string): Promise<void> {
  await db.deleteFrom("ai_check_tokens").where("expires_at", "<=", now).execute();
}
