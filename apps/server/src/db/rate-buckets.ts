// Render token buckets in the database (no REDIS_URL): every instance on the database takes from the same
// bucket, and a restart does not refill it. One upsert per take computes the refill and the take on the row
// itself (all right-hand sides read the row as it was), so concurrent takes from several instances serialise
// on the row and never hand out a token twice. Time is each instance's clock, in milliseconds.
// While the database is unreachable each instance limits on its own (the in-memory limiter) and says so once,
// as the Redis limiter does: renders served from the lookup cache go on through a short outage.
import { sql, type RawBuilder } from "kysely";
import { errorFields, type Logger } from "../log.js";
import type { PlanLimits } from "../services/plans.js";
import { RateLimiter, type RenderLimiter, type TakeResult } from "../services/rate-limit.js";
import type { Db } from "./database.js";
import { isDatabaseUnavailable, isPostgres } from "./dialect.js";

/** Render buckets shared by every instance on this database. */
export class DbRateLimiter implements RenderLimiter {
  private readonly least: string;
  private readonly greatest: string;
  private readonly insurance: RateLimiter;
  private warned = false;

  constructor(private readonly db: Db, private readonly log?: Logger, private readonly clock: () => number = Date.now) {
    this.insurance = new RateLimiter(clock);
    // SQLite's two-argument min()/max() are PostgreSQL's least()/greatest().
    const pg = isPostgres(db);
    this.least = pg ? "least" : "min";
    this.greatest = pg ? "greatest" : "max";
  }

  async take(workspaceId: string, limits: PlanLimits): Promise<TakeResult> {
    // No rate on the plan: nothing to count, and no row written.
    if (limits.renderRatePerSecond === null) return { ok: true };
    try {
      const taken = await this.takeFromRow(workspaceId, limits.renderRatePerSecond, limits.renderBurst);
      this.warned = false;
      return taken;
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      if (!this.warned) this.log?.warn("render limits: the database is unreachable, limiting per instance until it returns", errorFields(err));
      this.warned = true;
      return this.insurance.take(workspaceId, limits);
    }
  }

  private async takeFromRow(workspaceId: string, rate: number, capacity: number): Promise<TakeResult> {
    const now = this.clock();
    const fn = (name: string, ...args: RawBuilder<unknown>[]) => sql`${sql.raw(name)}(${sql.join(args)})`;
    const tokens = sql.ref("rate_buckets.tokens");
    const at = sql.ref("rate_buckets.at");
    // The tokens the bucket holds now: what it held plus the refill since the last take, at most the capacity.
    const refilled = fn(this.least, sql`${capacity}`, sql`${tokens} + ${fn(this.greatest, sql`0`, sql`${now} - ${at}`)} / 1000.0 * ${rate}`);
    const after = sql`case when ${refilled} >= 1 then ${refilled} - 1 else ${refilled} end`;
    const first = Math.max(0, capacity - 1);
    const row = await this.db
      .insertInto("rate_buckets")
      .values({ key: `render:${workspaceId}`, tokens: first, at: now, full_at: now + ((capacity - first) / rate) * 1000, granted: capacity >= 1 ? 1 : 0 })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          tokens: after as RawBuilder<number>,
          at: fn(this.greatest, at, sql`${now}`) as RawBuilder<number>,
          full_at: sql<number>`${now} + (${capacity} - (${after})) / ${rate} * 1000.0`,
          granted: sql<number>`case when ${refilled} >= 1 then 1 else 0 end`,
        }),
      )
      .returning(["tokens", "granted"])
      .executeTakeFirstOrThrow();
    return Number(row.granted) === 1 ? { ok: true } : { ok: false, retryAfterSeconds: (1 - Number(row.tokens)) / rate };
  }
}

/** Drops buckets that have refilled completely (a new bucket starts full, so they are as good as absent). */
export async function deleteFullRateBuckets(db: Db, now: number): Promise<void> {
  await db.deleteFrom("rate_buckets").where("full_at", "<=", now).execute();
}
