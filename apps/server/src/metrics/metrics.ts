// The service's Prometheus metrics (GET /metrics), one set per app. Counters the request path drives are
// incremented where things happen; figures that other parts keep (render pool, collaboration hub) are read when
// scraped, through small stats functions. The families are our own (./exposition.ts); prom-client supplies the
// process figures and loads with the first scrape, so start-up and requests never load it.
import type { Registry } from "prom-client";
import { CounterFamily, expose, HistogramFamily, ReadFamily } from "./exposition.js";

/** What the render pool reports: read at scrape time. */
export interface RenderPoolStats {
  /** Tasks waiting for a worker. */
  readonly queueDepth: number;
  /** Workers replaced after they died, since start. */
  readonly workerRestarts: number;
  /** Renders stopped for running too long, since start. */
  readonly renderTimeouts: number;
}

/** What the collaboration hub reports: read at scrape time. */
export interface HubStats {
  readonly connections: number;
  /** Document updates persisted and fanned out, since start. */
  readonly updates: number;
}

/** Where the scrape-time figures come from (absent: reported as zero). */
export interface MetricSources {
  readonly renderPool?: () => RenderPoolStats | undefined;
  readonly hub?: () => HubStats;
}

/** Latency buckets in seconds: renders take milliseconds to tens of seconds (large batches of pages). */
const RENDER_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The exposition's content type (Prometheus text format 0.0.4). */
const CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

/** Every metric the service exposes. */
export class Metrics {
  /** HTTP requests by method, route pattern (never the raw path: bounded cardinality) and status. */
  readonly httpRequests = new CounterFamily("docsvc_http_requests_total", "HTTP requests answered, by method, route pattern and status.", ["method", "route", "status"]);
  /**
   * HTTP requests by how their client was known: `proxy` (a TRUST_PROXY peer's headers named it) or `direct` (the
   * TCP peer). Never the address itself: a label per address is unbounded cardinality (every client a new series);
   * addresses go to the request log instead (`client` field).
   */
  readonly httpClients = new CounterFamily("docsvc_http_requests_by_client_total", "HTTP requests answered, by how the client address was known (proxy: a trusted proxy's headers; direct: the TCP peer).", ["via"]);
  /** Render latency (one observation per metered render), by source: api, preview, ai. */
  readonly renderDuration = new HistogramFamily("docsvc_render_duration_seconds", "Time from handing a render to the pool to its PDF, by source (api, preview, ai).", ["source"], RENDER_BUCKETS);
  /** Batch rows by outcome: ok or failed. */
  readonly batchRows = new CounterFamily("docsvc_batch_rows_total", "Batch rows attempted, by outcome (ok, failed).", ["outcome"]);
  /** Requests refused with 429, by limit: render (the plan's bucket) or login (failed-attempt throttle). */
  readonly rateLimitRejections = new CounterFamily("docsvc_rate_limit_rejections_total", "Requests refused with 429, by limit (render, login).", ["limit"]);
  /** Calls to the AI provider, by operation and outcome (ok, error); incremented by the AI features. */
  readonly aiCalls = new CounterFamily("docsvc_ai_calls_total", "Calls to the AI provider, by operation and outcome (ok, error).", ["operation", "outcome"]);
  private readonly read: readonly ReadFamily[];
  /** Process figures (memory, CPU, event-loop lag, handles) under their standard names, from the first scrape on. */
  private process: Promise<Registry> | undefined;

  constructor(sources: MetricSources = {}) {
    const pool = (): RenderPoolStats | undefined => sources.renderPool?.();
    this.read = [
      new ReadFamily("docsvc_render_queue_depth", "Renders waiting for a worker.", "gauge", () => pool()?.queueDepth ?? 0),
      new ReadFamily("docsvc_render_worker_restarts_total", "Render workers replaced after they died.", "counter", () => pool()?.workerRestarts ?? 0),
      new ReadFamily("docsvc_render_timeouts_total", "Renders stopped for running too long.", "counter", () => pool()?.renderTimeouts ?? 0),
      new ReadFamily("docsvc_hub_connections", "Open collaboration hub connections.", "gauge", () => sources.hub?.().connections ?? 0),
      new ReadFamily("docsvc_hub_updates_total", "Collaboration document updates persisted and fanned out.", "counter", () => sources.hub?.().updates ?? 0),
    ];
  }

  /** The exposition text and its content type. */
  async scrape(): Promise<{ readonly body: string; readonly contentType: string }> {
    this.process ??= import("prom-client").then(({ collectDefaultMetrics, Registry }) => {
      const registry = new Registry();
      collectDefaultMetrics({ register: registry });
      return registry;
    });
    const own = expose([this.httpRequests, this.httpClients, this.renderDuration, this.batchRows, this.rateLimitRejections, this.aiCalls, ...this.read]);
    return { body: `${own}\n\n${await (await this.process).metrics()}`, contentType: CONTENT_TYPE };
  }
}
