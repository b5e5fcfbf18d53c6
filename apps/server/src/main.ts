// Boot: database and migrations, mail, render pool, the HTTP listener, and graceful shutdown.
import { createAdaptorServer } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { createApp, type AppOptions } from "./app.js";
import { CachedLookups, type Lookups } from "./cache/lookups.js";
import { LookupCache } from "./cache/lookup-cache.js";
import type { InvalidationBus } from "./cache/bus.js";
import type { RedisHandle } from "./redis/client.js";
import { attachHubTransport } from "./collab/transport.js";
import type { Config } from "./config.js";
import { coreShutdown, openCore, shutDown } from "./core.js";
import { deleteExpiredOAuthStates } from "./db/oauth.js";
import { expireResults } from "./jobs/batch-worker.js";
import { startMaintenance } from "./jobs/maintenance.js";
import { expireDeliveries, expireRenderResults } from "./jobs/webhook-maintenance.js";
import { errorFields, type Logger } from "./log.js";
import type { Renderer } from "./render/renderer.js";
import { LOGIN_DEFAULTS, LoginThrottle, type LoginSettings } from "./services/login-throttle.js";
import { sweepVersions } from "./services/versions.js";
import { sweepSharedState } from "./services/shared-state-sweep.js";
import { nowIso } from "./time.js";
import { announceListening } from "./public-url.js";

export { DATABASE_FILE } from "./db/connect.js";

/** Stop within this long after SIGTERM, whatever is still running. */
export const SHUTDOWN_MS = 10_000;

/** A listening server. */
export interface RunningServer {
  /** The bound port (useful when PORT=0). */
  readonly port: number;
  /** `http://host:port`. */
  readonly url: string;
  /** Stops accepting, lets in-flight requests finish (up to the deadline), then releases everything. */
  close(): Promise<void>;
}

/** Overrides for tests (and embedders): everything else is built from the configuration. */
export type ServerOverrides = Partial<Pick<AppOptions, "plans" | "loginThrottle" | "rateLimiter" | "checkTokens" | "refineCounter" | "hub" | "meterFlushMs">> & {
  readonly log?: Logger;
  readonly renderer?: Renderer;
  /** False for `docsvc serve --no-worker`: batch jobs are left to `docsvc worker` processes. */
  readonly worker?: boolean;
};

/** Starts the service: migrations first, then the listener. */
export async function startServer(config: Config, overrides: ServerOverrides = {}): Promise<RunningServer> {
  const core = await openCore(config, overrides);
  const { log, db, blobs, mailer, renderer } = core;
  const { redis, shared } = config.redisUrl !== undefined ? await sharedState(config.redisUrl, config.redisPrefix ?? "docsvc:", core, config.login ?? LOGIN_DEFAULTS) : { redis: undefined, shared: {} };
  const hubBus = "hubBus" in shared ? shared.hubBus : undefined;
  const lookups = await cachedLookups(config, core, redis);
  const { app, deps } = createApp({ config, db, mailer, renderer, log, blobs, ...shared, ...(lookups !== undefined ? { lookups } : {}), ...overrides });
  const server = createAdaptorServer({ fetch: app.fetch, hostname: config.host }) as Server;
  const detachHub = attachHubTransport(server, deps);
  // Keep-alive a little longer than typical proxies' idle timeouts, so they close first.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  // Everything else starts once the instance listens (the routes are mounted and the database migrated, so it
  // can serve): the render threads, the batch worker, timers and issuer discovery would otherwise compete with
  // start-up for the same cores. A render that arrives before its threads are warm waits in the pool's queue.
  renderer.start?.();
  const maintenance = startMaintenance(
    [
      { name: "version thinning", run: () => sweepVersions(db) },
      { name: "batch result expiry", run: () => expireResults(db, blobs) },
      { name: "oauth flow expiry", run: () => deleteExpiredOAuthStates(db, nowIso()) },
      { name: "shared state expiry", run: () => sweepSharedState(db) },
      { name: "render result expiry", run: () => expireRenderResults(db, blobs) },
      { name: "webhook log expiry", run: () => expireDeliveries(db) },
    ],
    log,
  );
  // Jobs left pending or processing by the previous run resume here.
  if (overrides.worker !== false) {
    deps.batch.start();
    // Queued renders and webhook deliveries live in the database too: whoever runs background work sends them.
    deps.webhooks.renderJobs.start();
    deps.webhooks.dispatcher.start();
  }
  // Issuers are discovered now; one that is down is retried on the next sign-in, not fatal.
  deps.oauth.warmUp();
  const port = (server.address() as AddressInfo).port;
  const url = `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${port}`;
  // Announced as PUBLIC_URL's default is built (localhost on loopback), so the address printed here and the
  // links in emails open the same origin.
  announceListening(log, config, port, { dataDir: config.dataDir, mail: config.smtpUrl ? "smtp" : "outbox", blobs: blobs.kind, batchQueue: deps.batch.kind });

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      log.info("shutting down");
      // Hub clients are told to reconnect (to the next instance) before the listener closes.
      detachHub();
      await deps.collab.close().catch((err: unknown) => log.error("shutdown: collaboration hub failed", errorFields(err)));
      const deadline = setTimeout(() => server.closeAllConnections(), SHUTDOWN_MS - 1_000);
      deadline.unref();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      clearTimeout(deadline);
      await shutDown(log, [
        ["maintenance", () => maintenance.stop()],
        // Rows in flight finish; queued jobs stay queued and a running one resumes on the next start.
        ["batch worker", () => deps.batch.stop()],
        ["batch queue", () => deps.batch.close()],
        ["render jobs", () => deps.webhooks.renderJobs.stop()],
        ["webhook dispatcher", () => deps.webhooks.dispatcher.stop()],
        ["metering", () => deps.meter.flush()],
        ["collaboration bus", async () => hubBus?.close()],
        ["lookup cache", () => deps.lookups.close()],
        ["redis", async () => redis?.close()],
        ...coreShutdown(core),
      ]);
      log.info("stopped");
    })());

  return { port, url, close };
}

// Redis-backed limits, presence, AI check tokens and refine counts, and the hub bus, shared by every instance. Imported only when REDIS_URL is set:
// ioredis is a large module a single instance never needs.
async function sharedState(url: string, prefix: string, { log, db }: Pick<Awaited<ReturnType<typeof openCore>>, "log" | "db">, login: LoginSettings) {
  const [{ connectRedis }, { RedisHubBus }, { RedisLoginBuckets }, { RedisPresenceStore }, { RedisRateLimiter }, { RedisCheckTokenStore }, { RedisRefineCounter }] = await Promise.all([
    import("./redis/client.js"),
    import("./redis/hub-bus.js"),
    import("./redis/login-throttle.js"),
    import("./redis/presence.js"),
    import("./redis/rate-limiter.js"),
    import("./redis/check-tokens.js"),
    import("./redis/refine-counts.js"),
  ]);
  const redis = connectRedis(url, prefix, log);
  // Commands fail fast while disconnected, so the first requests would fall back to per-instance limits.
  if (!(await redis.ready(5_000))) log.warn("redis: not reachable at start-up; limits are per instance until it is");
  const hubBus = new RedisHubBus(redis, log);
  const shared = {
    rateLimiter: new RedisRateLimiter(redis, log),
    loginThrottle: new LoginThrottle(new RedisLoginBuckets(redis, log), login),
    presence: new RedisPresenceStore(redis, db),
    checkTokens: new RedisCheckTokenStore(redis),
    refineCounter: new RedisRefineCounter(redis),
    hubBus,
  };
  return { redis, shared };
}

// On PostgreSQL every lookup is a round trip, so the render path's reads are cached per instance (invalidated
// across instances through Redis when there is one). SQLite reads stay direct: they cost microseconds, and
// `docsvc admin` changes plans on it from another process.
async function cachedLookups(config: Config, core: Awaited<ReturnType<typeof openCore>>, redis: RedisHandle | undefined): Promise<Lookups | undefined> {
  const ttlMs = config.lookupCacheTtlMs ?? 0;
  if (config.databaseUrl === undefined || ttlMs === 0) return undefined;
  let bus: InvalidationBus | undefined;
  if (redis !== undefined) {
    const { RedisInvalidationBus } = await import("./redis/cache-bus.js");
    const redisBus = new RedisInvalidationBus(redis);
    await redisBus.start();
    bus = redisBus;
  }
  return new CachedLookups(core.db, new LookupCache({ ttlMs }), core.log, bus);
}
