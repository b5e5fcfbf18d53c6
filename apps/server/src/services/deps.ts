import type { CheckTokenStore } from "../ai/check-tokens.js";
import type { RefineCounter } from "../ai/quota.js";
import type { JwtService } from "../auth/jwt.js";
import type { BlobStore } from "../blobs/store.js";
import type { CollabHub } from "../collab/hub.js";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import type { BatchQueue } from "../jobs/batch-queue.js";
import type { Logger } from "../log.js";
import type { Mailer } from "../mail/mailer.js";
import type { Metrics } from "../metrics/metrics.js";
import type { Lookups } from "../cache/lookups.js";
import type { LoginThrottle } from "./login-throttle.js";
import type { Meter } from "./meter.js";
import type { OAuthProviders } from "./oauth/providers.js";
import type { PlanTable } from "./plans.js";
import type { PresenceStore } from "./presence-store.js";
import type { RenderLimiter } from "./rate-limit.js";
import type { Renderer } from "../render/renderer.js";
import type { DocumentSigner } from "./signing.js";
import type { WebhookDispatcher } from "../jobs/webhook-dispatcher.js";
import type { RenderJobRunner } from "../jobs/render-jobs.js";
import type { SecretBox } from "../webhooks/secrets.js";
import type { WebhookSettings } from "../webhooks/settings.js";

/** Webhooks and asynchronous renders: their settings, the secrets' sealing, and the two background loops. */
export interface WebhookServices {
  readonly settings: WebhookSettings;
  readonly secrets: SecretBox;
  /** Sends due deliveries; started with the batch worker. */
  readonly dispatcher: WebhookDispatcher;
  /** Runs queued asynchronous renders; started with the batch worker. */
  readonly renderJobs: RenderJobRunner;
}

/** What the use cases need from the outside world; built once in createApp. */
export interface ServiceDeps {
  readonly db: Db;
  readonly config: Pick<Config, "publicUrl" | "publicUrlFromEnv" | "publicHosts" | "adminEmails" | "dataDir" | "defaultPlan" | "basePdfInspectMs" | "jwtSecret" | "certificateKey" | "limits">;
  readonly mailer: Mailer;
  /** Base PDFs, rasters and batch files (the filesystem, the database or S3). */
  readonly blobs: BlobStore;
  readonly jwt: JwtService;
  readonly log: Logger;
  readonly plans: PlanTable;
  /** Render token buckets (the database, or Redis with REDIS_URL): one bucket per workspace for every instance. */
  readonly rateLimiter: RenderLimiter;
  /** AI check tokens (the database, or Redis with REDIS_URL). */
  readonly checkTokens: CheckTokenStore;
  /** refine-band's daily counts (the database, or Redis with REDIS_URL). */
  readonly refineCounter: RefineCounter;
  readonly loginThrottle: LoginThrottle;
  /** Who is viewing what (the database, or Redis with REDIS_URL). */
  readonly presence: PresenceStore;
  readonly meter: Meter;
  /** The render path's reads (API key, template, base PDF), cached per instance on PostgreSQL; writes call `changed`. */
  readonly lookups: Lookups;
  readonly renderer: Renderer;
  /** The batch queue (the database, or BullMQ with REDIS_URL): submissions enqueue, the server starts its worker. */
  readonly batch: BatchQueue;
  /** The collaboration hub (the template save path merges yState through it). */
  readonly collab: CollabHub;
  /** Sign-in providers (OAuth / OpenID Connect) and their discovered configurations. */
  readonly oauth: OAuthProviders;
  /** Prometheus metrics (GET /metrics); features increment their counters here. */
  readonly metrics: Metrics;
  /** Signs rendered PDFs with the workspace's certificates (`sign` on the render bodies). */
  readonly signer: DocumentSigner;
  /** Webhooks and asynchronous renders (src/webhooks, src/jobs/webhook-dispatcher.ts, src/jobs/render-jobs.ts). */
  readonly webhooks: WebhookServices;
}
