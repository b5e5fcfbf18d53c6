// checkTokens: issued with a generation that had a reference, redeemed by revise-document to compare the
// draft with that same reference. Single-use, 15 minutes, bound to the workspace and the reference's hash;
// kept hashed, in memory (one process serves everything; a restart only voids unused tokens).
import { createHash, randomBytes } from "node:crypto";

/** How long a token is good for. */
export const CHECK_TOKEN_TTL_MS = 15 * 60 * 1000;

interface Entry {
  readonly workspaceId: string;
  readonly referenceHash: string;
  readonly expiresAt: number;
}

const digest = (token: string): string => createHash("sha256").update(token).digest("hex");

/** The issued, unused tokens. */
export class CheckTokens {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly clock: () => number = Date.now) {}

  /** A new token for this workspace and reference. */
  issue(workspaceId: string, referenceHash: string): string {
    this.sweep();
    const token = `ct_${randomBytes(24).toString("base64url")}`;
    this.entries.set(digest(token), { workspaceId, referenceHash, expiresAt: this.clock() + CHECK_TOKEN_TTL_MS });
    return token;
  }

  /** Uses the token up; false when unknown, used, expired, another workspace's or another reference's. */
  redeem(token: string, workspaceId: string, referenceHash: string): boolean {
    const key = digest(token);
    const entry = this.entries.get(key);
    if (entry === undefined || entry.workspaceId !== workspaceId || entry.referenceHash !== referenceHash) return false;
    this.entries.delete(key);
    return entry.expiresAt > this.clock();
  }

  private sweep(): void {
    const now = this.clock();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}
