// Presence in Redis: per resource a sorted set of user ids scored by their last heartbeat (the service
// clock), trimmed on each heartbeat and expiring as a whole once nobody has called for the TTL. Emails and
// membership come from the database, so a removed member drops out at once, as with database presence.
import type { Db } from "../db/database.js";
import { membersAmong, type PresenceKey, type ViewerRow } from "../db/presence.js";
import { ServiceUnavailableError } from "../errors.js";
import type { PresenceStore } from "../services/presence-store.js";
import { nowIso } from "../time.js";
import type { RedisHandle } from "./client.js";

// Presence has no per-instance fallback worth having (viewers on other instances would vanish): while Redis
// is unreachable its endpoints answer 503.
async function unavailableAs503<T>(command: Promise<T>): Promise<T> {
  try {
    return await command;
  } catch (err) {
    throw Object.assign(new ServiceUnavailableError("Presence is unavailable while its store (Redis) is unreachable. Try again shortly."), { cause: err });
  }
}

/** Presence with TTLs in Redis. */
export class RedisPresenceStore implements PresenceStore {
  constructor(
    private readonly redis: RedisHandle,
    private readonly db: Db,
  ) {}

  /** Adds or refreshes the user, drops expired ones, and sets the set's own expiry. */
  async touch(key: PresenceKey, userId: string, at: number, ttlMs: number): Promise<void> {
    const k = this.key(key);
    await unavailableAs503(this.redis.client.multi().zadd(k, at, userId).zremrangebyscore(k, "-inf", `(${at - ttlMs}`).pexpire(k, ttlMs).exec());
  }

  /** User ids seen since, then their emails among the workspace's members. */
  async viewers(key: PresenceKey, since: number): Promise<ViewerRow[]> {
    const flat = await unavailableAs503(this.redis.client.zrangebyscore(this.key(key), since, "+inf", "WITHSCORES"));
    const seen = new Map<string, number>();
    for (let i = 0; i + 1 < flat.length; i += 2) seen.set(flat[i] as string, Number(flat[i + 1]));
    const members = await membersAmong(this.db, key.workspaceId, [...seen.keys()]);
    return members
      .map((m) => ({ user_id: m.user_id, email: m.email, last_seen_at: nowIso(seen.get(m.user_id) ?? since) }))
      .sort((a, b) => b.last_seen_at.localeCompare(a.last_seen_at) || a.user_id.localeCompare(b.user_id));
  }

  /** Removes the user. */
  async remove(key: PresenceKey, userId: string): Promise<void> {
    await unavailableAs503(this.redis.client.zrem(this.key(key), userId));
  }

  private key(key: PresenceKey): string {
    return `${this.redis.prefix}presence:${key.workspaceId}:${key.resourceType}:${key.resourceId}`;
  }
}
