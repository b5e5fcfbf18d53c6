// Typed configuration, parsed once at start-up from the environment (see api-conventions "Running it").
import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { OAuthConfigError, parseOAuthConfig, type OAuthConfig } from "./auth/oauth-config.js";
import type { Plan } from "./db/schema.js";
import { parseAiSettings, type AiSettings } from "./ai/settings.js";
import { ConfigError } from "./config-error.js";
import type { CspSettings } from "./http/content-security-policy.js";
import type { TrustProxy } from "./http/trust-proxy.js";
import type { LayoutLimits } from "@docsvc/layout";
import { layoutLimits, parseLimitConfig, type RequestLimits } from "./config-limits.js";
import type { LoginSettings } from "./services/login-throttle.js";
import { BlobConfigError, parseBlobConfig, type BlobConfig } from "./blobs/config.js";
import { isPostgresUrl } from "./db/postgres.js";
import { localUrl, parsePublicHosts } from "./public-url.js";
import { isLogLevel, type LogLevel } from "./log.js";
import { RENDER_DEFAULTS } from "./render/budget.js";
import type { SpareMode } from "./render/pool.js";
import { BASE_PDF_BUDGET } from "./base-pdf/budget.js";
import { DEFAULT_LOOKUP_TTL_MS } from "./cache/lookup-cache.js";
import { parseCertificateKey } from "./signing/sealed.js";
import type { TsaSettings } from "./signing/tsa-client.js";
import { DEFAULT_PLAN, DEFAULT_PLANS, isPlan, parsePlanTable, PLANS, type PlanTable } from "./services/plans.js";
import { parseWebhookSettings, type WebhookSettings } from "./webhooks/settings.js";

/** Everything the service reads from its environment. */
export interface Config {
  readonly port: number;
  readonly host: string;
  /** Absolute path of the data directory (database, outbox, secrets). */
  readonly dataDir: string;
  /** HS256 key for session JWTs. */
  readonly jwtSecret: Uint8Array;
  /** Base of links in emails, without a trailing slash; by default the address the server announces (public-url.ts). */
  readonly publicUrl: string;
  /** False when PUBLIC_URL was unset and publicUrl is the default (start-up warns when listening beyond loopback). */
  readonly publicUrlFromEnv?: boolean;
  /** PUBLIC_HOSTS: with PUBLIC_URL unset, the hosts a trusted proxy may name for links (http/request-links.ts). */
  readonly publicHosts?: readonly string[];
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  /** Lower-cased addresses allowed on /api/admin/*. */
  readonly adminEmails: ReadonlySet<string>;
  readonly logLevel: LogLevel;
  /** NODE_ENV=development: serves the Scalar reference UI. */
  readonly development: boolean;
  /** Sign-in providers (OAUTH_*). */
  readonly oauth: OAuthConfig;
  /** Open hub connections one user may hold at once. */
  readonly hubMaxConnectionsPerUser: number;
  /** Wall-time budget of one base-PDF inspection, in ms (BASE_PDF_INSPECT_TIMEOUT_MS). */
  readonly basePdfInspectMs: number;
  /** The render pool's budgets (RENDER_TIMEOUT_MS, RENDER_QUEUE_MAX, RENDER_WORKER_HEAP_MB). */
  readonly render: { readonly timeoutMs: number; readonly queueMax: number; readonly heapMb: number; readonly spare?: SpareMode; readonly layoutLimits?: LayoutLimits };
  /** The plan of new workspaces (DEFAULT_PLAN). */
  readonly defaultPlan: Plan;
  /** Entitlements per plan: the defaults, with PLANS_FILE's entries in place of theirs. */
  readonly plans: PlanTable;
  /** Bearer token GET /metrics requires; unset: /metrics is open (bind it to a private network). */
  readonly metricsToken: string | undefined;
  /** The AI model to call; absent: the AI endpoints answer 503. */
  readonly ai?: AiSettings | undefined;
  /** DATABASE_URL (postgres://…): PostgreSQL instead of SQLite under DATA_DIR. */
  readonly databaseUrl?: string | undefined;
  /** REDIS_URL (redis://…): render limits and the login throttle shared by every instance. */
  readonly redisUrl?: string | undefined;
  /** REDIS_PREFIX: the start of every key (default `docsvc:`), so deployments can share a Redis. */
  readonly redisPrefix?: string;
  /** BLOB_STORE and S3_*: where files go (default: the filesystem). */
  readonly blobStore?: BlobConfig;
  /** The batch queue (BATCH_QUEUE, BATCH_CONCURRENCY, BATCH_LOCK_MS); absent: the database queue. */
  readonly batch?: BatchQueueConfig;
  /** LOOKUP_CACHE_TTL_MS: how long PostgreSQL lookups of the render path are cached per instance; 0: not at all. */
  readonly lookupCacheTtlMs?: number;
  /** CSP_MODE and CSP_REPORT_URI: how the web app's Content Security Policy is delivered (default: enforced, unreported). */
  readonly csp?: CspSettings;
  /** CERTIFICATE_KEY: seals signing certificates' keys (AES-256-GCM); absent: certificates and `sign` answer 503. */
  readonly certificateKey?: Uint8Array | undefined;
  /** TSA_URL and TSA_TIMEOUT_MS: the RFC 3161 timestamp authority of `sign.timestamp`; absent: timestamps answer 503. */
  readonly tsa?: TsaSettings | undefined;
  /** WEBHOOK_*: where webhooks may go and how deliveries are retried (absent: the defaults). */
  readonly webhooks?: WebhookSettings;
  /** TRUST_PROXY: the proxies whose Forwarded / X-Forwarded-* headers are believed (default: none). */
  readonly trustProxy?: TrustProxy;
  /** LOGIN_*: the login throttle's buckets and LOGIN_TRUSTED_CIDRS (default LOGIN_DEFAULTS). */
  readonly login?: LoginSettings;
  /** The caps an owner can set (config-limits.ts; default LIMIT_DEFAULTS). */
  readonly limits?: RequestLimits;
}

/** Where batch jobs wait: the database (polled) or BullMQ on Redis (the default with REDIS_URL). */
export interface BatchQueueConfig {
  readonly queue: "database" | "redis";
  /** Jobs one process runs at once on the BullMQ queue (the database queue runs one). */
  readonly concurrency: number;
  /** BullMQ's job lock: a worker silent this long loses its job to another. */
  readonly lockMs: number;
}

export { ConfigError } from "./config-error.js";

type Env = Readonly<Record<string, string | undefined>>;

const JWT_SECRET_FILE = "jwt-secret";

/** Reads the environment, creates DATA_DIR, and loads or generates the JWT secret. */
export async function loadConfig(env: Env = process.env): Promise<Config> {
  const port = parsePort(env.PORT);
  const host = nonEmpty(env.HOST) ?? "127.0.0.1";
  const dataDir = resolve(nonEmpty(env.DATA_DIR) ?? "./data");
  await mkdir(dataDir, { recursive: true });
  const publicUrl = (nonEmpty(env.PUBLIC_URL) ?? localUrl(host, port)).replace(/\/+$/, "");
  if (!/^https?:\/\//.test(publicUrl)) throw new ConfigError(`PUBLIC_URL must start with http:// or https://, got '${publicUrl}'.`);
  const logLevel = nonEmpty(env.LOG_LEVEL)?.toLowerCase() ?? "info";
  const databaseUrl = nonEmpty(env.DATABASE_URL);
  if (databaseUrl !== undefined && !isPostgresUrl(databaseUrl)) throw new ConfigError("DATABASE_URL must start with postgres:// or postgresql://.");
  // Instances sharing a database must sign sessions alike; a secret generated into one DATA_DIR would not be shared.
  if (databaseUrl !== undefined && nonEmpty(env.JWT_SECRET) === undefined) {
    throw new ConfigError("JWT_SECRET is required when DATABASE_URL is set: every instance must sign sessions with the same secret.");
  }
  if (!isLogLevel(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of debug, info, warn, error, silent; got '${logLevel}'.`);
  return {
    port,
    host,
    dataDir,
    jwtSecret: await jwtSecret(env.JWT_SECRET, dataDir),
    publicUrl,
    publicUrlFromEnv: nonEmpty(env.PUBLIC_URL) !== undefined,
    publicHosts: parsePublicHosts(env.PUBLIC_HOSTS),
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? "docsvc <no-reply@localhost>",
    adminEmails: new Set(
      (env.ADMIN_EMAILS ?? "").split(",").map((e) => e.trim().toLowerCase()).filter((e) => e.length > 0),
    ),
    logLevel,
    development: env.NODE_ENV === "development",
    oauth: oauthConfig(env),
    hubMaxConnectionsPerUser: positiveInteger(env, "HUB_MAX_CONNECTIONS_PER_USER", 20),
    basePdfInspectMs: positiveInteger(env, "BASE_PDF_INSPECT_TIMEOUT_MS", BASE_PDF_BUDGET.timeMs),
    render: {
      timeoutMs: positiveInteger(env, "RENDER_TIMEOUT_MS", RENDER_DEFAULTS.timeoutMs),
      queueMax: positiveInteger(env, "RENDER_QUEUE_MAX", RENDER_DEFAULTS.queueMax),
      heapMb: positiveInteger(env, "RENDER_WORKER_HEAP_MB", RENDER_DEFAULTS.heapMb),
      spare: spareMode(env.RENDER_SPARE_WORKER),
      layoutLimits: layoutLimits(env),
    },
    defaultPlan: parseDefaultPlan(env.DEFAULT_PLAN),
    plans: await loadPlans(nonEmpty(env.PLANS_FILE)),
    metricsToken: nonEmpty(env.METRICS_TOKEN),
    ai: parseAiSettings(env),
    databaseUrl,
    redisUrl: redisUrl(env.REDIS_URL),
    redisPrefix: nonEmpty(env.REDIS_PREFIX) ?? "docsvc:",
    blobStore: blobConfig(env),
    batch: batchQueueConfig(env),
    lookupCacheTtlMs: nonNegativeInteger(env, "LOOKUP_CACHE_TTL_MS", DEFAULT_LOOKUP_TTL_MS),
    csp: cspSettings(env),
    certificateKey: certificateKey(env.CERTIFICATE_KEY),
    tsa: tsaSettings(env),
    webhooks: parseWebhookSettings(env),
    ...parseLimitConfig(env),
  };
}

function certificateKey(value: string | undefined): Uint8Array | undefined {
  const raw = nonEmpty(value);
  if (raw === undefined) return undefined;
  const key = parseCertificateKey(raw);
  if (key === undefined) throw new ConfigError("CERTIFICATE_KEY must be 32 random bytes written as 64 hex digits or as base64 (e.g. the output of `openssl rand -base64 32`).");
  return key;
}

function tsaSettings(env: Env): TsaSettings | undefined {
  const url = nonEmpty(env.TSA_URL);
  const timeoutMs = positiveInteger(env, "TSA_TIMEOUT_MS", 10_000);
  if (url === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError(`TSA_URL must be an http:// or https:// URL, got '${url}'.`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new ConfigError(`TSA_URL must be an http:// or https:// URL, got '${url}'.`);
  return { url: parsed.href, timeoutMs };
}

function cspSettings(env: Env): CspSettings {
  const mode = nonEmpty(env.CSP_MODE)?.toLowerCase() ?? "enforce";
  if (mode !== "enforce" && mode !== "report-only") throw new ConfigError(`CSP_MODE must be enforce or report-only, got '${mode}'.`);
  const reportUri = nonEmpty(env.CSP_REPORT_URI);
  // An absolute http(s) URL or a path on this origin; no spaces, commas or semicolons, which would end the directive.
  if (reportUri !== undefined && !/^(?:https?:\/\/|\/)[^\s;,]*$/.test(reportUri)) {
    throw new ConfigError(`CSP_REPORT_URI must be an http(s) URL or a path starting with /, without spaces, commas or semicolons; got '${reportUri}'.`);
  }
  return { reportOnly: mode === "report-only", reportUri };
}

function batchQueueConfig(env: Env): BatchQueueConfig {
  const redis = redisUrl(env.REDIS_URL) !== undefined;
  const raw = nonEmpty(env.BATCH_QUEUE)?.toLowerCase();
  if (raw !== undefined && raw !== "database" && raw !== "redis") throw new ConfigError(`BATCH_QUEUE must be database or redis, got '${raw}'.`);
  if (raw === "redis" && !redis) throw new ConfigError("BATCH_QUEUE=redis needs REDIS_URL.");
  return {
    queue: raw ?? (redis ? "redis" : "database"),
    concurrency: positiveInteger(env, "BATCH_CONCURRENCY", 1),
    lockMs: positiveInteger(env, "BATCH_LOCK_MS", 30_000),
  };
}

function oauthConfig(env: Env): OAuthConfig {
  try {
    return parseOAuthConfig(env);
  } catch (err) {
    throw err instanceof OAuthConfigError ? new ConfigError(err.message) : err;
  }
}

function spareMode(value: string | undefined): SpareMode {
  const raw = nonEmpty(value);
  if (raw === undefined) return "on-demand";
  if (raw !== "always" && raw !== "on-demand") throw new ConfigError(`RENDER_SPARE_WORKER must be always or on-demand, got '${raw}'.`);
  return raw;
}

function positiveInteger(env: Env, name: string, fallback: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new ConfigError(`${name} must be a positive integer, got '${raw}'.`);
  return value;
}

function nonNegativeInteger(env: Env, name: string, fallback: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${name} must be a whole number of milliseconds (0 or more), got '${raw}'.`);
  return value;
}

function parseDefaultPlan(value: string | undefined): Plan {
  const raw = nonEmpty(value);
  if (raw === undefined) return DEFAULT_PLAN;
  if (!isPlan(raw)) throw new ConfigError(`DEFAULT_PLAN must be one of ${PLANS.join(", ")}; got '${raw}'.`);
  return raw;
}

/** PLANS_FILE's table; any problem stops start-up with a message naming the file and the field. */
async function loadPlans(file: string | undefined): Promise<PlanTable> {
  if (file === undefined) return DEFAULT_PLANS;
  const path = resolve(file);
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (err) {
    throw new ConfigError(`PLANS_FILE ${path} cannot be read: ${(err as NodeJS.ErrnoException).code ?? String(err)}.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`PLANS_FILE ${path} is not valid JSON: ${(err as Error).message}`);
  }
  const parsed = parsePlanTable(json);
  if (!parsed.ok) {
    const where = parsed.problem.field === "" ? "" : ` field '${parsed.problem.field}'`;
    throw new ConfigError(`PLANS_FILE ${path}${where}: ${parsed.problem.message}.`);
  }
  return parsed.plans;
}

function redisUrl(value: string | undefined): string | undefined {
  const url = nonEmpty(value);
  if (url !== undefined && !/^rediss?:\/\//.test(url)) throw new ConfigError(`REDIS_URL must start with redis:// or rediss://, got '${url}'.`);
  return url;
}

function blobConfig(env: Env): BlobConfig {
  try {
    return parseBlobConfig(env);
  } catch (err) {
    throw err instanceof BlobConfigError ? new ConfigError(err.message) : err;
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parsePort(value: string | undefined): number {
  const raw = nonEmpty(value);
  if (raw === undefined) return 8080;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be an integer 0–65535, got '${raw}'.`);
  return port;
}

/** JWT_SECRET when set; otherwise a secret generated once into DATA_DIR (mode 0600) and reused. */
async function jwtSecret(value: string | undefined, dataDir: string): Promise<Uint8Array> {
  const fromEnv = nonEmpty(value);
  if (fromEnv !== undefined) {
    if (fromEnv.length < 32) throw new ConfigError("JWT_SECRET must be at least 32 characters long.");
    return new TextEncoder().encode(fromEnv);
  }
  const file = join(dataDir, JWT_SECRET_FILE);
  try {
    return new TextEncoder().encode((await readFile(file, "utf8")).trim());
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  const secret = randomBytes(48).toString("base64url");
  try {
    // `wx`: two processes starting at once must not overwrite each other's secret.
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return new TextEncoder().encode(secret);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    return new TextEncoder().encode((await readFile(file, "utf8")).trim());
  }
}
