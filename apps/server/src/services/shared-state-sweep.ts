// The maintenance sweep of state kept in the database for every instance: rows past their expiry are dead
// (every read already treats them so); this keeps the tables from growing with them.
import { deleteExpiredCheckTokens } from "../db/check-tokens.js";
import type { Db } from "../db/database.js";
import { deleteExpiredKeys } from "../db/idempotency-keys.js";
import { deleteFullRateBuckets } from "../db/rate-buckets.js";
import { deleteOldRefineCounts } from "../db/refine-counts.js";
import { DAY, nowIso } from "../time.js";

/** Deletes expired check tokens and idempotency keys, refilled render buckets and past days' refine counts. */
export async function sweepSharedState(db: Db, now: number = Date.now()): Promise<void> {
  await deleteExpiredCheckTokens(db, nowIso(now));
  await deleteExpiredKeys(db, nowIso(now));
  await deleteFullRateBuckets(db, now);
  await deleteOldRefineCounts(db, Math.floor(now / DAY));
}
