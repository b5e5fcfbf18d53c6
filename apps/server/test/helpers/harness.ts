// An app per test file: its own temp DATA_DIR and SQLite file, a real SMTP catcher, a one-thread render pool.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Hono } from "hono";
import { createApp } from "../../src/app.js";
import { DEFAULT_LOOKUP_TTL_MS, LookupCache } from "../../src/cache/lookup-cache.js";
import { CachedLookups } from "../../src/cache/lookups.js";
import type { HubBus } from "../../src/collab/bus.js";
import type { HubOptions } from "../../src/collab/hub.js";
import type { Config } from "../../src/config.js";
import { openBlobStore } from "../../src/blobs/open.js";
import { connectDatabase } from "../../src/db/connect.js";
import type { Db } from "../../src/db/database.js";
import { migrateToLatest } from "../../src/db/migrate.js";
import type { AppEnv } from "../../src/http/env.js";
import { createLogger, isLogLevel, type Logger } from "../../src/log.js";
import { createMailer } from "../../src/mail/mailer.js";
import { RENDER_DEFAULTS } from "../../src/render/budget.js";
import { createRenderer, type Renderer } from "../../src/render/renderer.js";
import type { ServiceDeps } from "../../src/services/deps.js";
import { LoginThrottle } from "../../src/services/login-throttle.js";
import { DEFAULT_PLAN, DEFAULT_PLANS, type PlanTable } from "../../src/services/plans.js";
import type { AiRouteOptions } from "../../src/routes/ai.js";
import type { PresenceStore } from "../../src/services/presence-store.js";
import { createTestPostgres, type TestPostgres } from "./postgres.js";
import { startSmtpCatcher, type SmtpCatcher } from "./smtp.js";

/**
 * DOCSVC_TEST_DATABASE=postgres runs the app tests on a throwaway PostgreSQL database each (see postgres.ts)
 * instead of a SQLite file, so the same cases check both dialects.
 */
const TEST_DATABASE = process.env["DOCSVC_TEST_DATABASE"] === "postgres" ? "postgres" : "sqlite";

/** A configuration for tests: temp DATA_DIR, random secret, silent logs. */
export async function testConfig(overrides: Partial<Config> = {}): Promise<Config> {
  const dataDir = await mkdtemp(join(tmpdir(), "docsvc-test-"));
  return {
    port: 0,
    host: "127.0.0.1",
    dataDir,
    jwtSecret: randomBytes(32),
    publicUrl: "http://localhost:8080",
    smtpUrl: undefined,
    mailFrom: "docsvc <no-reply@localhost>",
    adminEmails: new Set(),
    logLevel: "silent",
    development: false,
    oauth: { providers: [], redirectOrigins: [] },
    hubMaxConnectionsPerUser: 20,
    basePdfInspectMs: 20_000,
    render: { ...RENDER_DEFAULTS },
    defaultPlan: DEFAULT_PLAN,
    plans: DEFAULT_PLANS,
    metricsToken: undefined,
    ...overrides,
  };
}

/** Options of a test app. */
export interface TestAppOptions {
  readonly config?: Partial<Config>;
  readonly plans?: PlanTable;
  readonly loginThrottle?: LoginThrottle;
  readonly log?: Logger;
  /** Replaces the worker pool (tests of behaviour around rendering, not of rendering). */
  readonly renderer?: Renderer;
  /** Collaboration hub timings and limits. */
  readonly hub?: HubOptions;
  /** The hub's fan-out to other instances. */
  readonly hubBus?: HubBus;
  /** Presence elsewhere than the database (given the app's database). */
  readonly presence?: (db: Db) => PresenceStore;
  /** How long a failed issuer discovery is remembered. */
  readonly oauthDiscoveryRetryMs?: number;
  /** AI model and stream settings. */
  readonly ai?: AiRouteOptions;
}

/** What a request helper call takes. */
export interface Call {
  readonly token?: string;
  readonly apiKey?: string;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

/** A parsed response. */
export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  // Tests read fields freely; the shapes are asserted, not assumed.
  readonly body: Record<string, unknown> & { [key: string]: any };
  readonly bytes: Uint8Array;
}

/** A signed-up user with a session. */
export interface TestUser {
  readonly email: string;
  readonly password: string;
  readonly token: string;
  readonly userId: string;
  readonly workspaceId: string;
  readonly refreshCookie: string;
}

/** A running test app. */
export interface TestApp {
  readonly app: Hono<AppEnv>;
  readonly deps: ServiceDeps;
  readonly config: Config;
  readonly smtp: SmtpCatcher;
  call(method: string, path: string, call?: Call): Promise<Reply>;
  signup(email?: string, password?: string): Promise<TestUser>;
  close(): Promise<void>;
}

let counter = 0;

/** A fresh unique address. */
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}-${randomBytes(3).toString("hex")}@example.test`;
}

/** The `docsvc_refresh` value from a Set-Cookie header, or undefined. */
export function refreshCookieFrom(headers: Headers): string | undefined {
  for (const line of headers.getSetCookie()) {
    const match = line.match(/^docsvc_refresh=([^;]*)/);
    if (match) return match[1] === "" ? undefined : match[1];
  }
  return undefined;
}

/** Starts an app for one test file. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const smtp = await startSmtpCatcher();
  const config = await testConfig({ smtpUrl: smtp.url, ...options.config });
  const level = process.env["TEST_LOG_LEVEL"];
  const log = options.log ?? createLogger(level !== undefined && isLogLevel(level) ? level : "silent");
  const postgres: TestPostgres | undefined = TEST_DATABASE === "postgres" ? await createTestPostgres() : undefined;
  const db = connectDatabase({ dataDir: config.dataDir, databaseUrl: postgres?.url ?? config.databaseUrl }, log);
  await migrateToLatest(db);
  const blobs = openBlobStore(config.blobStore, config.dataDir, db);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outbox: blobs, log });
  const renderer = options.renderer ?? createRenderer({ ...config.render, threads: 1 });
  const { app, deps } = createApp({
    config,
    db,
    mailer,
    renderer,
    log,
    blobs,
    ...(options.plans ? { plans: options.plans } : {}),
    ...(options.loginThrottle ? { loginThrottle: options.loginThrottle } : {}),
    ...(options.hub ? { hub: options.hub } : {}),
    ...(options.hubBus ? { hubBus: options.hubBus } : {}),
    ...(options.presence ? { presence: options.presence(db) } : {}),
    ...(options.oauthDiscoveryRetryMs !== undefined ? { oauthDiscoveryRetryMs: options.oauthDiscoveryRetryMs } : {}),
    ...(options.ai ? { ai: options.ai } : {}),
    // On PostgreSQL the server caches the render path's lookups (memory-only without Redis): so do the tests.
    ...(postgres !== undefined ? { lookups: new CachedLookups(db, new LookupCache({ ttlMs: DEFAULT_LOOKUP_TTL_MS }), log) } : {}),
  });

  const call = async (method: string, path: string, c: Call = {}): Promise<Reply> => {
    const headers: Record<string, string> = { ...c.headers };
    if (c.token) headers["Authorization"] = `Bearer ${c.token}`;
    if (c.apiKey) headers["X-Api-Key"] = c.apiKey;
    let body: string | Uint8Array | undefined;
    if (c.body instanceof Uint8Array) body = c.body; // raw bytes (a PDF to check), sent as they are
    else if (c.body !== undefined) {
      body = typeof c.body === "string" ? c.body : JSON.stringify(c.body);
      headers["Content-Type"] ??= "application/json";
    }
    const res = await app.request(path, { method, headers, ...(body !== undefined ? { body } : {}) });
    const bytes = new Uint8Array(await res.arrayBuffer());
    const type = res.headers.get("Content-Type") ?? "";
    const parsed = type.includes("json") && bytes.length > 0 ? (JSON.parse(Buffer.from(bytes).toString("utf8")) as Reply["body"]) : {};
    return { status: res.status, headers: res.headers, body: parsed, bytes };
  };

  const signup = async (email = uniqueEmail(), password = "correct horse battery"): Promise<TestUser> => {
    const res = await call("POST", "/api/auth/signup", { body: { email, password } });
    if (res.status !== 200) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
    return {
      email,
      password,
      token: res.body.accessToken as string,
      userId: res.body.user.id as string,
      workspaceId: res.body.workspace.id as string,
      refreshCookie: refreshCookieFrom(res.headers) ?? "",
    };
  };

  return {
    app,
    deps,
    config,
    smtp,
    call,
    signup,
    async close() {
      // Background loops a test started (stopping one never started is a no-op).
      await deps.webhooks.renderJobs.stop();
      await deps.webhooks.dispatcher.stop();
      await deps.collab.close();
      await deps.meter.flush();
      await mailer.close();
      await renderer.close();
      await db.destroy();
      await postgres?.drop();
      await smtp.close();
      await rm(config.dataDir, { recursive: true, force: true });
    },
  };
}
