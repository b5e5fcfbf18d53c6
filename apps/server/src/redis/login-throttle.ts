// Failed logins counted in Redis, so the limit holds across instances: per address a sorted set of failure
// times (Redis' clock), trimmed to the window by the same script that reads it. Same rule as LoginThrottle;
// while Redis is unreachable each instance counts on its own.
import { createHash } from "node:crypto";
import type { Logger } from "../log.js";
import { LoginThrottle, type LoginAttempts } from "../services/login-throttle.js";
import type { RedisHandle } from "./client.js";

const NOW = "local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)";

// ARGV limit, window ms. Returns seconds to wait, or 0 when the address may try now.
const RETRY_AFTER = `${NOW}
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local n = redis.call('ZCARD', KEYS[1])
if n < limit then return 0 end
local oldest = tonumber(redis.call('ZRANGE', KEYS[1], n - limit, n - limit, 'WITHSCORES')[2])
return math.max(1, math.ceil((oldest + window - now) / 1000))
`;

// ARGV window ms, a unique member. Records one failure now.
const FAIL = `${NOW}
redis.call('ZADD', KEYS[1], now, ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1
`;

/** The login throttle on Redis, with an in-memory insurance throttle. */
export class RedisLoginThrottle implements LoginAttempts {
  private readonly insurance: LoginThrottle;
  private counter = 0;

  constructor(
    private readonly redis: RedisHandle,
    private readonly log: Logger,
    private readonly limit = 10,
    private readonly windowMs = 15 * 60_000,
  ) {
    this.insurance = new LoginThrottle(limit, windowMs);
  }

  /** Seconds until the address may try again, or undefined. */
  async retryAfter(email: string): Promise<number | undefined> {
    const wait = await this.shared(() => this.redis.client.eval(RETRY_AFTER, 1, this.key(email), this.limit, this.windowMs) as Promise<number>);
    if (wait === undefined) return this.insurance.retryAfter(email);
    return wait === 0 ? undefined : wait;
  }

  /**
   * The per-client bucket stays per instance: it guards this instance's hashing threads, and a flooder spread over
   * instances meets each instance's bucket.
   */
  takeClientAttempt(client: string): number | undefined {
    return this.insurance.takeClientAttempt(client);
  }

  /** Records a failed attempt (locally too, so an outage starts from what this instance saw). */
  async fail(email: string): Promise<void> {
    this.insurance.fail(email);
    await this.shared(() => this.redis.client.eval(FAIL, 1, this.key(email), this.windowMs, `${process.pid}:${++this.counter}:${Math.random()}`));
  }

  /** Forgets the address's failures. */
  async clear(email: string): Promise<void> {
    this.insurance.clear(email);
    await this.shared(() => this.redis.client.del(this.key(email)));
  }

  // Addresses are hashed: keys name no one.
  private key(email: string): string {
    return `${this.redis.prefix}login:${createHash("sha256").update(email).digest("hex")}`;
  }

  private async shared<T>(command: () => Promise<T>): Promise<T | undefined> {
    try {
      return await command();
    } catch (err) {
      this.log.warn("login throttle: Redis unreachable, counting per instance", { error: String(err) });
      return undefined;
    }
  }
}
