// A fresh install renders as fast as the machine allows; DEFAULT_PLAN=free brings back the hosted limits.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { loadConfig } from "../../src/config.js";
import { startServer, type RunningServer } from "../../src/main.js";
import { fixtureText } from "../helpers/fixtures.js";
import { uniqueEmail } from "../helpers/harness.js";

const RENDERS = 1_000;
const IN_FLIGHT = 8;

interface Outcome {
  readonly status: number;
  readonly retryAfter: string | null;
}

const dirs: string[] = [];
after(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Starts a server configured only by `env` (plus a temp DATA_DIR and a free port), as `docsvc serve` would. */
async function serve(env: Record<string, string>): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), "docsvc-plan-"));
  dirs.push(dataDir);
  return startServer(await loadConfig({ DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "silent", ...env }));
}

async function json(url: string, init: RequestInit): Promise<Record<string, any>> {
  const res = await fetch(url, { ...init, headers: { "Content-Type": "application/json", ...init.headers } });
  assert.ok(res.ok, `${url}: ${res.status}`);
  return (await res.json()) as Record<string, any>;
}

/** Signs up, stores the invoice template, creates an API key, then renders it RENDERS times, IN_FLIGHT at once. */
async function invoiceRun(server: RunningServer): Promise<Outcome[]> {
  const signup = await json(`${server.url}/api/auth/signup`, { method: "POST", body: JSON.stringify({ email: uniqueEmail("plan"), password: "correct horse battery" }) });
  const auth = { Authorization: `Bearer ${signup.accessToken as string}` };
  const template = await json(`${server.url}/api/templates`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify({ name: "Invoice", content: await fixtureText("invoice.template.json") }),
  });
  const key = (await json(`${server.url}/api/api-keys`, { method: "POST", headers: auth, body: JSON.stringify({ name: "month-end" }) })).key as string;
  const body = JSON.stringify({ data: JSON.parse(await fixtureText("invoice-20.data.json")) as unknown });
  const outcomes: Outcome[] = new Array<Outcome>(RENDERS);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < RENDERS) {
      const i = next++;
      const res = await fetch(`${server.url}/api/templates/${template.id as string}/render`, {
        method: "POST",
        headers: { "X-Api-Key": key, "Content-Type": "application/json" },
        body,
      });
      await res.arrayBuffer();
      outcomes[i] = { status: res.status, retryAfter: res.headers.get("Retry-After") };
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  return outcomes;
}

describe("default plan", () => {
  test("a fresh install with no configuration: 1,000 invoice renders through one API key, 8 in flight, all 200", async () => {
    const server = await serve({});
    try {
      const outcomes = await invoiceRun(server);
      const statuses = new Map<number, number>();
      for (const o of outcomes) statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
      assert.deepEqual([...statuses], [[200, RENDERS]]);
    } finally {
      await server.close();
    }
  });

  test("DEFAULT_PLAN=free: the same run is throttled after the burst, each 429 with Retry-After", async () => {
    const server = await serve({ DEFAULT_PLAN: "free" });
    try {
      const outcomes = await invoiceRun(server);
      // The free plan's burst is 30. Requests are sent in index order with up to IN_FLIGHT at once, so they reach the
      // limiter nearly but not exactly in that order (request 29 may be counted after 30): every request sent before
      // the 30th could possibly be counted, index < 30 - (IN_FLIGHT - 1), is within the burst, and at least 30 succeed.
      const surelyWithin = 30 - (IN_FLIGHT - 1);
      assert.ok(outcomes.slice(0, surelyWithin).every((o) => o.status === 200), JSON.stringify(outcomes.slice(0, surelyWithin)));
      assert.ok(outcomes.filter((o) => o.status === 200).length >= 30, "the whole burst is served");
      const limited = outcomes.filter((o) => o.status === 429);
      assert.ok(limited.length > RENDERS / 2, `only ${limited.length} of ${RENDERS} were throttled`);
      assert.ok(outcomes.every((o) => o.status === 200 || o.status === 429));
      for (const o of limited) assert.match(o.retryAfter ?? "", /^[1-9]\d*$/);
    } finally {
      await server.close();
    }
  });
});
