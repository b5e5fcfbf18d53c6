/**
 * Failed-login counter per address: after `limit` failures within `windowMs`, further attempts answer 429
 * until the oldest failure leaves the window. Kept in memory (one process serves everything); a restart
 * forgets the counts, which only ever loosens the limit for a moment.
 */
export class LoginThrottle implements LoginAttempts {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit = 10,
    private readonly windowMs = 15 * 60_000,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Seconds until the address may try again, or undefined when it may try now. */
  retryAfter(email: string): number | undefined {
    const recent = this.recent(email);
    if (recent.length < this.limit) return undefined;
    const oldest = recent[recent.length - this.limit] ?? this.clock();
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.clock()) / 1000));
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
  /** Records a failed attempt. */
  fail(email: string): void | Promise<void>;
  /** Forgets the address's failures. */
  clear(email: string): void | Promise<void>;
}
