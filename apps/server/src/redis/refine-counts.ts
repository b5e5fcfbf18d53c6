// refine-band's daily counts in Redis (see ai/quota.ts): one counter per workspace and UTC day, expiring after
// the day is over.
import type { RefineCounter } from "../ai/quota.js";
import { DAY } from "../time.js";
import type { RedisHandle } from "./client.js";
import { redisOr503 } from "./unavailable.js";

// KEYS[1] the day's counter; ARGV limit, expiry (ms). A refused call is not counted.
const TAKE = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[1]) then return 0 end
redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;

/** Daily refine counts shared by every instance through Redis. */
export class RedisRefineCounter implements RefineCounter {
  constructor(private readonly redis: RedisHandle) {}

  async take(workspaceId: string, day: number, limit: number): Promise<boolean> {
    if (limit <= 0) return false;
    const key = `${this.redis.prefix}ai:refines:${workspaceId}:${day}`;
    // Kept a day past the day's end, whatever the clocks of the instances say.
    const taken = await redisOr503("AI refinements", this.redis.client.eval(TAKE, 1, key, limit, 2 * DAY));
    return taken === 1;
  }
}
