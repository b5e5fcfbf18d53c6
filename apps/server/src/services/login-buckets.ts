// The token buckets behind the login throttle, and where they live. A bucket holds up to `capacity` tokens and
// gains one every `refillMs`; taking from an empty one answers the seconds until a token is back. Buckets are
// grouped (all of one email's per-address buckets form one group) so a password reset can forget a whole group.
// Stores: the database (db/login-buckets.ts, the default), Redis (redis/login-throttle.ts) and memory (tests,
// and Redis' insurance while it is unreachable).

/** A bucket's shape: `capacity` tokens at most, one more every `refillMs`. */
export interface BucketRule {
  readonly capacity: number;
  readonly refillMs: number;
}

/** Where buckets live; every operation is atomic per bucket, whatever the number of instances sharing the store. */
export interface LoginBuckets {
  /** Takes one token: undefined when granted, else the whole seconds (≥ 1) until one is back. */
  take(group: string, member: string, rule: BucketRule): Promise<number | undefined>;
  /** Returns one token taken earlier (never above capacity). */
  give(group: string, member: string, rule: BucketRule): Promise<void>;
  /** Forgets one bucket of a group, or the whole group (both then start full). */
  reset(group: string, member?: string): Promise<void>;
}

/** A bucket's state: its tokens as of `at` (ms). */
export interface BucketState {
  readonly tokens: number;
  readonly at: number;
}

/** The tokens a bucket holds at `now` (a missing bucket is full; a clock running back refills nothing). */
export function refilled(state: BucketState | undefined, rule: BucketRule, now: number): number {
  if (state === undefined) return rule.capacity;
  return Math.min(rule.capacity, state.tokens + Math.max(0, now - state.at) / rule.refillMs);
}

/** One take at `now`: the state to store and the answer (see LoginBuckets.take). */
export function takeAt(state: BucketState | undefined, rule: BucketRule, now: number): { state: BucketState; wait: number | undefined } {
  const tokens = refilled(state, rule, now);
  if (tokens >= 1) return { state: { tokens: tokens - 1, at: now }, wait: undefined };
  return { state: { tokens, at: now }, wait: Math.max(1, Math.ceil(((1 - tokens) * rule.refillMs) / 1000)) };
}

/** When a bucket left alone is full again (then its row or key can go). */
export function fullAt(state: BucketState, rule: BucketRule): number {
  return state.at + Math.max(0, rule.capacity - state.tokens) * rule.refillMs;
}

/** Buckets in this process's memory: for tests, and while a shared store is unreachable. */
export class MemoryLoginBuckets implements LoginBuckets {
  private readonly buckets = new Map<string, BucketState & { full: number }>();

  constructor(private readonly clock: () => number = Date.now) {}

  async take(group: string, member: string, rule: BucketRule): Promise<number | undefined> {
    const now = this.clock();
    const key = `${group}|${member}`;
    const { state, wait } = takeAt(this.buckets.get(key), rule, now);
    this.buckets.set(key, { ...state, full: fullAt(state, rule) });
    if (this.buckets.size > 10_000) this.prune(now);
    return wait;
  }

  async give(group: string, member: string, rule: BucketRule): Promise<void> {
    const now = this.clock();
    const key = `${group}|${member}`;
    const tokens = Math.min(rule.capacity, refilled(this.buckets.get(key), rule, now) + 1);
    const state = { tokens, at: now };
    this.buckets.set(key, { ...state, full: fullAt(state, rule) });
  }

  async reset(group: string, member?: string): Promise<void> {
    if (member !== undefined) {
      this.buckets.delete(`${group}|${member}`);
      return;
    }
    for (const key of [...this.buckets.keys()]) if (key.startsWith(`${group}|`)) this.buckets.delete(key);
  }

  // A full bucket is the same as none.
  private prune(now: number): void {
    for (const [key, b] of this.buckets) if (b.full <= now) this.buckets.delete(key);
  }
}
