// Idempotent batch submissions: a client that sends `Idempotency-Key` may repeat a submission (a timeout, a
// retry after a lost answer, another instance behind the load balancer) and gets the batch it already made
// instead of a second one. Same key and same body: the same job id again; same key, different body: 422. Keys
// belong to a workspace and live 24 hours, in the database beside the jobs they name (not in Redis: the key
// and the job it points at must agree, whatever happens to either store).
import { createHash } from "node:crypto";
import * as v from "valibot";
import { deleteKeyIfExpired, deleteKeyOfJob, findKey, insertKeyIfAbsent } from "../db/idempotency-keys.js";
import type { Db } from "../db/database.js";
import { ConflictError, UnprocessableError } from "../errors.js";
import { DAY, isoAfter, nowIso } from "../time.js";

/** How long a key is remembered. */
export const IDEMPOTENCY_KEY_TTL_MS = DAY;

/** The header's value: 1 to 255 visible ASCII characters (a UUID is the usual choice). */
export const IdempotencyKey = v.pipe(
  v.string(),
  v.minLength(1, "Idempotency-Key must not be empty."),
  v.maxLength(255, "Idempotency-Key must be at most 255 characters."),
  v.regex(/^[\x21-\x7e]+$/, "Idempotency-Key must be visible ASCII characters without spaces."),
);

/** SHA-256 of what makes a submission this submission: the template and every field of the body. */
export function submissionHash(templateId: string, rowsJson: string, rest: unknown): string {
  return createHash("sha256").update(templateId).update("\0").update(rowsJson).update("\0").update(JSON.stringify(rest) ?? "").digest("hex");
}

/** What a claimed key means: make the job `jobId` now, or answer with the job made before. */
export type KeyClaim = { readonly replay: false; readonly jobId: string } | { readonly replay: true; readonly jobId: string };

/**
 * Claims `key` for a new job `jobId`, or finds the job an earlier submission with the same body made under it
 * (422 when that body was different). An expired key is taken over.
 */
export async function claimKey(db: Db, workspaceId: string, key: string, requestHash: string, jobId: string, now: number): Promise<KeyClaim> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = { workspace_id: workspaceId, key, request_hash: requestHash, job_id: jobId, created_at: nowIso(now), expires_at: isoAfter(IDEMPOTENCY_KEY_TTL_MS, now) };
    if (await insertKeyIfAbsent(db, row)) return { replay: false, jobId };
    const earlier = await findKey(db, workspaceId, key);
    // Deleted between the two statements (expired, or given back by a failed submission): try again.
    if (earlier === undefined) continue;
    if (earlier.expires_at <= nowIso(now)) {
      await deleteKeyIfExpired(db, workspaceId, key, nowIso(now));
      continue;
    }
    if (earlier.request_hash !== requestHash) {
      throw new UnprocessableError("This Idempotency-Key was already used with a different request body (or another template) in the last 24 hours; use a new key for a new batch.");
    }
    return { replay: true, jobId: earlier.job_id };
  }
  throw new ConflictError("This Idempotency-Key is being claimed by another request right now; try again.");
}

/** Gives the key back after the submission that claimed it failed (so a retry can make the job). */
export function releaseKey(db: Db, workspaceId: string, key: string, jobId: string): Promise<void> {
  return deleteKeyOfJob(db, workspaceId, key, jobId);
}
