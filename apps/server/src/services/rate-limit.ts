import type { PlanLimits } from "./plans.js";

/** The outcome of asking for one token. */
export type TakeResult = { readonly ok: true } | { readonly ok: false; readonly retryAfterSeconds: number };

/** Per-workspace render token buckets shared by every instance: in the database (db/rate-buckets.ts) or Redis. */
export interface RenderLimiter {
  /** Takes one token from the workspace's bucket under the given plan limits. */
  take(workspaceId: string, limits: PlanLimits): TakeResult | Promise<TakeResult>;
}

interface Bucket {
  tokens: number;
  at: number;
  /** When the bucket will be full again (it may then be dropped: a new one starts full). */
  fullAt: number;
}

/**
 * Per-workspace token buckets in this process's memory: the Redis limiter's insurance while Redis is unreachable
 * (the service's own default is the database's, shared by every instance). Buckets that have refilled completely
 * are dropped, so memory tracks active workspaces.
 */
export class RateLimiter implements RenderLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private sweeps = 0;

  constructor(private readonly clock: () => number = Date.now) {}

  /** Takes one token from the workspace's bucket under the given plan limits. */
  take(workspaceId: string, limits: PlanLimits): TakeResult {
    const rate = limits.renderRatePerSecond;
    // No rate on the plan: nothing to count, and no bucket kept.
    if (rate === null) return { ok: true };
    const now = this.clock();
    const capacity = limits.renderBurst;
    const bucket = this.buckets.get(workspaceId) ?? { tokens: capacity, at: now, fullAt: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.at) / 1000) * rate);
    bucket.at = now;
    this.buckets.set(workspaceId, bucket);
    if (++this.sweeps % 1000 === 0) this.sweep(now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      bucket.fullAt = now + ((capacity - bucket.tokens) / rate) * 1000;
      return { ok: true };
    }
    return { ok: false, retryAfterSeconds: (1 - bucket.tokens) / rate };
  }

  private sweep(now: number): void {
    // A bucket that has refilled completely is as good as a new one (plans from PLANS_FILE may refill slowly).
    for (const [id, b] of this.buckets) if (now >= b.fullAt) this.buckets.delete(id);
  }
}
