// Metering: every render is recorded, best-effort. Events are queued and written in batches off the
// request path, at most one write per FLUSH_INTERVAL_MS (on PostgreSQL each insert is a round trip and a
// commit, so at hundreds of renders a second one insert per event-loop turn cost more than the lookups);
// readers of usage flush first, and so does a graceful stop. A failed write is logged and dropped, never
// surfaced to the render that caused it.

/** How long an event may wait for its batch to be written. */
export const FLUSH_INTERVAL_MS = 250;
import type { Db } from "../db/database.js";
import type { RenderSource } from "../db/schema.js";
import { insertRenderEvents, type RenderEventRow } from "../db/usage.js";
import { uuidv7 } from "../ids.js";
import { errorFields, type Logger } from "../log.js";
import type { Metrics } from "../metrics/metrics.js";
import { nowIso } from "../time.js";

/** One render to record. */
export interface RenderEvent {
  readonly workspaceId: string;
  readonly templateId: string | null;
  readonly source: RenderSource;
  readonly pages: number;
  readonly bytes: number;
  readonly durationMs: number;
}

/** Queues render events and writes them in batches. */
export class Meter {
  private queue: RenderEventRow[] = [];
  private flushing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly metrics?: Metrics,
    private readonly intervalMs = FLUSH_INTERVAL_MS,
  ) {}

  /** Events recorded and not yet handed to the database. */
  get pending(): number {
    return this.queue.length;
  }

  /** Records a render (and its latency in the metrics); never throws. */
  record(event: RenderEvent): void {
    try {
      this.metrics?.renderDuration.observe({ source: event.source }, event.durationMs / 1000);
      const now = Date.now();
      this.queue.push({
        id: uuidv7(now),
        workspace_id: event.workspaceId,
        template_id: event.templateId,
        source: event.source,
        pages: event.pages,
        bytes: event.bytes,
        duration_ms: Math.round(event.durationMs * 100) / 100,
        created_at: nowIso(now),
      });
      if (this.timer === undefined) {
        this.timer = setTimeout(() => void this.flush(), this.intervalMs);
        // A pending batch must not keep a process alive on its own; a graceful stop flushes it explicitly.
        this.timer.unref();
      }
    } catch (err) {
      this.log.error("metering failed", errorFields(err));
    }
  }

  /** Writes everything queued so far (usage reads call this so they see every finished render). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.flushing) await this.flushing;
    if (this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    this.flushing = insertRenderEvents(this.db, batch)
      .catch((err: unknown) => this.log.error("metering write failed; events dropped", { count: batch.length, ...errorFields(err) }))
      .finally(() => (this.flushing = undefined));
    await this.flushing;
  }
}
