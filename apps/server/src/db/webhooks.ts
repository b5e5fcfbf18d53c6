// Webhook secrets and deliveries. Reads a caller reaches by id take the workspace; the dispatcher's claims work
// on any workspace's due deliveries (it is the service's own worker).
import type { Db } from "./database.js";
import type { WebhookDeliveriesTable, WebhookSecretsTable } from "./schema.js";

export type WebhookDeliveryRow = WebhookDeliveriesTable;

/** The workspace's signing secret row (sealed). */
export function findWebhookSecret(db: Db, workspaceId: string): Promise<WebhookSecretsTable | undefined> {
  return db.selectFrom("webhook_secrets").selectAll().where("workspace_id", "=", workspaceId).executeTakeFirst();
}

/** Stores the workspace's secret, replacing any before it. */
export async function putWebhookSecret(db: Db, row: WebhookSecretsTable): Promise<void> {
  await db
    .insertInto("webhook_secrets")
    .values(row)
    .onConflict((oc) => oc.column("workspace_id").doUpdateSet({ secret: row.secret, prefix: row.prefix, created_at: row.created_at }))
    .execute();
}

/** Records a delivery to make. */
export async function insertDelivery(db: Db, row: WebhookDeliveryRow): Promise<void> {
  await db.insertInto("webhook_deliveries").values(row).execute();
}

/** The workspace's most recent deliveries, newest first. */
export function listDeliveries(db: Db, workspaceId: string, limit: number): Promise<WebhookDeliveryRow[]> {
  return db.selectFrom("webhook_deliveries").selectAll().where("workspace_id", "=", workspaceId).orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}

/** One delivery of the workspace. */
export function findDelivery(db: Db, workspaceId: string, id: string): Promise<WebhookDeliveryRow | undefined> {
  return db.selectFrom("webhook_deliveries").selectAll().where("workspace_id", "=", workspaceId).where("id", "=", id).executeTakeFirst();
}

/** Deliveries due at `now` and held by nobody, oldest due first. */
export async function dueDeliveries(db: Db, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom("webhook_deliveries")
    .select("id")
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now)]))
    .orderBy("next_attempt_at")
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Takes a due delivery until `until` (one statement: of instances racing for it, one wins) and counts the attempt;
 * answers the row when taken. A claim that runs out (the instance died) lets another instance take it again.
 */
export async function claimDelivery(db: Db, id: string, now: string, until: string): Promise<WebhookDeliveryRow | undefined> {
  const result = await db
    .updateTable("webhook_deliveries")
    .set((eb) => ({ locked_until: until, attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return db.selectFrom("webhook_deliveries").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Records an attempt's outcome and releases the claim. */
export async function settleDelivery(
  db: Db,
  id: string,
  outcome: Pick<WebhookDeliveryRow, "status" | "next_attempt_at" | "last_status" | "last_error" | "delivered_at">,
): Promise<void> {
  await db.updateTable("webhook_deliveries").set({ ...outcome, locked_until: null }).where("id", "=", id).execute();
}

/** Makes a delivery due now again, with a fresh retry window (a redelivery). */
export async function requeueDelivery(db: Db, workspaceId: string, id: string, now: string, giveUpAt: string): Promise<void> {
  await db
    .updateTable("webhook_deliveries")
    .set({ status: "pending", attempts: 0, next_attempt_at: now, give_up_at: giveUpAt, locked_until: null, delivered_at: null })
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", id)
    .execute();
}

/** Removes finished deliveries older than `before` (the log keeps 30 days). */
export async function forgetDeliveries(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom("webhook_deliveries").where("status", "in", ["delivered", "failed"]).where("created_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
