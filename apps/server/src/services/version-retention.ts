// Which versions to keep: the pure retention rules, apart from storage so they can be read and tested alone.
import { DAY, HOUR } from "../time.js";

/** Saves by the same author within this long of an auto version's first save coalesce into it. */
export const COALESCE_MS = 2 * 60_000;
/** Auto versions older than this keep one per hour. */
export const HOURLY_AFTER_MS = DAY;
/** Auto versions older than this keep one per day. */
export const DAILY_AFTER_MS = 30 * DAY;
/** At most this many versions per template. */
export const MAX_VERSIONS = 200;

/** What thinning looks at. */
export interface RetainedVersion {
  readonly id: string;
  readonly number: number;
  readonly kind: "auto" | "manual" | "restore";
  readonly created_at: string;
}

/**
 * The ids to delete. Auto versions older than 24 h keep the newest of each UTC hour, older than 30 days the
 * newest of each UTC day; manual and restore versions are never thinned. Over the cap, the oldest auto
 * versions go first, then (only if named versions alone exceed it) the oldest named ones. The newest version
 * (the template's current state) is always kept.
 */
export function versionsToDelete(versions: readonly RetainedVersion[], now: number): string[] {
  const newest = versions.reduce<RetainedVersion | undefined>((a, v) => (a === undefined || v.number > a.number ? v : a), undefined);
  const doomed = new Set<string>();
  const bucketsSeen = new Set<string>();
  // Newest first, so the first version met in a bucket is the one kept.
  const byNewest = [...versions].sort((a, b) => b.number - a.number);
  for (const v of byNewest) {
    // The newest comes first, so it always claims (and keeps) its bucket.
    if (v.kind !== "auto") continue;
    const created = Date.parse(v.created_at);
    const age = now - created;
    if (age <= HOURLY_AFTER_MS) continue;
    const bucket = age > DAILY_AFTER_MS ? `d${Math.floor(created / DAY)}` : `h${Math.floor(created / HOUR)}`;
    if (bucketsSeen.has(bucket)) doomed.add(v.id);
    else bucketsSeen.add(bucket);
  }
  let excess = versions.length - doomed.size - MAX_VERSIONS;
  const oldestFirst = [...versions].sort((a, b) => a.number - b.number);
  for (const pass of ["auto", "named"] as const) {
    for (const v of oldestFirst) {
      if (excess <= 0) break;
      if (doomed.has(v.id) || v === newest || (pass === "auto") !== (v.kind === "auto")) continue;
      doomed.add(v.id);
      excess -= 1;
    }
  }
  return [...doomed];
}
