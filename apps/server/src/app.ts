// createApp: middleware, one sub-app per resource, one onError.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createJwtService } from "./auth/jwt.js";
import { FsBlobStore } from "./blobs/fs-store.js";
import type { BlobStore } from "./blobs/store.js";
import type { HubBus } from "./collab/bus.js";
import { CollabHub, type HubOptions } from "./collab/hub.js";
import type { Config } from "./config.js";
import type { Db } from "./db/database.js";
import { PayloadTooLargeError } from "./errors.js";
import { openBatchQueue } from "./jobs/open-queue.js";
import type { AppEnv } from "./http/env.js";
import { errorHandler, notFoundHandler } from "./http/problem.js";
import { requestContext } from "./http/request-id.js";
import { securityHeaders } from "./http/security-headers.js";
import type { Logger } from "./log.js";
import type { Mailer } from "./mail/mailer.js";
import { countRequests } from "./metrics/http.js";
import { Metrics, type RenderPoolStats } from "./metrics/metrics.js";
import type { Renderer } from "./render/renderer.js";
import { adminRoutes } from "./routes/admin.js";
import { aiRoutes, type AiRouteOptions } from "./routes/ai.js";
import { apiKeyRoutes } from "./routes/api-keys.js";
import { authRoutes } from "./routes/auth.js";
import { basePdfRoutes } from "./routes/base-pdf.js";
import { checkPdfRoutes } from "./routes/check-pdf.js";
import { batchRoutes } from "./routes/batch.js";
import { certificateRoutes } from "./routes/certificates.js";
import { commentRoutes } from "./routes/comments.js";
import { fontRoutes } from "./routes/fonts.js";
import { healthRoutes } from "./routes/health.js";
import { docsRoutes } from "./routes/docs.js";
import { hubRoutes } from "./routes/hub.js";
import { inviteRoutes } from "./routes/invites.js";
import { oauthRoutes } from "./routes/oauth.js";
import { metricsRoutes } from "./routes/metrics.js";
import { openApiRoutes } from "./routes/openapi.js";
import { presenceRoutes } from "./routes/presence.js";
import { renderRoutes } from "./routes/render.js";
import { sendEmailRoutes } from "./routes/send-email.js";
import { templateRoutes } from "./routes/templates.js";
import { usageRoutes } from "./routes/usage.js";
import { versionRoutes } from "./routes/versions.js";
import { webRoutes } from "./routes/web.js";
import { workspaceRoutes } from "./routes/workspaces.js";
import type { ServiceDeps } from "./services/deps.js";
import { DocumentSigner } from "./services/signing.js";
import { DbLoginBuckets } from "./db/login-buckets.js";
import { clientAddress } from "./http/client-address.js";
import { TRUST_NOBODY } from "./http/trust-proxy.js";
import { limitsOf } from "./config-limits.js";
import { LOGIN_DEFAULTS, LoginThrottle } from "./services/login-throttle.js";
import { Meter } from "./services/meter.js";
import { DirectLookups, type Lookups } from "./cache/lookups.js";
import { OAuthProviders } from "./services/oauth/providers.js";
import type { PlanTable } from "./services/plans.js";
import { DbPresenceStore, type PresenceStore } from "./services/presence-store.js";
import type { RenderLimiter } from "./services/rate-limit.js";
import type { CheckTokenStore } from "./ai/check-tokens.js";
import type { RefineCounter } from "./ai/quota.js";
import { DbCheckTokenStore } from "./db/check-tokens.js";
import { DbRateLimiter } from "./db/rate-buckets.js";
import { DbRefineCounter } from "./db/refine-counts.js";
import type { PoolStats } from "./render/pool.js";
import { RenderJobRunner } from "./jobs/render-jobs.js";
import { WebhookDispatcher } from "./jobs/webhook-dispatcher.js";
import { renderJobRoutes } from "./routes/render-jobs.js";
import { webhookRoutes } from "./routes/webhooks.js";
import { SecretBox } from "./webhooks/secrets.js";
import { WEBHOOK_DEFAULTS } from "./webhooks/settings.js";
import type { AttemptOptions } from "./webhooks/outbound.js";

/** JSON bodies up to 25 MB (api-conventions). */
export const JSON_BODY_LIMIT = 25 * 1024 * 1024;

/** What createApp needs; the optional parts exist so tests can tighten limits. */
export interface AppOptions {
  readonly config: Config;
  readonly db: Db;
  readonly mailer: Mailer;
  readonly renderer: Renderer;
  readonly log: Logger;
  readonly plans?: PlanTable;
  /** The login throttle (default: buckets in the database, settings from config.login). */
  readonly loginThrottle?: LoginThrottle;
  readonly rateLimiter?: RenderLimiter;
  /** Where AI check tokens live (default: the database). */
  readonly checkTokens?: CheckTokenStore;
  /** Where refine-band's daily counts live (default: the database). */
  readonly refineCounter?: RefineCounter;
  /** Where presence lives (default: the database). */
  readonly presence?: PresenceStore;
  /** Where files go (default: the filesystem under DATA_DIR). */
  readonly blobs?: BlobStore;
  /** Collaboration hub timings and limits (tests shorten them). */
  readonly hub?: HubOptions;
  /** The hub's fan-out to other instances (REDIS_URL); none: this instance's members only. */
  readonly hubBus?: HubBus;
  /** The render path's reads (default: straight from the database). */
  readonly lookups?: Lookups;
  /** How long metered renders wait to be written (default FLUSH_INTERVAL_MS; tests lengthen it). */
  readonly meterFlushMs?: number;
  /** How long a failed issuer discovery is remembered (tests shorten it). */
  readonly oauthDiscoveryRetryMs?: number;
  /** AI model and stream settings (tests pass a mock model). */
  readonly ai?: AiRouteOptions;
  /** Host name resolution for webhook requests (tests point names at chosen addresses). */
  readonly webhookResolve?: AttemptOptions["resolve"];
}

/** The Hono app plus the services behind it (the server closes them on shutdown). */
export interface CreatedApp {
  readonly app: Hono<AppEnv>;
  readonly deps: ServiceDeps;
}

/** Builds the HTTP application. */
export function createApp(options: AppOptions): CreatedApp {
  const { config, db, log } = options;
  const blobs = options.blobs ?? new FsBlobStore(config.dataDir);
  const { hubMessageBytes, hubBufferedBytes } = limitsOf(config);
  const hubLimits = { maxConnectionsPerUser: config.hubMaxConnectionsPerUser, maxMessageBytes: hubMessageBytes, maxBufferedBytes: hubBufferedBytes };
  const collab = new CollabHub(db, log, { ...hubLimits, ...options.hub }, options.hubBus);
  const metrics = new Metrics({ renderPool: () => renderPoolMetrics(options.renderer.stats?.()), hub: () => collab.stats() });
  const meter = new Meter(db, log, metrics, options.meterFlushMs);
  // Built here, started by the server (or a test): a process that never starts it only submits jobs.
  const signer = new DocumentSigner({ db, renderer: options.renderer, config });
  const webhookSettings = config.webhooks ?? WEBHOOK_DEFAULTS;
  const secrets = new SecretBox(config.jwtSecret);
  const dispatcher = new WebhookDispatcher({ db, log, settings: webhookSettings, secrets, ...(options.webhookResolve !== undefined ? { resolve: options.webhookResolve } : {}) });
  const queued = (): void => dispatcher.wake();
  const renderJobs = new RenderJobRunner({ db, blobs, renderer: options.renderer, meter, log, publicUrl: config.publicUrl, settings: webhookSettings, renderTimeoutMs: config.render.timeoutMs, queued, jwtSecret: config.jwtSecret, signer });
  const batch = openBatchQueue(config, { db, renderer: options.renderer, mailer: options.mailer, meter, metrics, log, blobs, publicUrl: config.publicUrl, jwtSecret: config.jwtSecret, signer, webhooks: webhookSettings, webhookQueued: queued });
  const deps: ServiceDeps = {
    db,
    config,
    mailer: options.mailer,
    blobs,
    renderer: options.renderer,
    log,
    jwt: createJwtService(config.jwtSecret),
    plans: options.plans ?? config.plans,
    // State every instance must share defaults to the database; main.ts passes the Redis stores with REDIS_URL.
    rateLimiter: options.rateLimiter ?? new DbRateLimiter(db, log),
    checkTokens: options.checkTokens ?? new DbCheckTokenStore(db),
    refineCounter: options.refineCounter ?? new DbRefineCounter(db),
    loginThrottle: options.loginThrottle ?? new LoginThrottle(new DbLoginBuckets(db), config.login ?? LOGIN_DEFAULTS),
    presence: options.presence ?? new DbPresenceStore(db),
    meter,
    lookups: options.lookups ?? new DirectLookups(db),
    batch,
    oauth: new OAuthProviders(config.oauth, config.publicUrl, log, options.oauthDiscoveryRetryMs),
    collab,
    metrics,
    signer,
    webhooks: { settings: webhookSettings, secrets, dispatcher, renderJobs },
  };

  const app = new Hono<AppEnv>();
  // First, so error answers, 404s and every route's answer pass through it.
  app.use(securityHeaders({ publicUrl: config.publicUrl, csp: config.csp }));
  // Next, so the headers above, the access log and every limit see the client TRUST_PROXY resolves.
  app.use(clientAddress(config.trustProxy ?? TRUST_NOBODY, config.publicUrl, log));
  const limits = limitsOf(config);
  app.use((c, next) => {
    c.set("limits", limits);
    return next();
  });
  app.use(countRequests(metrics));
  app.use(requestContext(log));
  const jsonLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: () => {
      throw new PayloadTooLargeError(JSON_BODY_LIMIT);
    },
  });
  // The AI uploads (a 25 MB PDF beside a 25 MB draft) and the PDF checker (CHECK_PDF_MAX_BYTES) set their own limits per route.
  // Base-PDF uploads are streamed with their cap enforced as they arrive: Hono's bodyLimit would buffer a body sent
  // without Content-Length whole.
  const streamedUpload = (c: { req: { method: string; path: string } }): boolean => c.req.method === "POST" && /^\/api\/templates\/[^/]+\/base-pdf$/.test(c.req.path);
  app.use("/api/*", (c, next) => ((c.req.path.startsWith("/api/ai/") && c.req.method === "POST" && c.req.path !== "/api/ai/refine-band") || c.req.path === "/api/tools/check-pdf" || streamedUpload(c) ? next() : jsonLimit(c, next)));

  app.route("/health", healthRoutes(deps));
  app.route("/metrics", metricsRoutes(metrics, config.metricsToken));
  app.route("/", openApiRoutes(config.publicUrl, config.development));
  app.route("/api/auth", authRoutes(deps));
  app.route("/api/auth", oauthRoutes(deps));
  app.route("/api/workspaces", workspaceRoutes(deps));
  app.route("/api/invites", inviteRoutes(deps));
  app.route("/api/api-keys", apiKeyRoutes(deps));
  app.route("/api/certificates", certificateRoutes(deps));
  app.route("/api/usage", usageRoutes(deps));
  app.route("/api/webhooks", webhookRoutes(deps));
  app.route("/api/render", renderJobRoutes(deps));
  app.route("/api/tools", checkPdfRoutes(deps));
  app.route("/api/admin", adminRoutes(deps));
  app.route("/api", renderRoutes(deps));
  app.route("/api/templates", templateRoutes(deps));
  app.route("/api/templates", commentRoutes(deps));
  app.route("/api/presence", presenceRoutes(deps));
  app.route("/hubs/collab", hubRoutes(deps));
  app.route("/api/templates", versionRoutes(deps));
  app.route("/api/templates", batchRoutes(deps));
  app.route("/api/templates", sendEmailRoutes(deps));
  app.route("/api/templates", basePdfRoutes(deps));
  app.route("/fonts", fontRoutes());
  app.route("/docs", docsRoutes());
  app.route("/", webRoutes());
  app.route("/api/ai", aiRoutes(deps, config.ai, options.ai));

  app.onError(errorHandler(log));
  app.notFound(notFoundHandler);
  return { app, deps };
}

/** The pool's counters as the metrics name them (queued jobs of both priorities count as depth). */
function renderPoolMetrics(stats: PoolStats | undefined): RenderPoolStats | undefined {
  if (stats === undefined) return undefined;
  return { queueDepth: stats.queued.interactive + stats.queued.batch, workerRestarts: stats.workerRestarts, renderTimeouts: stats.timeouts };
}
