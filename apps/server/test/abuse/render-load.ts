// Support for the render abuse tests: a real listening server (so a client can walk away mid-request) with a
// small render budget, two workspaces, and probes that check the service stays responsive meanwhile: `/health`
// within 1 s and a tiny render of the *other* workspace within 2 s (margins for a loaded machine, not benchmarks).
import { createAdaptorServer } from "@hono/node-server";
import { strict as assert } from "node:assert";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRenderer, type Renderer } from "../../src/render/renderer.js";
import { DEFAULT_PLANS, type PlanTable } from "../../src/services/plans.js";
import { startTestApp, type TestApp, type TestUser } from "../helpers/harness.js";

/** The render budget the abuse tests run with (RENDER_TIMEOUT_MS): small, so the tests stay quick. */
export const TEST_TIMEOUT_MS = 2_000;
/** Slowest acceptable `/health` answer while the service is under abuse (on a machine that is otherwise quiet). */
export const HEALTH_MS = 1_000;
/** Slowest acceptable tiny render of another workspace while the service is under abuse (likewise). */
export const TINY_RENDER_MS = 2_000;
/**
 * The most a bound grows on a machine already loaded by other work: by what the same probe took just before the
 * abuse (after a warm-up), up to this fixed margin, so the tests check what the abuse adds but "/health within
 * 1 s" never passes at more than 1.5 s, nor a tiny render at more than 2.5 s.
 */
export const LOADED_MACHINE_MARGIN_MS = 500;

// The rate limit is not what these tests are about: every workspace may send as much as it likes.
const OPEN_PLANS: PlanTable = {
  ...DEFAULT_PLANS,
  free: { renderRatePerSecond: 10_000, renderBurst: 10_000, aiGenerationsPerMonth: 25 },
};

/** A running server with an attacker workspace (`a`) and a bystander (`b`). */
export interface LoadServer {
  readonly t: TestApp;
  readonly renderer: Renderer;
  readonly url: string;
  readonly a: TestUser;
  readonly b: TestUser;
  /** The bounds the probes assert: HEALTH_MS and TINY_RENDER_MS, plus at most LOADED_MACHINE_MARGIN_MS on a machine found loaded. */
  readonly bounds: { readonly healthMs: number; readonly tinyMs: number };
  close(): Promise<void>;
}

/** Starts the app on a loopback port with two render threads and the test budget. */
export async function startLoadServer(
  options: { readonly queueMax?: number; readonly timeoutMs?: number; /** A probe's own tiny-render bound, when its abuse puts more in front of the bystander. */ readonly tinyRenderMs?: number } = {},
): Promise<LoadServer> {
  const render = { timeoutMs: options.timeoutMs ?? TEST_TIMEOUT_MS, queueMax: options.queueMax ?? 16, heapMb: 512 };
  // The spare always, as with RENDER_SPARE_WORKER=always: the probes stop renders, and measure the service with it warm.
  const renderer = createRenderer({ ...render, threads: 2, spare: "always" });
  const t = await startTestApp({ renderer, plans: OPEN_PLANS, config: { render } });
  // As main.ts does: queued batch jobs run.
  t.deps.batch.start();
  const server = createAdaptorServer({ fetch: t.app.fetch, hostname: "127.0.0.1" }) as Server;
  // As main.ts does: longer than the client's idle sockets live, so a reused connection is never closed under it.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const [a, b] = [await t.signup(), await t.signup()];
  // Measure the service, not its start-up: every worker (the spare too) warm before the abuse begins (main.ts
  // starts the threads once it listens; the spare starts when they are ready).
  renderer.start?.();
  while ((renderer.stats?.().spare ?? true) === false) await new Promise((resolve) => setTimeout(resolve, 50));
  while ((renderer.stats?.().starting ?? 0) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  // What the probes take before any abuse, after one uncounted warm-up of each (the first tiny render parses its
  // template and warms the render path; it is start-up, not the machine's load).
  await health(url);
  await send(url, "POST", "/api/render", b.token, TINY_BODY);
  let quietHealth = 0;
  let quietTiny = 0;
  for (let i = 0; i < 3; i++) {
    quietHealth = Math.max(quietHealth, (await health(url)).ms);
    quietTiny = Math.max(quietTiny, (await send(url, "POST", "/api/render", b.token, TINY_BODY)).ms);
  }
  const bounds = {
    healthMs: HEALTH_MS + Math.min(LOADED_MACHINE_MARGIN_MS, quietHealth),
    tinyMs: (options.tinyRenderMs ?? TINY_RENDER_MS) + Math.min(LOADED_MACHINE_MARGIN_MS, quietTiny),
  };
  return {
    t,
    renderer,
    url,
    a,
    b,
    bounds,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await t.deps.batch.stop();
      await t.close();
    },
  };
}

/** An answer read over HTTP, with how long it took. */
export interface Timed {
  readonly status: number;
  readonly headers: Headers;
  readonly json: Record<string, any>;
  readonly bytes: Uint8Array;
  readonly ms: number;
}

/** Sends a request with a JSON body (a string is sent as it is). */
export async function send(url: string, method: string, path: string, token: string, body?: unknown, signal?: AbortSignal): Promise<Timed> {
  const started = performance.now();
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    ...(body !== undefined ? { body: typeof body === "string" ? body : JSON.stringify(body) } : {}),
    ...(signal !== undefined ? { signal } : {}),
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const type = res.headers.get("Content-Type") ?? "";
  const json = type.includes("json") && bytes.length > 0 ? (JSON.parse(Buffer.from(bytes).toString("utf8")) as Record<string, any>) : {};
  return { status: res.status, headers: res.headers, json, bytes, ms: performance.now() - started };
}

/** A template document as a JSON string: one detail band per entry. */
export function documentOf(bands: readonly Record<string, unknown>[]): string {
  return JSON.stringify({ version: 4, pageSize: { id: "a4" }, schema: [], bands });
}

/** A text element printing one data field. */
export function textOf(id: string, value: string): Record<string, unknown> {
  return { id, type: "text", x: 0, y: 0, width: 200, height: 14, text: value };
}

const TINY_BODY = { content: documentOf([{ id: "t", kind: "detail", height: 20, elements: [textOf("w", "{{who}}")] }]), data: { who: "bystander" } };

/** Renders a one-line document for the bystander workspace. */
export function tinyRender(server: LoadServer): Promise<Timed> {
  return send(server.url, "POST", "/api/render", server.b.token, TINY_BODY);
}

/** Reads `/health` (no credential needed). */
export async function health(url: string): Promise<Timed> {
  const started = performance.now();
  const res = await fetch(`${url}/health`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, json: {}, bytes, ms: performance.now() - started };
}

/**
 * Probes `/health` and a tiny render of the bystander, one after the other, until `work` settles (at least
 * `rounds` times), asserting each answers 200 within its bound; answers what `work` answered.
 */
export async function whileResponsive<T>(server: LoadServer, work: Promise<T>, rounds = 2): Promise<T> {
  let settled = false;
  const done = work.finally(() => (settled = true));
  try {
    // Give the abuse a moment to occupy the workers first.
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (let round = 0; round < rounds || !settled; round++) {
      const h = await health(server.url);
      assert.equal(h.status, 200);
      assert.ok(h.ms < server.bounds.healthMs, `/health took ${Math.round(h.ms)} ms under load (bound ${Math.round(server.bounds.healthMs)} ms)`);
      const tiny = await tinyRender(server);
      assert.equal(tiny.status, 200, JSON.stringify(tiny.json));
      assert.ok(tiny.ms < server.bounds.tinyMs, `another workspace's tiny render took ${Math.round(tiny.ms)} ms under load (bound ${Math.round(server.bounds.tinyMs)} ms)`);
    }
  } catch (error) {
    // The abuse ends before the next test starts, whatever this one found.
    await done.catch(() => undefined);
    throw error;
  }
  return done;
}

/** Samples the process's RSS (the server and its worker threads share it) every 50 ms. */
export function rssPeak(): { stop(): number } {
  const base = process.memoryUsage.rss();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
  // A failed assertion before stop() must not keep the test process alive.
  timer.unref();
  return {
    /** Stops sampling; answers the largest growth seen, in MB. */
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, process.memoryUsage.rss());
      return (peak - base) / (1024 * 1024);
    },
  };
}
