import type { PlanLimits } from "./plans.js";

/** The outcome of asking for one token. */
export type TakeResult = { readonly ok: true } | { readonly ok: false; readonly retryAfterSeconds: number };

/** Per-workspace render token buckets: this in-memory one, or one shared by every instance (redis/). */
export interface RenderLimiter {
  /** Takes one token from the workspace's bucket under the given plan limits. */
  take(workspaceId: string, limits: PlanLimits): TakeResult | Promise<TakeResult>;
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Per-workspace token buckets, in memory: one process serves everything, and a restart refilling the
 * buckets is harmless. Buckets that have refilled completely are dropped, so memory tracks active workspaces.
 */
export class RateLimiter implements RenderLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private sweeps = 0;

  constructor(private readonly clock: () => number = Date.now) {}

  /** Takes one token from the workspace's bucket under the given plan limits. */
  take(workspaceId: string, limits: PlanLimits): TakeResult {
    const now = this.clock();
    const rate = limits.renderRatePerSecond;
    const capacity = limits.renderBurst;
    const bucket = this.buckets.get(workspaceId) ?? { tokens: capacity, at: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.at) / 1000) * rate);
    bucket.at = now;
    this.buckets.set(workspaceId, bucket);
    if (++this.sweeps % 1000 === 0) this.sweep(now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterSeconds: (1 - bucket.tokens) / rate };
  }

  private sweep(now: number): void {
    // Every plan refills its whole burst within a minute, so a bucket idle that long is as good as new.
    for (const [id, b] of this.buckets) if (now - b.at > 60_000) this.buckets.delete(id);
  }
}
