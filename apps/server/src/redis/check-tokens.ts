// AI check tokens in Redis (see ai/check-tokens.ts): one key per token, expiring with it.
import type { CheckTokenEntry, CheckTokenStore } from "../ai/check-tokens.js";
import type { RedisHandle } from "./client.js";
import { redisOr503 } from "./unavailable.js";

// KEYS[1] the token's key; ARGV[1] what it must be bound to. Deletes and answers 1 only on a match, so a token
// shown by another workspace or for another reference is not used up; two instances cannot both get the 1.
const TAKE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
  return 1
end
return 0
`;

const binding = (workspaceId: string, referenceHash: string): string => `${workspaceId}\n${referenceHash}`;

/** Check tokens shared by every instance through Redis. */
export class RedisCheckTokenStore implements CheckTokenStore {
  constructor(private readonly redis: RedisHandle) {}

  async save(tokenHash: string, entry: CheckTokenEntry): Promise<void> {
    const ttl = Math.max(1, Math.ceil(entry.expiresAt - Date.now()));
    await redisOr503("Check tokens", this.redis.client.set(this.key(tokenHash), binding(entry.workspaceId, entry.referenceHash), "PX", ttl));
  }

  async take(tokenHash: string, workspaceId: string, referenceHash: string): Promise<boolean> {
    // Expiry is Redis' own (PX): an expired token is simply gone.
    const taken = await redisOr503("Check tokens", this.redis.client.eval(TAKE, 1, this.key(tokenHash), binding(workspaceId, referenceHash)));
    return taken === 1;
  }

  private key(tokenHash: string): string {
    return `${this.redis.prefix}ai:check-token:${tokenHash}`;
  }
}
