// The real listening server on a loopback port: cookies over the wire, SMTP and the outbox, shutdown.
import assert from "node:assert/strict";
import { readdir, readFile, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { describe, test } from "node:test";
import { loadConfig } from "../src/config.js";
import { createLogger } from "../src/log.js";
import { DATABASE_FILE, startServer } from "../src/main.js";
import { openDatabase } from "../src/db/database.js";
import type { Renderer } from "../src/render/renderer.js";
import { SMALL_TEMPLATE } from "./helpers/fixtures.js";
import { testConfig, uniqueEmail } from "./helpers/harness.js";
import { startSmtpCatcher, tokenFrom } from "./helpers/smtp.js";

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
}

function cookieOf(res: Response): string {
  const line = res.headers.getSetCookie().find((l) => l.startsWith("docsvc_refresh="));
  assert.ok(line, "no refresh cookie");
  return line.split(";")[0]!;
}

describe("listening server", () => {
  test("signup over HTTP sets the refresh cookie, mail goes through SMTP, refresh rotates over the wire", async () => {
    const smtp = await startSmtpCatcher();
    const config = await testConfig({ smtpUrl: smtp.url });
    const server = await startServer(config, { log: createLogger("silent") });
    try {
      assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      const email = uniqueEmail("wire");
      const signup = await post(`${server.url}/api/auth/signup`, { email, password: "over the wire" });
      assert.equal(signup.status, 200);
      const cookie = cookieOf(signup);
      const token = tokenFrom(await smtp.waitFor((m) => m.to.includes(email)), "verify-email");
      assert.equal((await post(`${server.url}/api/auth/verify-email`, { token })).status, 200);

      const refreshed = await post(`${server.url}/api/auth/refresh`, undefined, { Cookie: cookie });
      assert.equal(refreshed.status, 200);
      const rotated = cookieOf(refreshed);
      assert.notEqual(rotated, cookie);
      const { accessToken } = (await refreshed.json()) as { accessToken: string };
      const me = await fetch(`${server.url}/api/auth/me`, { headers: { Authorization: `Bearer ${accessToken}` } });
      assert.equal(((await me.json()) as { user: { emailVerified: boolean } }).user.emailVerified, true);
      assert.equal((await post(`${server.url}/api/auth/refresh`, undefined, { Cookie: cookie })).status, 401);
      assert.equal((await post(`${server.url}/api/auth/refresh`, undefined, { Cookie: rotated })).status, 401);
      const health = await fetch(`${server.url}/health`);
      assert.equal(health.status, 200);
    } finally {
      await server.close();
      await smtp.close();
      await rm(config.dataDir, { recursive: true, force: true });
    }
  });

  test("without SMTP_URL each email is an .eml in DATA_DIR/outbox and its link is logged", async () => {
    const lines: string[] = [];
    const config = await testConfig();
    const server = await startServer(config, { log: createLogger("info", (l) => lines.push(l)) });
    try {
      const email = uniqueEmail("outbox");
      assert.equal((await post(`${server.url}/api/auth/signup`, { email, password: "outbox password" })).status, 200);
      let files: string[] = [];
      for (let i = 0; i < 50 && files.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 20));
        files = await readdir(join(config.dataDir, "outbox")).catch(() => []);
      }
      assert.equal(files.length, 1);
      assert.match(files[0]!, /verify-email\.eml$/);
      const eml = await readFile(join(config.dataDir, "outbox", files[0]!), "utf8");
      assert.match(eml, new RegExp(`To: ${email.replace(/[.+]/g, "\\$&")}`));
      const logged = lines.map((l) => JSON.parse(l) as { msg: string; link?: string }).find((l) => l.msg === "mail written to outbox");
      assert.match(logged?.link ?? "", /^http:\/\/localhost:8080\/verify-email\?token=/);
    } finally {
      await server.close();
      await rm(config.dataDir, { recursive: true, force: true });
    }
  });

  test("close() lets an in-flight request finish, then refuses new connections", async () => {
    // A renderer that holds its request until the test lets it go, so a request is surely in flight when shutdown
    // starts (no sleep guessing how long that takes).
    let rendering!: () => void;
    const inRender = new Promise<void>((resolve) => (rendering = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const slow: Renderer = {
      render: async () => {
        rendering();
        await released;
        return { ok: true, pdf: new TextEncoder().encode("%PDF-1.7 fake"), pages: 1, diagnostics: [] };
      },
      validate: async () => ({ ok: true }),
      close: async () => undefined,
    };
    const config = await testConfig();
    const server = await startServer(config, { log: createLogger("silent"), renderer: slow });
    const signup = await post(`${server.url}/api/auth/signup`, { email: uniqueEmail(), password: "shutdown test" });
    const { accessToken } = (await signup.json()) as { accessToken: string };
    const inflight = post(`${server.url}/api/render`, { content: SMALL_TEMPLATE, data: {} }, { Authorization: `Bearer ${accessToken}` });
    await inRender;
    const started = Date.now();
    let closed = false;
    const closing = server.close().then(() => (closed = true));
    // close() has begun and is waiting for the request: it cannot finish while the render is held.
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(closed, false, "close() waits for the in-flight request");
    release();
    const res = await inflight;
    assert.equal(res.status, 200);
    assert.equal(await res.text(), "%PDF-1.7 fake");
    await closing;
    assert.ok(Date.now() - started < 10_000);
    await assert.rejects(fetch(`${server.url}/health`));
    await rm(config.dataDir, { recursive: true, force: true });
  });
});

test("renders metered just before close() are written: the meter's pending batch is flushed on a graceful stop", async () => {
  const fast: Renderer = {
    render: async () => ({ ok: true, pdf: new TextEncoder().encode("%PDF-1.7 fake"), pages: 1, diagnostics: [] }),
    validate: async () => ({ ok: true }),
    close: async () => undefined,
  };
  const config = await testConfig();
  // A flush interval far longer than the test: only the stop can have written these.
  const server = await startServer(config, { log: createLogger("silent"), renderer: fast, meterFlushMs: 600_000 });
  const signup = await post(`${server.url}/api/auth/signup`, { email: uniqueEmail(), password: "metering test" });
  const { accessToken } = (await signup.json()) as { accessToken: string };
  for (let i = 0; i < 3; i++) {
    const res = await post(`${server.url}/api/render`, { content: SMALL_TEMPLATE, data: {} }, { Authorization: `Bearer ${accessToken}` });
    assert.equal(res.status, 200);
  }
  await server.close();
  const db = openDatabase(join(config.dataDir, DATABASE_FILE));
  try {
    const rows = await db.selectFrom("render_events").select("source").execute();
    assert.deepEqual(rows.map((r) => r.source), ["preview", "preview", "preview"]);
  } finally {
    await db.destroy();
    await rm(config.dataDir, { recursive: true, force: true });
  }
});

describe("configuration", () => {
  test("defaults, a JWT secret generated once into DATA_DIR with mode 0600, and rejected values", async () => {
    const dir = join((await testConfig()).dataDir, "nested");
    const config = await loadConfig({ DATA_DIR: dir });
    assert.equal(config.port, 8080);
    assert.equal(config.host, "127.0.0.1");
    assert.equal(config.publicUrl, "http://localhost:8080");
    assert.equal(config.mailFrom, "docsvc <no-reply@localhost>");
    assert.equal(config.logLevel, "info");
    assert.equal(config.smtpUrl, undefined);
    assert.equal(config.development, false);
    const info = await stat(join(dir, "jwt-secret"));
    assert.equal(info.mode & 0o777, 0o600);
    const again = await loadConfig({ DATA_DIR: dir });
    assert.deepEqual(again.jwtSecret, config.jwtSecret);
    const custom = await loadConfig({ DATA_DIR: dir, PORT: "9999", PUBLIC_URL: "https://docs.example.com/", ADMIN_EMAILS: " A@x.test, b@y.test ", NODE_ENV: "development", LOG_LEVEL: "WARN" });
    assert.equal(custom.publicUrl, "https://docs.example.com");
    assert.deepEqual([...custom.adminEmails], ["a@x.test", "b@y.test"]);
    assert.equal(custom.development, true);
    assert.equal(custom.logLevel, "warn");
    await assert.rejects(loadConfig({ DATA_DIR: dir, PORT: "eighty" }), /PORT/);
    await assert.rejects(loadConfig({ DATA_DIR: dir, LOG_LEVEL: "loud" }), /LOG_LEVEL/);
    await assert.rejects(loadConfig({ DATA_DIR: dir, JWT_SECRET: "short" }), /JWT_SECRET/);
    assert.equal(config.lookupCacheTtlMs, 5_000);
    assert.equal((await loadConfig({ DATA_DIR: dir, LOOKUP_CACHE_TTL_MS: "0" })).lookupCacheTtlMs, 0);
    await assert.rejects(loadConfig({ DATA_DIR: dir, LOOKUP_CACHE_TTL_MS: "-1" }), /LOOKUP_CACHE_TTL_MS/);
    assert.equal(config.render.spare, "on-demand");
    assert.equal((await loadConfig({ DATA_DIR: dir, RENDER_SPARE_WORKER: "always" })).render.spare, "always");
    await assert.rejects(loadConfig({ DATA_DIR: dir, RENDER_SPARE_WORKER: "yes" }), /RENDER_SPARE_WORKER/);
    await rm(join(dir, ".."), { recursive: true, force: true });
  });

  test("the batch queue: the database alone, BullMQ with REDIS_URL unless BATCH_QUEUE says otherwise", async () => {
    const dir = (await testConfig()).dataDir;
    assert.deepEqual((await loadConfig({ DATA_DIR: dir })).batch, { queue: "database", concurrency: 1, lockMs: 30_000 });
    const redis = { DATA_DIR: dir, REDIS_URL: "redis://127.0.0.1:6379" };
    assert.equal((await loadConfig(redis)).batch?.queue, "redis");
    assert.deepEqual((await loadConfig({ ...redis, BATCH_QUEUE: "Database", BATCH_CONCURRENCY: "3", BATCH_LOCK_MS: "5000" })).batch, { queue: "database", concurrency: 3, lockMs: 5_000 });
    await assert.rejects(loadConfig({ DATA_DIR: dir, BATCH_QUEUE: "redis" }), /BATCH_QUEUE=redis needs REDIS_URL/);
    await assert.rejects(loadConfig({ ...redis, BATCH_QUEUE: "kafka" }), /BATCH_QUEUE must be database or redis/);
    await assert.rejects(loadConfig({ ...redis, BATCH_CONCURRENCY: "0" }), /BATCH_CONCURRENCY/);
    await rm(dir, { recursive: true, force: true });
  });
});
