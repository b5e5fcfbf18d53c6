// The events the service sends and how each becomes a delivery. The body is fixed when the event happens (a
// redelivery sends it again unchanged, freshly signed); the dispatcher (src/jobs/webhook-dispatcher.ts) sends it.
import type { Db } from "../db/database.js";
import type { BatchJobSummaryRow } from "../db/batch.js";
import type { RenderJobRow } from "../db/render-jobs.js";
import { insertDelivery } from "../db/webhooks.js";
import { uuidv7 } from "../ids.js";
import { clockNow, nowIso } from "../time.js";
import type { WebhookSettings } from "./settings.js";

/** The kinds of event. */
export type WebhookEventType = "batch.completed" | "batch.failed" | "render.completed" | "render.failed";

/** An event as sent: `data` depends on `type`. */
export interface WebhookEvent {
  readonly id: string;
  readonly type: WebhookEventType;
  readonly createdAt: string;
  readonly workspaceId: string;
  readonly data: Readonly<Record<string, unknown>>;
}

/** Records the event for its URL; the dispatcher sends it. */
export async function queueEvent(db: Db, settings: Pick<WebhookSettings, "retryForMs">, url: string, event: WebhookEvent): Promise<void> {
  const now = clockNow();
  await insertDelivery(db, {
    id: uuidv7(now),
    workspace_id: event.workspaceId,
    event_id: event.id,
    event_type: event.type,
    url,
    payload: JSON.stringify(event),
    status: "pending",
    attempts: 0,
    next_attempt_at: nowIso(now),
    locked_until: null,
    last_status: null,
    last_error: null,
    created_at: nowIso(now),
    give_up_at: nowIso(now + settings.retryForMs),
    delivered_at: null,
  });
}

function event(type: WebhookEventType, workspaceId: string, data: Record<string, unknown>): WebhookEvent {
  const now = clockNow();
  return { id: `evt_${uuidv7(now)}`, type, createdAt: nowIso(now), workspaceId, data };
}

/** batch.completed or batch.failed for a finished job (its row as it is now). */
export function batchEvent(job: BatchJobSummaryRow, publicUrl: string): WebhookEvent {
  const completed = job.status === "completed";
  const base = `${publicUrl}/api/templates/${job.template_id}/render-batch/jobs/${job.id}`;
  return event(completed ? "batch.completed" : "batch.failed", job.workspace_id, {
    jobId: job.id,
    templateId: job.template_id,
    status: job.status,
    output: job.output,
    total: job.total,
    completed: job.completed,
    failed: job.failed,
    error: job.error,
    finishedAt: job.finished_at,
    expiresAt: job.expires_at,
    statusUrl: base,
    ...(completed ? { resultUrl: `${base}/result` } : {}),
  });
}

/** render.completed or render.failed for a finished asynchronous render. */
export function renderEvent(job: RenderJobRow, publicUrl: string): WebhookEvent {
  const completed = job.status === "completed";
  const base = `${publicUrl}/api/render/jobs/${job.id}`;
  return event(completed ? "render.completed" : "render.failed", job.workspace_id, {
    jobId: job.id,
    templateId: job.template_id,
    status: job.status,
    pages: job.pages,
    error: job.error,
    finishedAt: job.finished_at,
    expiresAt: job.expires_at,
    statusUrl: base,
    ...(completed ? { pdfUrl: `${base}/pdf` } : {}),
  });
}
