// Housekeeping for webhooks and asynchronous renders: expired render PDFs are removed (the job stays, for its
// status), and the delivery log forgets finished deliveries after 30 days.
import type { BlobStore } from "../blobs/store.js";
import type { Db } from "../db/database.js";
import { expiredRenderJobs, forgetRenderJobPdf } from "../db/render-jobs.js";
import { forgetDeliveries } from "../db/webhooks.js";
import { clockNow, DAY, nowIso } from "../time.js";
import { renderResultKey } from "./render-jobs.js";

/** How long finished deliveries stay in the log. */
export const DELIVERY_LOG_RETENTION_MS = 30 * DAY;

/** Removes expired asynchronous render PDFs; answers how many. */
export async function expireRenderResults(db: Db, blobs: BlobStore, now: number = clockNow()): Promise<number> {
  const expired = await expiredRenderJobs(db, nowIso(now));
  for (const { id } of expired) {
    await blobs.deletePrefix(renderResultKey(id).replace(/result\.pdf$/, ""));
    await forgetRenderJobPdf(db, id);
  }
  return expired.length;
}

/** Drops deliveries finished more than 30 days ago; answers how many. */
export function expireDeliveries(db: Db, now: number = clockNow()): Promise<number> {
  return forgetDeliveries(db, nowIso(now - DELIVERY_LOG_RETENTION_MS));
}
