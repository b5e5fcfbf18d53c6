// checkTokens: issued with a generation that had a reference, redeemed by revise-document to compare the
// draft with that same reference. Single-use, 15 minutes, bound to the workspace and the reference's hash.
// Kept hashed in a CheckTokenStore shared by every instance (the database, or Redis when REDIS_URL is set), so a
// token issued by one instance is good on another and after a restart.
import { createHash, randomBytes } from "node:crypto";

/** How long a token is good for. */
export const CHECK_TOKEN_TTL_MS = 15 * 60 * 1000;

/** What an issued token is bound to. */
export interface CheckTokenEntry {
  readonly workspaceId: string;
  readonly referenceHash: string;
  /** Milliseconds since the epoch. */
  readonly expiresAt: number;
}

/** Where issued, unused tokens live (by the SHA-256 of the token). */
export interface CheckTokenStore {
  save(tokenHash: string, entry: CheckTokenEntry): Promise<void>;
  /**
   * Deletes and reports true for a live token bound to this workspace and reference, once; false otherwise. A
   * token presented by another workspace or for another reference stays (it cannot be used up by a stranger).
   */
  take(tokenHash: string, workspaceId: string, referenceHash: string, now: number): Promise<boolean>;
}

const digest = (token: string): string => createHash("sha256").update(token).digest("hex");

/** Issues and redeems tokens through a store. */
export class CheckTokens {
  constructor(private readonly store: CheckTokenStore, private readonly clock: () => number = Date.now) {}

  /** A new token for this workspace and reference. */
  async issue(workspaceId: string, referenceHash: string): Promise<string> {
    const token = `ct_${randomBytes(24).toString("base64url")}`;
    await this.store.save(digest(token), { workspaceId, referenceHash, expiresAt: this.clock() + CHECK_TOKEN_TTL_MS });
    return token;
  }

  /** Uses the token up; false when unknown, used, expired, another workspace's or another reference's. */
  redeem(token: string, workspaceId: string, referenceHash: string): Promise<boolean> {
    return this.store.take(digest(token), workspaceId, referenceHash, this.clock());
  }
}
