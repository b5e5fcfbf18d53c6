// Render token buckets shared by every instance: an atomic Lua script on Redis' clock, with the in-memory
// limiter's semantics (capacity = burst, refill = rate per second, Retry-After until one token).
// Plans with a high rate lease a few tokens per call (see leaseSize): the tokens leave the shared bucket when
// leased, so the renders admitted across all instances never exceed what the one bucket gave out; an unused
// lease lapses after LEASE_MS (those tokens are lost, never handed out twice).
// While Redis is unreachable each instance limits on its own (the in-memory limiter) and says so once.
import { createHash } from "node:crypto";
import type { Logger } from "../log.js";
import type { PlanLimits } from "../services/plans.js";
import { RateLimiter, type RenderLimiter, type TakeResult } from "../services/rate-limit.js";
import type { RedisHandle } from "./client.js";

// KEYS[1] the bucket; ARGV rate per second, capacity, tokens wanted. Returns {granted} (1 to wanted, as many
// whole tokens as the bucket holds) or {0, seconds until one token}.
// TIME keeps every instance on one clock; an idle bucket expires once it would be full again.
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local rate = tonumber(ARGV[1])
local capacity = tonumber(ARGV[2])
local want = tonumber(ARGV[3]) or 1
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(b[1]) or capacity
local at = tonumber(b[2]) or now
if now > at then tokens = math.min(capacity, tokens + (now - at) / 1000 * rate) end
local granted = 0
if tokens >= 1 then
  granted = math.min(want, math.floor(tokens))
  tokens = tokens - granted
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(math.max(now, at)))
redis.call('PEXPIRE', KEYS[1], math.ceil((capacity - tokens) / rate * 1000) + 1000)
if granted >= 1 then return {granted} end
return {0, tostring((1 - tokens) / rate)}
`;

// Sent by hash (EVALSHA): the script's text travels and is hashed by Redis once, not on every render.
const TAKE_SHA = createHash("sha1").update(TAKE).digest("hex");

type TakeReply = [number, string?];

/** The script's text (tests check it is cached under the hash sent). */
export const takeScript = (): string => TAKE;

/** How long leased tokens stay usable on the instance that leased them. */
export const LEASE_MS = 500;

/**
 * Tokens one Redis call takes: what the plan refills in 50 ms, at most a twentieth of the burst, at least one.
 * The hosted plans (2 and 25 per second) take one at a time, exactly as without leases; a 500-per-second plan
 * takes 25, so a busy instance asks Redis about once per 25 renders. What a lease can hold back from other
 * instances is that small share of the burst, for at most LEASE_MS.
 */
export function leaseSize(limits: PlanLimits): number {
  const rate = limits.renderRatePerSecond ?? 0;
  return Math.max(1, Math.min(Math.floor(rate / 20), Math.floor(limits.renderBurst / 20)));
}

/** Runs TAKE by its hash; after NOSCRIPT (a restarted or flushed Redis) EVAL sends it, which caches it again. */
async function runTake(redis: RedisHandle, key: string, rate: number, burst: number, want: number): Promise<TakeReply> {
  try {
    return (await redis.client.evalsha(TAKE_SHA, 1, key, rate, burst, want)) as TakeReply;
  } catch (err) {
    if (!(err instanceof Error) || !err.message.startsWith("NOSCRIPT")) throw err;
    return (await redis.client.eval(TAKE, 1, key, rate, burst, want)) as TakeReply;
  }
}

interface Lease {
  tokens: number;
  expiresAt: number;
}

/** Per-workspace render buckets in Redis, with an in-memory insurance limiter. */
export class RedisRateLimiter implements RenderLimiter {
  private readonly insurance = new RateLimiter();
  private readonly leases = new Map<string, Lease>();
  private warned = false;

  constructor(private readonly redis: RedisHandle, private readonly log: Logger, private readonly clock: () => number = Date.now) {}

  /** Takes one token from the shared bucket (or the local one while Redis is down). */
  async take(workspaceId: string, limits: PlanLimits): Promise<TakeResult> {
    // A plan without a render rate (unlimited) has no bucket to share.
    if (limits.renderRatePerSecond === null) return { ok: true };
    if (this.fromLease(workspaceId)) return { ok: true };
    try {
      const want = leaseSize(limits);
      const reply = await runTake(this.redis, `${this.redis.prefix}render:${workspaceId}`, limits.renderRatePerSecond, limits.renderBurst, want);
      this.warned = false;
      const granted = reply[0];
      if (granted < 1) return { ok: false, retryAfterSeconds: Number(reply[1]) };
      if (granted > 1) this.addLease(workspaceId, granted - 1);
      return { ok: true };
    } catch (err) {
      if (!this.warned) this.log.warn("render limits: Redis unreachable, limiting per instance until it returns", { error: String(err) });
      this.warned = true;
      return this.insurance.take(workspaceId, limits);
    }
  }

  private fromLease(workspaceId: string): boolean {
    const lease = this.leases.get(workspaceId);
    if (lease === undefined) return false;
    if (lease.expiresAt <= this.clock()) {
      this.leases.delete(workspaceId);
      return false;
    }
    lease.tokens -= 1;
    if (lease.tokens < 1) this.leases.delete(workspaceId);
    return true;
  }

  private addLease(workspaceId: string, tokens: number): void {
    // Concurrent takes that all found the lease empty each bring tokens back: they add up rather than replace.
    const now = this.clock();
    const lease = this.leases.get(workspaceId);
    if (lease !== undefined && lease.expiresAt > now) lease.tokens += tokens;
    else this.leases.set(workspaceId, { tokens, expiresAt: now + LEASE_MS });
    // Workspaces that stopped rendering leave nothing behind for long.
    if (this.leases.size > 1_000) for (const [id, l] of this.leases) if (l.expiresAt <= now) this.leases.delete(id);
  }
}
