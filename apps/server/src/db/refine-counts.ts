// refine-band's daily counts in the database (see ai/quota.ts): one row per workspace and UTC day.
import { sql } from "kysely";
import type { RefineCounter } from "../ai/quota.js";
import type { Db } from "./database.js";

/** Daily refine counts shared by every instance on this database. */
export class DbRefineCounter implements RefineCounter {
  constructor(private readonly db: Db) {}

  async take(workspaceId: string, day: number, limit: number): Promise<boolean> {
    if (limit <= 0) return false;
    // One statement counts and checks: the conditional upsert leaves a full day's row as it is and returns
    // nothing, so two instances counting at once cannot both pass the limit.
    const row = await this.db
      .insertInto("ai_refine_counts")
      .values({ workspace_id: workspaceId, day, count: 1 })
      .onConflict((oc) => oc.columns(["workspace_id", "day"]).doUpdateSet({ count: sql`ai_refine_counts.count + 1` }).where("ai_refine_counts.count", "<", limit))
      .returning("count")
      .executeTakeFirst();
    return row !== undefined;
  }
}

/** Drops the counts of days before `day` (yesterday's row is no use once today has begun). */
export async function deleteOldRefineCounts(db: Db, day: number): Promise<void> {
  await db.deleteFrom("ai_refine_counts").where("day", "<", day).execute();
}
