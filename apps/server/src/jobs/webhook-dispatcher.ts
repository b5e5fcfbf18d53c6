// Sends the webhook deliveries recorded in the database (src/webhooks/events.ts): each due delivery is claimed for
// one attempt, signed with the workspace's current secret, posted (src/webhooks/outbound.ts) and settled: delivered
// on a 2xx, retried with exponential backoff on anything else until 24 hours after the event, given up at once
// when the address is refused. The claim expires, so a delivery an instance took before dying goes out from
// another instance (or this one after a restart).
import type { Db } from "../db/database.js";
import { claimDelivery, dueDeliveries, findWebhookSecret, settleDelivery, type WebhookDeliveryRow } from "../db/webhooks.js";
import type { Logger } from "../log.js";
import { clockNow, nowIso } from "../time.js";
import { postWebhook, type AttemptOptions, type AttemptOutcome } from "../webhooks/outbound.js";
import type { SecretBox } from "../webhooks/secrets.js";
import { retryDelay, type WebhookSettings } from "../webhooks/settings.js";
import { SIGNATURE_HEADER, signatureHeader } from "../webhooks/signature.js";
import { PollLoop } from "./poll-loop.js";

/** Deliveries attempted at once by one instance. */
const AT_ONCE = 8;

/** What the dispatcher needs. */
export interface DispatcherOptions {
  readonly db: Db;
  readonly log: Logger;
  readonly settings: WebhookSettings;
  readonly secrets: SecretBox;
  /** Tests point host names at chosen addresses. */
  readonly resolve?: AttemptOptions["resolve"];
}

/** The webhook dispatcher: start() in every process that runs background work. */
export class WebhookDispatcher {
  private readonly loop: PollLoop;

  constructor(private readonly options: DispatcherOptions) {
    this.loop = new PollLoop("webhook dispatcher", () => this.turn(), options.settings.pollMs, options.log);
  }

  start(): void {
    this.loop.start();
  }

  /** A delivery was queued: look now. */
  wake(): void {
    this.loop.wake();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One pass over the due deliveries; answers whether there were any. */
  async turn(): Promise<boolean> {
    const { db, settings } = this.options;
    const now = clockNow();
    const ids = await dueDeliveries(db, nowIso(now), AT_ONCE);
    // The claim outlasts one attempt's whole budget.
    const until = nowIso(now + settings.timeoutMs + 30_000);
    await Promise.all(
      ids.map(async (id) => {
        const delivery = await claimDelivery(db, id, nowIso(now), until);
        if (delivery !== undefined) await this.attempt(delivery);
      }),
    );
    return ids.length > 0;
  }

  private async attempt(delivery: WebhookDeliveryRow): Promise<void> {
    const { db, log, settings } = this.options;
    const outcome = await this.send(delivery);
    const now = clockNow();
    if (outcome.kind === "answered" && outcome.status >= 200 && outcome.status < 300) {
      await settleDelivery(db, delivery.id, { status: "delivered", next_attempt_at: null, last_status: outcome.status, last_error: null, delivered_at: nowIso(now) });
      return;
    }
    const lastStatus = outcome.kind === "answered" ? outcome.status : null;
    const reason = describe(outcome);
    if (outcome.kind === "refused") {
      log.warn("webhook refused", { deliveryId: delivery.id, workspaceId: delivery.workspace_id, reason });
      await settleDelivery(db, delivery.id, { status: "failed", next_attempt_at: null, last_status: null, last_error: reason, delivered_at: null });
      return;
    }
    const next = now + retryDelay(settings, delivery.attempts);
    if (next > Date.parse(delivery.give_up_at)) {
      const given = `${reason} Given up after ${delivery.attempts} attempt${delivery.attempts === 1 ? "" : "s"}.`;
      await settleDelivery(db, delivery.id, { status: "failed", next_attempt_at: null, last_status: lastStatus, last_error: given, delivered_at: null });
      return;
    }
    await settleDelivery(db, delivery.id, { status: "pending", next_attempt_at: nowIso(next), last_status: lastStatus, last_error: reason, delivered_at: null });
  }

  private async send(delivery: WebhookDeliveryRow): Promise<AttemptOutcome> {
    const { db, settings, secrets } = this.options;
    const row = await findWebhookSecret(db, delivery.workspace_id);
    const secret = row === undefined ? undefined : secrets.open(row.secret);
    // Retried: an Owner or Editor can still make (or remake, after JWT_SECRET changed) the secret within the 24 hours.
    if (secret === undefined) return { kind: "failed", reason: "The workspace has no usable signing secret; create one with POST /api/webhooks/secret." };
    const headers = {
      "Content-Type": "application/json",
      "User-Agent": "docsvc-webhooks/1",
      "X-Docsvc-Event": delivery.event_type,
      "X-Docsvc-Delivery": delivery.id,
      [SIGNATURE_HEADER]: signatureHeader(secret, Math.floor(clockNow() / 1000), delivery.payload),
    };
    return postWebhook(delivery.url, delivery.payload, headers, {
      allowPrivate: settings.allowPrivate,
      timeoutMs: settings.timeoutMs,
      ...(this.options.resolve !== undefined ? { resolve: this.options.resolve } : {}),
    });
  }
}

/** An attempt's outcome in the delivery log's words. */
function describe(outcome: AttemptOutcome): string {
  switch (outcome.kind) {
    case "answered":
      return outcome.status >= 300 && outcome.status < 400
        ? `The receiver answered ${outcome.status}; redirects are not followed.`
        : `The receiver answered ${outcome.status}.`;
    case "refused":
      return `Refused: ${outcome.reason}`;
    case "failed":
      return outcome.reason;
    default: {
      const never: never = outcome;
      return never;
    }
  }
}
