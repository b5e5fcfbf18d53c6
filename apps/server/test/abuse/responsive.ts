// What every abuse probe checks meanwhile: /health (and, where rendering matters, a tiny render from another
// workspace) keeps answering within its margin, and the process's memory stays under a stated bound.
import assert from "node:assert/strict";
import { SMALL_TEMPLATE } from "../helpers/fixtures.js";

/** The margins the issue states for a loaded CI machine (not benchmarks). */
export const HEALTH_WITHIN_MS = 1000;
export const RENDER_WITHIN_MS = 2000;

/** The slowest answers seen while watching. */
export interface Responsiveness {
  readonly healthChecks: number;
  readonly slowestHealthMs: number;
  readonly renders: number;
  readonly slowestRenderMs: number;
  /** Largest RSS growth over the start, in MB. */
  readonly rssGrowthMb: number;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function timed(request: () => Promise<Response>, expect: number): Promise<number> {
  const start = performance.now();
  const res = await request();
  await res.arrayBuffer();
  assert.equal(res.status, expect, `status ${res.status} while watching`);
  return performance.now() - start;
}

function renderRequest(base: string, token: string): Promise<Response> {
  const body = JSON.stringify({ content: SMALL_TEMPLATE, data: { brand: "Acme" } });
  return fetch(`${base}/api/render`, { method: "POST", headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` }, body });
}

/** One render first, so the render thread has loaded its fonts before anything is timed. */
export async function warmUp(base: string, token: string): Promise<void> {
  await timed(() => renderRequest(base, token), 200);
}

/**
 * Polls `GET /health` every 100 ms and, with `renderToken`, renders a one-band template every 300 ms, until
 * `stop()`; samples RSS every 20 ms. `stop()` answers the slowest of each.
 */
export function watch(base: string, renderToken?: string): { stop(): Promise<Responsiveness> } {
  let running = true;
  const health: number[] = [];
  const renders: number[] = [];
  const rss0 = process.memoryUsage.rss();
  let rssMax = rss0;
  const sampler = setInterval(() => (rssMax = Math.max(rssMax, process.memoryUsage.rss())), 20);
  const healthLoop = (async () => {
    while (running) {
      health.push(await timed(() => fetch(`${base}/health`), 200));
      await sleep(100);
    }
  })();
  const renderLoop = (async () => {
    while (running && renderToken !== undefined) {
      renders.push(await timed(() => renderRequest(base, renderToken), 200));
      await sleep(300);
    }
  })();
  return {
    async stop() {
      running = false;
      await Promise.all([healthLoop, renderLoop]);
      clearInterval(sampler);
      return {
        healthChecks: health.length,
        slowestHealthMs: Math.max(0, ...health),
        renders: renders.length,
        slowestRenderMs: Math.max(0, ...renders),
        rssGrowthMb: (rssMax - rss0) / 2 ** 20,
      };
    },
  };
}

/** Asserts the margins: /health within 1 s, the tiny render (when watched) within 2 s, at least one of each. */
export function assertResponsive(r: Responsiveness, rendered: boolean): void {
  assert.ok(r.healthChecks > 0, "health was checked");
  assert.ok(r.slowestHealthMs < HEALTH_WITHIN_MS, `the slowest /health took ${Math.round(r.slowestHealthMs)} ms`);
  if (!rendered) return;
  assert.ok(r.renders > 0, "a render ran meanwhile");
  assert.ok(r.slowestRenderMs < RENDER_WITHIN_MS, `the slowest tiny render took ${Math.round(r.slowestRenderMs)} ms`);
}
