// The listening server on PostgreSQL: start-up rules for DATABASE_URL, and what happens while the database is
// unreachable (503s and a failing /health, no crash) and once it returns (everything answers again).
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { loadConfig } from "../../src/config.js";
import { createLogger } from "../../src/log.js";
import { startServer } from "../../src/main.js";
import { testConfig, uniqueEmail } from "../helpers/harness.js";
import { createTestPostgres, postgresUnavailable } from "../helpers/postgres.js";
import { startTcpProxy } from "../helpers/tcp-proxy.js";

const skip = await postgresUnavailable();
if (skip !== undefined) console.warn(`postgres-server.test: skipped: ${skip}`);

const signup = (url: string, email: string) =>
  fetch(`${url}/api/auth/signup`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password: "correct horse battery" }) });
const login = (url: string, email: string) =>
  fetch(`${url}/api/auth/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password: "correct horse battery" }) });

describe("DATABASE_URL", () => {
  test("needs JWT_SECRET and a postgres:// URL; both given, the configuration carries the URL", async () => {
    const dir = await mkdtemp(join(tmpdir(), "docsvc-pgconfig-"));
    try {
      await assert.rejects(loadConfig({ DATA_DIR: dir, DATABASE_URL: "postgres://db/docsvc" }), /JWT_SECRET is required when DATABASE_URL is set/);
      await assert.rejects(loadConfig({ DATA_DIR: dir, DATABASE_URL: "mysql://db/docsvc", JWT_SECRET: "x".repeat(32) }), /DATABASE_URL must start with postgres/);
      const config = await loadConfig({ DATA_DIR: dir, DATABASE_URL: "postgresql://db/docsvc", JWT_SECRET: "x".repeat(32) });
      assert.equal(config.databaseUrl, "postgresql://db/docsvc");
      assert.equal((await loadConfig({ DATA_DIR: dir })).databaseUrl, undefined);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("while PostgreSQL is unreachable: /health 503 and 503 problems, no crash; it recovers when the database returns", { skip, timeout: 120_000 }, async () => {
    const pg = await createTestPostgres();
    const target = new URL(pg.url);
    const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const via = new URL(pg.url);
    via.host = `127.0.0.1:${proxy.port}`;
    const config = await testConfig({ databaseUrl: via.toString(), jwtSecret: randomBytes(32) });
    const lines: string[] = [];
    const server = await startServer(config, { log: createLogger("warn", (l) => lines.push(l)) });
    try {
      const email = uniqueEmail("pg");
      assert.equal((await signup(server.url, email)).status, 200);
      assert.equal((await fetch(`${server.url}/health`)).status, 200);

      await proxy.cut();
      const health = await fetch(`${server.url}/health`);
      assert.equal(health.status, 503);
      assert.deepEqual(await health.json(), { status: "error", database: "unreachable" });
      const refused = await login(server.url, email);
      assert.equal(refused.status, 503);
      assert.equal(refused.headers.get("Content-Type"), "application/problem+json");
      assert.equal(refused.headers.get("Retry-After"), "5");
      const problem = (await refused.json()) as { status: number; detail: string };
      assert.equal(problem.status, 503);
      assert.match(problem.detail, /database is unreachable/);
      assert.ok(lines.some((l) => l.includes("database unreachable")), "the outage is logged");

      await proxy.restore();
      assert.equal((await fetch(`${server.url}/health`)).status, 200);
      assert.equal((await login(server.url, email)).status, 200);
      assert.equal((await signup(server.url, uniqueEmail("pg-after"))).status, 200);
    } finally {
      await server.close();
      await proxy.close();
      await pg.drop();
      await rm(config.dataDir, { recursive: true, force: true });
    }
  });
});
