// Render token buckets shared by every instance: one atomic Lua script per take, on Redis' clock, with the
// in-memory limiter's semantics (capacity = burst, refill = rate per second, Retry-After until one token).
// While Redis is unreachable each instance limits on its own (the in-memory limiter) and says so once.
import { createHash } from "node:crypto";
import type { Logger } from "../log.js";
import type { PlanLimits } from "../services/plans.js";
import { RateLimiter, type RenderLimiter, type TakeResult } from "../services/rate-limit.js";
import type { RedisHandle } from "./client.js";

// KEYS[1] the bucket; ARGV rate per second, capacity. Returns {1} or {0, seconds until one token}.
// TIME keeps every instance on one clock; an idle bucket expires once it would be full again.
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local rate = tonumber(ARGV[1])
local capacity = tonumber(ARGV[2])
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(b[1]) or capacity
local at = tonumber(b[2]) or now
if now > at then tokens = math.min(capacity, tokens + (now - at) / 1000 * rate) end
local ok = 0
if tokens >= 1 then
  tokens = tokens - 1
  ok = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(math.max(now, at)))
redis.call('PEXPIRE', KEYS[1], math.ceil((capacity - tokens) / rate * 1000) + 1000)
if ok == 1 then return {1} end
return {0, tostring((1 - tokens) / rate)}
`;

// Sent by hash (EVALSHA): the script's text travels and is hashed by Redis once, not on every render.
const TAKE_SHA = createHash("sha1").update(TAKE).digest("hex");

type TakeReply = [number, string?];

/** The script's text (tests check it is cached under the hash sent). */
export const takeScript = (): string => TAKE;

/** Runs TAKE by its hash; after NOSCRIPT (a restarted or flushed Redis) EVAL sends it, which caches it again. */
async function runTake(redis: RedisHandle, key: string, rate: number, burst: number): Promise<TakeReply> {
  try {
    return (await redis.client.evalsha(TAKE_SHA, 1, key, rate, burst)) as TakeReply;
  } catch (err) {
    if (!(err instanceof Error) || !err.message.startsWith("NOSCRIPT")) throw err;
    return (await redis.client.eval(TAKE, 1, key, rate, burst)) as TakeReply;
  }
}

/** Per-workspace render buckets in Redis, with an in-memory insurance limiter. */
export class RedisRateLimiter implements RenderLimiter {
  private readonly insurance = new RateLimiter();
  private warned = false;

  constructor(private readonly redis: RedisHandle, private readonly log: Logger) {}

  /** Takes one token from the shared bucket (or the local one while Redis is down). */
  async take(workspaceId: string, limits: PlanLimits): Promise<TakeResult> {
    // A plan without a render rate (unlimited) has no bucket to share.
    if (limits.renderRatePerSecond === null) return { ok: true };
    try {
      const reply = await runTake(this.redis, `${this.redis.prefix}render:${workspaceId}`, limits.renderRatePerSecond, limits.renderBurst);
      this.warned = false;
      return reply[0] === 1 ? { ok: true } : { ok: false, retryAfterSeconds: Number(reply[1]) };
    } catch (err) {
      if (!this.warned) this.log.warn("render limits: Redis unreachable, limiting per instance until it returns", { error: String(err) });
      this.warned = true;
      return this.insurance.take(workspaceId, limits);
    }
  }
}
