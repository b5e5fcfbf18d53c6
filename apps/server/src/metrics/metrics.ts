// The service's Prometheus metrics (GET /metrics), one registry per app. Counters the request path drives are
// incremented where things happen; figures that other parts keep (render pool, collaboration hub) are read when
// scraped, through small stats functions, so those parts stay free of prom-client.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

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

/** A counter whose value is read from elsewhere at scrape time (a running total kept by its owner). */
function readCounter(registry: Registry, name: string, help: string, read: () => number): Counter {
  return new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

/** Every metric the service exposes. */
export class Metrics {
  readonly registry = new Registry();
  /** HTTP requests by method, route pattern (never the raw path: bounded cardinality) and status. */
  readonly httpRequests = new Counter({
    name: "docsvc_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    registers: [this.registry],
  });
  /** Render latency (one observation per metered render), by source: api, preview, ai. */
  readonly renderDuration = new Histogram({
    name: "docsvc_render_duration_seconds",
    help: "Time from handing a render to the pool to its PDF, by source (api, preview, ai).",
    labelNames: ["source"] as const,
    buckets: RENDER_BUCKETS,
    registers: [this.registry],
  });
  /** Batch rows by outcome: ok or failed. */
  readonly batchRows = new Counter({
    name: "docsvc_batch_rows_total",
    help: "Batch rows attempted, by outcome (ok, failed).",
    labelNames: ["outcome"] as const,
    registers: [this.registry],
  });
  /** Requests refused with 429, by limit: render (the plan's bucket) or login (failed-attempt throttle). */
  readonly rateLimitRejections = new Counter({
    name: "docsvc_rate_limit_rejections_total",
    help: "Requests refused with 429, by limit (render, login).",
    labelNames: ["limit"] as const,
    registers: [this.registry],
  });
  /** Calls to the AI provider, by operation and outcome (ok, error); incremented by the AI features. */
  readonly aiCalls = new Counter({
    name: "docsvc_ai_calls_total",
    help: "Calls to the AI provider, by operation and outcome (ok, error).",
    labelNames: ["operation", "outcome"] as const,
    registers: [this.registry],
  });

  constructor(sources: MetricSources = {}) {
    const pool = (): RenderPoolStats | undefined => sources.renderPool?.();
    new Gauge({
      name: "docsvc_render_queue_depth",
      help: "Renders waiting for a worker.",
      registers: [this.registry],
      collect() {
        this.set(pool()?.queueDepth ?? 0);
      },
    });
    readCounter(this.registry, "docsvc_render_worker_restarts_total", "Render workers replaced after they died.", () => pool()?.workerRestarts ?? 0);
    readCounter(this.registry, "docsvc_render_timeouts_total", "Renders stopped for running too long.", () => pool()?.renderTimeouts ?? 0);
    new Gauge({
      name: "docsvc_hub_connections",
      help: "Open collaboration hub connections.",
      registers: [this.registry],
      collect() {
        this.set(sources.hub?.().connections ?? 0);
      },
    });
    readCounter(this.registry, "docsvc_hub_updates_total", "Collaboration document updates persisted and fanned out.", () => sources.hub?.().updates ?? 0);
    // Process figures (memory, CPU, event-loop lag, handles) under their standard names.
    collectDefaultMetrics({ register: this.registry });
  }

  /** The exposition text and its content type. */
  async scrape(): Promise<{ readonly body: string; readonly contentType: string }> {
    return { body: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}
