// The login throttle's buckets in the database (login_buckets): shared by every instance on one PostgreSQL, kept
// over restarts. Each take is a transaction that reads the row under a lock (PostgreSQL: SELECT … FOR UPDATE
// after an INSERT … ON CONFLICT DO NOTHING creates it; SQLite: transactions on the one connection run one at a
// time), so concurrent logins never both take the last token. Times are this instance's clock (instances of
// one deployment keep NTP time; a skew of a second moves a refill by a second). Full buckets are pruned.
import type { Db } from "./database.js";
import { isPostgres, startsWith } from "./dialect.js";
import { fullAt, refilled, takeAt, type BucketRule, type BucketState, type LoginBuckets } from "../services/login-buckets.js";

/** How often full buckets are deleted (rows of buckets that would be full again carry nothing). */
const PRUNE_EVERY_MS = 60_000;

export class DbLoginBuckets implements LoginBuckets {
  private readonly postgres: boolean;
  private prunedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {
    this.postgres = isPostgres(db);
  }

  async take(group: string, member: string, rule: BucketRule): Promise<number | undefined> {
    const now = this.clock();
    const wait = await this.update(`${group}|${member}`, (state) => takeAt(state, rule, now).state, (state) => takeAt(state, rule, now).wait, rule);
    await this.prune(now);
    return wait;
  }

  async give(group: string, member: string, rule: BucketRule): Promise<void> {
    const now = this.clock();
    await this.update(`${group}|${member}`, (state) => ({ tokens: Math.min(rule.capacity, refilled(state, rule, now) + 1), at: now }), () => undefined, rule);
  }

  async reset(group: string, member?: string): Promise<void> {
    if (member !== undefined) await this.db.deleteFrom("login_buckets").where("key", "=", `${group}|${member}`).execute();
    else await this.db.deleteFrom("login_buckets").where(startsWith(`${group}|`)).execute();
  }

  /** Reads the bucket under a lock, writes `next(state)` and answers `answer(state)` (both of the state as read). */
  private async update<T>(key: string, next: (s: BucketState | undefined) => BucketState, answer: (s: BucketState | undefined) => T, rule: BucketRule): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      let row: { tokens: number; updated_at: number } | undefined;
      if (this.postgres) {
        // Creates the row full if missing, so FOR UPDATE has a row to lock even for the first take.
        const now = this.clock();
        await trx.insertInto("login_buckets").values({ key, tokens: rule.capacity, updated_at: now, full_at: now }).onConflict((oc) => oc.column("key").doNothing()).execute();
        row = await trx.selectFrom("login_buckets").select(["tokens", "updated_at"]).where("key", "=", key).forUpdate().executeTakeFirst();
      } else {
        row = await trx.selectFrom("login_buckets").select(["tokens", "updated_at"]).where("key", "=", key).executeTakeFirst();
      }
      const state = row === undefined ? undefined : { tokens: Number(row.tokens), at: Number(row.updated_at) };
      const stored = next(state);
      const values = { tokens: stored.tokens, updated_at: stored.at, full_at: fullAt(stored, rule) };
      await trx
        .insertInto("login_buckets")
        .values({ key, ...values })
        .onConflict((oc) => oc.column("key").doUpdateSet(values))
        .execute();
      return answer(state);
    });
  }

  private async prune(now: number): Promise<void> {
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    await this.db.deleteFrom("login_buckets").where("full_at", "<=", now).execute().catch(() => undefined);
  }
}
