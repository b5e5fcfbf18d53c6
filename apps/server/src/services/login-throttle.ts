/**
 * Login throttles, kept in memory (one process serves everything; a restart forgets the counts, which only
 * ever loosens a limit for a moment):
 * - per address: after `limit` failures within `windowMs`, further attempts answer 429 until the oldest
 *   failure leaves the window;
 * - per client (its network address, see http/client-address.ts): every attempt, failed or not, takes a token
 *   from a bucket of `clientBurst` that refills one token every `clientRefillMs`. A flood with random addresses
 *   slows the flooder, while the hashing threads stay free for everyone else.
 */
export class LoginThrottle implements LoginAttempts {
  private readonly failures = new Map<string, number[]>();
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly limit = 10,
    private readonly windowMs = 15 * 60_000,
    private readonly clock: () => number = Date.now,
    private readonly clientBurst = 30,
    private readonly clientRefillMs = 2000,
  ) {}

  /** Seconds until the address may try again, or undefined when it may try now. */
  retryAfter(email: string): number | undefined {
    const recent = this.recent(email);
    if (recent.length < this.limit) return undefined;
    const oldest = recent[recent.length - this.limit] ?? this.clock();
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.clock()) / 1000));
  }

  /** Takes one attempt from the client's bucket: undefined when it may try now, else seconds until it may. */
  takeClientAttempt(client: string): number | undefined {
    const now = this.clock();
    const bucket = this.clientBucket(client, now);
    if (bucket.tokens < 1) return Math.max(1, Math.ceil(((1 - bucket.tokens) * this.clientRefillMs) / 1000));
    bucket.tokens -= 1;
    return undefined;
  }

  /** Records a failed attempt. */
  fail(email: string): void {
    const recent = this.recent(email);
    recent.push(this.clock());
    this.failures.set(email, recent);
    if (this.failures.size > 10_000) this.prune();
  }

  /** Forgets the address's failures (after a successful login or a password reset). */
  clear(email: string): void {
    this.failures.delete(email);
  }

  private clientBucket(client: string, now: number): { tokens: number; at: number } {
    const bucket = this.buckets.get(client) ?? { tokens: this.clientBurst, at: now };
    bucket.tokens = Math.min(this.clientBurst, bucket.tokens + (now - bucket.at) / this.clientRefillMs);
    bucket.at = now;
    this.buckets.set(client, bucket);
    // A full bucket is the same as none: drop those when the map grows.
    if (this.buckets.size > 10_000) {
      for (const [key, b] of this.buckets) if (b.tokens + (now - b.at) / this.clientRefillMs >= this.clientBurst) this.buckets.delete(key);
    }
    return bucket;
  }

  private recent(email: string): number[] {
    const since = this.clock() - this.windowMs;
    return (this.failures.get(email) ?? []).filter((t) => t > since);
  }

  private prune(): void {
    for (const email of [...this.failures.keys()]) {
      if (this.recent(email).length === 0) this.failures.delete(email);
    }
  }
}

/** Failed-login counting per address: LoginThrottle in memory, or one shared by every instance (redis/). */
export interface LoginAttempts {
  /** Seconds until the address may try again, or undefined when it may try now. */
  retryAfter(email: string): number | undefined | Promise<number | undefined>;
  /** Takes one attempt from the client's bucket: undefined when it may try now, else seconds until it may. */
  takeClientAttempt(client: string): number | undefined;
  /** Records a failed attempt. */
  fail(email: string): void | Promise<void>;
  /** Forgets the address's failures. */
  clear(email: string): void | Promise<void>;
}
