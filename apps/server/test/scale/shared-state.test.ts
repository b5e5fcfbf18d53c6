// State that must not live in one process's memory, with two server instances on one database: a SQLite file
// shared through one DATA_DIR, and PostgreSQL + Redis (skipped cleanly when either is absent). A checkToken
// issued by A is accepted by B, and one issued before a restart after it; refine-band's daily limit is one count
// across both and survives the restart; the render bucket is one bucket; an OAuth flow started on A completes
// on B; password-reset and invite links sent by A work on B; an idempotent batch submission repeated on B
// answers A's batch (and a different body under the same key is a 422).
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import sharp from "sharp";
import { loadConfig } from "../../src/config.js";
import { startServer, type RunningServer } from "../../src/main.js";
import { TINY_TEMPLATE } from "../batch/helpers.js";
import { createTestPostgres, postgresUnavailable, type TestPostgres } from "../helpers/postgres.js";
import { redisUnavailable, testPrefix, TEST_REDIS_URL } from "../helpers/redis.js";
import { startSmtpCatcher, tokenFrom, type SmtpCatcher } from "../helpers/smtp.js";
import { startFakeOpenAi, type FakeOpenAi } from "../ai/support/fake-openai.js";
import { happy } from "../ai/support/scripts.js";
import { form, parseSse } from "../ai/support/server.js";
import { ProviderBrowser } from "../oauth/support/browser.js";
import { startTestIssuer, type TestIssuer } from "../oauth/support/oidc-provider.js";
import { issuerEnv } from "../oauth/support/sign-in.js";

// Decided before any suite is declared (a top-level await between suites would let after() run early).
const pgSkip = (await postgresUnavailable()) ?? (await redisUnavailable());
if (pgSkip !== undefined) console.warn(`shared-state.test (PostgreSQL + Redis): skipped: ${pgSkip}`);

const PUBLIC_URL = "http://localhost:8080";
const PASSWORD = "correct horse battery";
// A free plan with a burst of 6 refilling once in 100 s (so the count is exact) and 2 refinements a day.
const PLANS = { free: { renderRatePerSecond: 0.01, renderBurst: 6, aiGenerationsPerMonth: 100, aiRefinesPerDay: 2 } };
const REFINE_DOC = { name: "x", bands: [{ id: "only", parentId: null, kind: "report-header", name: null, height: 40, elements: [] }], schema: [] };

let smtp: SmtpCatcher;
let fake: FakeOpenAi;
let issuer: TestIssuer;
let plansFile: string;
const dirs: string[] = [];
let reference: Uint8Array;

before(async () => {
  smtp = await startSmtpCatcher();
  fake = await startFakeOpenAi();
  fake.script = (call) => (call.pass === "refine" ? { json: { elements: [], newFields: [] } } : call.pass === "revise_plan" ? { json: { bands: [] } } : happy(call));
  issuer = await startTestIssuer([`${PUBLIC_URL}/api/auth/oauth/acme/callback`]);
  const dir = await tempDir();
  plansFile = join(dir, "plans.json");
  await writeFile(plansFile, JSON.stringify(PLANS));
  reference = new Uint8Array(await sharp({ create: { width: 595, height: 842, channels: 3, background: "#ffffff" } }).composite([{ input: { create: { width: 300, height: 40, channels: 3, background: "#000000" } }, left: 40, top: 40 }]).png().toBuffer());
});
after(async () => {
  await smtp?.close();
  await fake?.close();
  await issuer?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "docsvc-shared-state-"));
  dirs.push(dir);
  return dir;
}

/** What two instances on one deployment share, and how one more instance of it starts. */
interface Deployment {
  start(): Promise<RunningServer>;
  close(): Promise<void>;
}

function sqliteDeployment(): () => Promise<Deployment> {
  return async () => {
    const dataDir = await tempDir();
    return { start: () => server({ DATA_DIR: dataDir }), close: async () => undefined };
  };
}

function postgresRedisDeployment(): () => Promise<Deployment> {
  return async () => {
    const pg: TestPostgres = await createTestPostgres();
    const keys = testPrefix();
    const shared = { DATABASE_URL: pg.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: keys.prefix, JWT_SECRET: randomBytes(32).toString("hex") };
    return {
      start: async () => server({ ...shared, DATA_DIR: await tempDir() }),
      close: async () => {
        await pg.drop();
        await keys.cleanup();
      },
    };
  };
}

async function server(env: Record<string, string>): Promise<RunningServer> {
  return startServer(
    await loadConfig({
      ...env,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      PUBLIC_URL,
      SMTP_URL: smtp.url,
      DEFAULT_PLAN: "free",
      PLANS_FILE: plansFile,
      AI_PROVIDER: "openai-compatible",
      AI_BASE_URL: fake.baseUrl,
      AI_MODEL: "fake-model",
      ...issuerEnv("ACME", issuer),
    }),
  );
}

interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly json: any;
}

async function call(base: string, method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Reply> {
  const res = await fetch(`${base}${path}`, {
    method,
    redirect: "manual",
    headers: { ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}), ...(options.body !== undefined ? { "Content-Type": "application/json" } : {}), ...options.headers },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: (res.headers.get("Content-Type") ?? "").includes("json") && text ? JSON.parse(text) : undefined };
}

/** Posts a multipart form and reads the SSE answer's last event. */
async function streamed(base: string, path: string, token: string, fields: Record<string, string | Uint8Array>): Promise<{ status: number; last: Record<string, any> | undefined; json: any }> {
  const res = await fetch(`${base}${path}`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form(fields) });
  const text = await res.text();
  if (!(res.headers.get("Content-Type") ?? "").startsWith("text/event-stream")) return { status: res.status, last: undefined, json: JSON.parse(text) };
  return { status: res.status, last: parseSse(text).events.at(-1)?.data, json: undefined };
}

for (const [name, skip, deployment] of [
  ["one SQLite file (a shared DATA_DIR)", undefined, sqliteDeployment()],
  ["PostgreSQL and Redis", pgSkip, postgresRedisDeployment()],
] as const) {
  describe(`two instances on ${name}`, { skip, timeout: 300_000 }, () => {
    let d: Deployment;
    let a: RunningServer;
    let b: RunningServer;
    before(async () => {
      d = await deployment();
      // One after the other: on a fresh DATA_DIR the first generates the JWT secret the second reads.
      a = await d.start();
      b = await d.start();
    });
    after(async () => {
      await Promise.all([a?.close(), b?.close()]);
      await d?.close();
    });

    async function account(on = a): Promise<{ email: string; token: string }> {
      const email = `state-${randomBytes(4).toString("hex")}@example.test`;
      assert.equal((await call(on.url, "POST", "/api/auth/signup", { body: { email, password: PASSWORD } })).status, 200);
      const login = await call(b.url, "POST", "/api/auth/login", { body: { email, password: PASSWORD } });
      assert.equal(login.status, 200);
      return { email, token: login.json.accessToken as string };
    }

    async function generate(on: RunningServer, token: string): Promise<{ template: unknown; checkToken: string }> {
      const res = await streamed(on.url, "/api/ai/generate-band-template", token, { image: reference, prompt: "an invoice" });
      assert.equal(res.status, 200, JSON.stringify(res.json));
      assert.match(res.last?.["checkToken"] ?? "", /^ct_/);
      return { template: res.last?.["template"], checkToken: res.last?.["checkToken"] as string };
    }

    function compare(on: RunningServer, token: string, draft: { template: unknown; checkToken: string }) {
      const content = TINY_TEMPLATE;
      return streamed(on.url, "/api/ai/revise-document", token, { document: JSON.stringify(draft.template), content, image: reference, checkToken: draft.checkToken });
    }

    async function refine(on: RunningServer, token: string): Promise<number> {
      return (await call(on.url, "POST", "/api/ai/refine-band", { token, body: { document: REFINE_DOC, bandId: "only", instruction: "add the VAT" } })).status;
    }

    async function renders(token: string, n: number, on: (i: number) => RunningServer): Promise<number[]> {
      const created = await call(a.url, "POST", "/api/templates", { token, body: { name: "Tiny", content: TINY_TEMPLATE } });
      assert.equal(created.status, 200);
      const statuses = [];
      for (let i = 0; i < n; i++) statuses.push((await call(on(i).url, "POST", `/api/templates/${created.json.id as string}/render`, { token, body: { data: { name: "x" } } })).status);
      return statuses;
    }

    test("a checkToken issued by A is accepted by B, once; refine-band's daily limit counts both", async () => {
      const { token } = await account();
      const draft = await generate(a, token);
      const compared = await compare(b, token, draft);
      assert.equal(compared.status, 200, `B accepts A's checkToken: ${JSON.stringify(compared.json)}`);
      const again = await compare(a, token, draft);
      assert.equal(again.status, 400, "used up on B, so refused on A");
      assert.match(JSON.stringify(again.json.errors.checkToken), /already used/);
      assert.deepEqual([await refine(a, token), await refine(b, token), await refine(a, token)], [200, 200, 429]);
    });

    test("the render bucket is one bucket: the burst of 6 across A and B", async () => {
      const { token } = await account();
      const statuses = await renders(token, 10, (i) => (i % 2 === 0 ? a : b));
      assert.deepEqual(statuses, [200, 200, 200, 200, 200, 200, 429, 429, 429, 429]);
    });

    test("an OAuth sign-in started on A completes on B", async () => {
      const login = `person-${randomBytes(3).toString("hex")}`;
      issuer.accounts.set(login, { email: `${login}@example.test`, email_verified: true });
      const started = await call(a.url, "GET", "/api/auth/oauth/acme/start");
      assert.equal(started.status, 302);
      const cookie = /^docsvc_oauth_state=([^;]*)/.exec(started.headers.getSetCookie().find((l) => l.startsWith("docsvc_oauth_state=")) ?? "")?.[1] ?? "";
      const back = await new ProviderBrowser().visit(started.headers.get("location") ?? "", `${PUBLIC_URL}/api/auth/oauth/acme/callback`, { login });
      const done = await call(b.url, "GET", `${back.pathname}${back.search}`, { headers: { Cookie: `docsvc_oauth_state=${cookie}` } });
      assert.equal(done.status, 302);
      const location = new URL(done.headers.get("location") ?? "", PUBLIC_URL);
      assert.equal(location.searchParams.get("error"), null, location.searchParams.get("message") ?? "");
      assert.ok(done.headers.getSetCookie().some((l) => l.startsWith("docsvc_refresh=") && !l.startsWith("docsvc_refresh=;")), "B signed the user in");
    });

    test("a password-reset link and an invite sent by A work on B", async () => {
      const { email } = await account();
      assert.equal((await call(a.url, "POST", "/api/auth/forgot-password", { body: { email } })).status, 200);
      const reset = tokenFrom(await smtp.waitFor((m) => m.to.includes(email) && m.text.includes("reset-password?token=")), "reset-password");
      assert.equal((await call(b.url, "POST", "/api/auth/reset-password", { body: { token: reset, newPassword: "a new password 123" } })).status, 200);
      const login = await call(a.url, "POST", "/api/auth/login", { body: { email, password: "a new password 123" } });
      assert.equal(login.status, 200);

      const invitee = await account();
      assert.equal((await call(a.url, "POST", "/api/workspaces/current/invites", { token: login.json.accessToken, body: { email: invitee.email } })).status, 200);
      const invite = tokenFrom(await smtp.waitFor((m) => m.to.includes(invitee.email) && m.text.includes("/invites/")), "invites");
      assert.equal((await call(b.url, "GET", `/api/invites/${invite}`)).status, 200);
      assert.equal((await call(b.url, "POST", `/api/invites/${invite}/accept`, { token: invitee.token })).status, 200);
    });

    test("an idempotent batch submission repeated on B answers A's batch; another body under the key is a 422", async () => {
      const { token } = await account();
      const created = await call(a.url, "POST", "/api/templates", { token, body: { name: "Tiny", content: TINY_TEMPLATE } });
      const path = `/api/templates/${created.json.id as string}/render-batch`;
      const key = { "Idempotency-Key": `order-${randomBytes(6).toString("hex")}` };
      const body = { rows: [{ name: "a" }, { name: "b" }] };
      const first = await call(a.url, "POST", path, { token, body, headers: key });
      assert.equal(first.status, 200);
      assert.equal(first.headers.get("Idempotent-Replayed"), null);
      const repeated = await call(b.url, "POST", path, { token, body, headers: key });
      assert.equal(repeated.status, 200);
      assert.equal(repeated.json.jobId, first.json.jobId, "the same batch, not a second one");
      assert.equal(repeated.headers.get("Idempotent-Replayed"), "true");
      const jobs = await call(b.url, "GET", `${path}/jobs`, { token });
      assert.equal(jobs.json.length, 1);
      const other = await call(b.url, "POST", path, { token, body: { rows: [{ name: "c" }] }, headers: key });
      assert.equal(other.status, 422);
      assert.match(other.json.detail, /Idempotency-Key/);
      const bad = await call(a.url, "POST", path, { token, body, headers: { "Idempotency-Key": "has space" } });
      assert.equal(bad.status, 400);
      const doc = (await call(a.url, "GET", "/openapi/v1.json")).json;
      for (const p of ["/api/templates/{id}/render-batch", "/api/templates/{id}/render-batch/upload"]) {
        const op = doc.paths[p].post;
        assert.ok(op.parameters.some((x: { name: string; in: string }) => x.name === "Idempotency-Key" && x.in === "header"), p);
        assert.ok(op.responses["422"], p);
      }
    });

    test("after both restart: a checkToken issued before is accepted, the refine count and the render bucket are kept", async () => {
      const { token } = await account();
      // Render tokens: one for the generation, four renders, one left for the comparison after the restart.
      const draft = await generate(a, token);
      assert.deepEqual([await refine(a, token), await refine(b, token)], [200, 200]);
      assert.deepEqual(await renders(token, 4, () => b), [200, 200, 200, 200]);
      await Promise.all([a.close(), b.close()]);
      a = await d.start();
      b = await d.start();
      assert.equal((await compare(b, token, draft)).status, 200, "the token outlived both processes");
      assert.equal(await refine(a, token), 429, "today's refinements are still counted");
      assert.deepEqual(await renders(token, 1, () => a), [429], "the bucket was not refilled by the restart");
    });
  });
}
