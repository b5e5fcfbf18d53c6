// Webhook use cases: the workspace's signing secret (made or rotated by an Owner or Editor, shown once), the
// delivery log, redelivery, and the check a submission with a webhook passes.
import type { Principal, SessionPrincipal } from "../auth/principal.js";
import { findDelivery, findWebhookSecret, listDeliveries, putWebhookSecret, requeueDelivery, type WebhookDeliveryRow } from "../db/webhooks.js";
import { NotFoundError, ValidationError } from "../errors.js";
import { clockNow, nowIso } from "../time.js";
import { newSigningSecret, secretPrefix } from "../webhooks/secrets.js";
import type { ServiceDeps } from "./deps.js";
import { requireRole } from "./workspaces.js";

/** Entries the delivery log answers (newest first). */
export const DELIVERY_LOG_LIMIT = 100;

/** A delivery as the log shows it. */
export interface DeliveryView {
  readonly id: string;
  readonly eventId: string;
  readonly event: string;
  readonly url: string;
  readonly status: WebhookDeliveryRow["status"];
  readonly attempts: number;
  readonly lastStatus: number | null;
  readonly lastError: string | null;
  readonly createdAt: string;
  readonly nextAttemptAt: string | null;
  readonly giveUpAt: string;
  readonly deliveredAt: string | null;
  readonly payload: unknown;
}

function view(row: WebhookDeliveryRow): DeliveryView {
  return {
    id: row.id,
    eventId: row.event_id,
    event: row.event_type,
    url: row.url,
    status: row.status,
    attempts: row.attempts,
    lastStatus: row.last_status,
    lastError: row.last_error,
    createdAt: row.created_at,
    nextAttemptAt: row.status === "pending" ? row.next_attempt_at : null,
    giveUpAt: row.give_up_at,
    deliveredAt: row.delivered_at,
    payload: JSON.parse(row.payload) as unknown,
  };
}

/** Makes (or replaces) the workspace's signing secret; the answer is the only time it is shown. */
export async function rotateWebhookSecret(deps: ServiceDeps, principal: SessionPrincipal): Promise<{ secret: string; prefix: string; createdAt: string }> {
  requireRole(principal, "Owner", "Editor");
  const secret = newSigningSecret();
  const createdAt = nowIso(clockNow());
  await putWebhookSecret(deps.db, { workspace_id: principal.workspaceId, secret: deps.webhooks.secrets.seal(secret), prefix: secretPrefix(secret), created_at: createdAt });
  return { secret, prefix: secretPrefix(secret), createdAt };
}

/** The workspace's secret as listed (its prefix and age), or 404 when there is none. */
export async function webhookSecretInfo(deps: ServiceDeps, principal: SessionPrincipal): Promise<{ prefix: string; createdAt: string }> {
  requireRole(principal, "Owner", "Editor");
  const row = await findWebhookSecret(deps.db, principal.workspaceId);
  if (row === undefined) throw new NotFoundError("Webhook signing secret");
  return { prefix: row.prefix, createdAt: row.created_at };
}

/** The workspace's recent deliveries (Owner or Editor: they show the receivers' URLs). */
export async function deliveryLog(deps: ServiceDeps, principal: SessionPrincipal): Promise<DeliveryView[]> {
  requireRole(principal, "Owner", "Editor");
  return (await listDeliveries(deps.db, principal.workspaceId, DELIVERY_LOG_LIMIT)).map(view);
}

/** Sends a delivery again (due now, with a fresh 24 hours of retries); answers it as it now stands. */
export async function redeliver(deps: ServiceDeps, principal: SessionPrincipal, id: string): Promise<DeliveryView> {
  requireRole(principal, "Owner", "Editor");
  if ((await findDelivery(deps.db, principal.workspaceId, id)) === undefined) throw new NotFoundError("Webhook delivery");
  const now = clockNow();
  await requeueDelivery(deps.db, principal.workspaceId, id, nowIso(now), nowIso(now + deps.webhooks.settings.retryForMs));
  deps.webhooks.dispatcher.wake();
  const row = await findDelivery(deps.db, principal.workspaceId, id);
  if (row === undefined) throw new NotFoundError("Webhook delivery");
  return view(row);
}

/**
 * A submission may name a webhook only once the workspace has a signing secret (every delivery is signed) and only
 * from an Owner, an Editor or an API key (which acts for its workspace).
 */
export async function checkWebhookAllowed(deps: ServiceDeps, principal: Principal, field: string): Promise<void> {
  if (principal.kind === "session") requireRole(principal, "Owner", "Editor");
  if ((await findWebhookSecret(deps.db, principal.workspaceId)) === undefined) {
    throw ValidationError.field(field, "The workspace has no webhook signing secret yet: an Owner or Editor creates one with POST /api/webhooks/secret.");
  }
}
