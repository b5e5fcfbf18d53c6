// The login throttle's buckets on Redis (REDIS_URL): one hash per group (an email's per-address buckets live in
// one hash, so a password reset forgets them with one DEL), each bucket two fields, changed by one Lua script on
// Redis' clock, so every instance draws on the same tokens. A group expires once all its buckets would be full.
// While Redis is unreachable each instance counts in its own memory, and says so once per outage.
import type { Logger } from "../log.js";
import { MemoryLoginBuckets, type BucketRule, type LoginBuckets } from "../services/login-buckets.js";
import type { RedisHandle } from "./client.js";

// KEYS[1] the group; ARGV member, capacity, refill ms, mode ('take' or 'give').
// Returns 0 when a take is granted (or for a give), else the milliseconds until one token is back.
const BUCKET = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local member = ARGV[1]
local capacity = tonumber(ARGV[2])
local refill = tonumber(ARGV[3])
local b = redis.call('HMGET', KEYS[1], member .. ':t', member .. ':a')
local tokens = tonumber(b[1]) or capacity
local at = tonumber(b[2]) or now
if now > at then tokens = math.min(capacity, tokens + (now - at) / refill) end
local wait = 0
if ARGV[4] == 'give' then
  tokens = math.min(capacity, tokens + 1)
elseif tokens >= 1 then
  tokens = tokens - 1
else
  wait = math.ceil((1 - tokens) * refill)
end
redis.call('HSET', KEYS[1], member .. ':t', tostring(tokens), member .. ':a', tostring(math.max(now, at)))
local ttl = math.ceil((capacity - tokens) * refill) + 1000
if redis.call('PTTL', KEYS[1]) < ttl then redis.call('PEXPIRE', KEYS[1], ttl) end
return wait
`;

/** Buckets on Redis, with in-memory insurance. */
export class RedisLoginBuckets implements LoginBuckets {
  private readonly insurance = new MemoryLoginBuckets();
  private down = false;

  constructor(
    private readonly redis: RedisHandle,
    private readonly log: Logger,
  ) {}

  async take(group: string, member: string, rule: BucketRule): Promise<number | undefined> {
    const wait = await this.shared(() => this.redis.client.eval(BUCKET, 1, this.key(group), member, rule.capacity, rule.refillMs, "take") as Promise<number>);
    if (wait === undefined) return this.insurance.take(group, member, rule);
    return wait === 0 ? undefined : Math.max(1, Math.ceil(wait / 1000));
  }

  async give(group: string, member: string, rule: BucketRule): Promise<void> {
    const done = await this.shared(() => this.redis.client.eval(BUCKET, 1, this.key(group), member, rule.capacity, rule.refillMs, "give"));
    if (done === undefined) await this.insurance.give(group, member, rule);
  }

  async reset(group: string, member?: string): Promise<void> {
    await this.insurance.reset(group, member);
    await this.shared(() => (member === undefined ? this.redis.client.del(this.key(group)) : this.redis.client.hdel(this.key(group), `${member}:t`, `${member}:a`)));
  }

  // Groups are already hashes of emails and addresses (services/login-throttle.ts): keys name no one.
  private key(group: string): string {
    return `${this.redis.prefix}login:${group}`;
  }

  private async shared<T>(command: () => Promise<T>): Promise<T | undefined> {
    try {
      const result = await command();
      this.down = false;
      return result;
    } catch (err) {
      if (!this.down) this.log.warn("login throttle: Redis unreachable, counting per instance", { error: String(err) });
      this.down = true;
      return undefined;
    }
  }
}
