// Render events (metering) and their aggregates.
import { sql } from "kysely";
import type { Db } from "./database.js";
import type { RenderEventsTable, RenderSource } from "./schema.js";

export type RenderEventRow = RenderEventsTable;

/** Inserts a batch of render events in one transaction. */
export async function insertRenderEvents(db: Db, rows: readonly RenderEventRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction().execute(async (trx) => {
    // SQLite caps bound parameters per statement; 100 rows × 8 columns stays far below it.
    for (let i = 0; i < rows.length; i += 100) {
      await trx.insertInto("render_events").values(rows.slice(i, i + 100)).execute();
    }
  });
}

/** Counts of one period, per source. */
export interface UsageTotalsRow {
  readonly source: RenderSource;
  readonly renders: number;
  readonly pages: number;
}

/** Renders and pages per source in [from, to). */
export async function usageTotals(db: Db, workspaceId: string, from: string, to: string): Promise<UsageTotalsRow[]> {
  const rows = await db
    .selectFrom("render_events")
    .select((eb) => ["source", eb.fn.countAll<number>().as("renders"), eb.fn.sum<number>("pages").as("pages")])
    .where("workspace_id", "=", workspaceId)
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .groupBy("source")
    .execute();
  return rows.map((r) => ({ source: r.source, renders: Number(r.renders), pages: Number(r.pages ?? 0) }));
}

/** Counts per UTC day and source. */
export interface DailyUsageRow extends UsageTotalsRow {
  /** `YYYY-MM-DD`. */
  readonly day: string;
}

/** Renders and pages per UTC day and source in [from, to). */
export async function usageByDay(db: Db, workspaceId: string, from: string, to: string): Promise<DailyUsageRow[]> {
  const day = sql<string>`substr(created_at, 1, 10)`;
  const rows = await db
    .selectFrom("render_events")
    .select((eb) => [day.as("day"), "source", eb.fn.countAll<number>().as("renders"), eb.fn.sum<number>("pages").as("pages")])
    .where("workspace_id", "=", workspaceId)
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .groupBy([day, "source"])
    .execute();
  return rows.map((r) => ({ day: r.day, source: r.source, renders: Number(r.renders), pages: Number(r.pages ?? 0) }));
}
