// Usage reports: the current calendar month (UTC) and the last 30 days.
import type { Principal } from "../auth/principal.js";
import type { Plan } from "../db/schema.js";
import { usageByDay, usageTotals, type UsageTotalsRow } from "../db/usage.js";
import { DAY } from "../time.js";
import type { ServiceDeps } from "./deps.js";

/** Render counts by source. */
export interface RenderCounts {
  readonly total: number;
  readonly api: number;
  readonly preview: number;
  readonly ai: number;
}

/** `GET /api/usage`. */
export interface UsageView {
  readonly periodStart: string;
  readonly periodEnd: string;
  readonly plan: Plan;
  readonly renders: RenderCounts;
  readonly pages: number;
  readonly aiGenerations: { readonly used: number; readonly limit: number | null };
}

/** One day of `GET /api/usage/daily`. */
export interface DailyUsageEntry {
  /** `YYYY-MM-DD` (UTC). */
  readonly date: string;
  readonly renders: RenderCounts;
  readonly pages: number;
}

/** `GET /api/usage/daily`. */
export interface DailyUsageView {
  readonly periodStart: string;
  readonly periodEnd: string;
  readonly days: readonly DailyUsageEntry[];
}

function counts(rows: readonly UsageTotalsRow[]): { renders: RenderCounts; pages: number } {
  const by = (source: string) => rows.filter((r) => r.source === source).reduce((n, r) => n + r.renders, 0);
  const api = by("api");
  const preview = by("preview");
  const ai = by("ai");
  return { renders: { total: api + preview + ai, api, preview, ai }, pages: rows.reduce((n, r) => n + r.pages, 0) };
}

/** The workspace's usage in the current UTC calendar month. */
export async function monthUsage(deps: ServiceDeps, principal: Principal, now = new Date()): Promise<UsageView> {
  await deps.meter.flush();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const { renders, pages } = counts(await usageTotals(deps.db, principal.workspaceId, start.toISOString(), end.toISOString()));
  return {
    periodStart: start.toISOString(),
    periodEnd: end.toISOString(),
    plan: principal.plan,
    renders,
    pages,
    aiGenerations: { used: renders.ai, limit: deps.plans[principal.plan].aiGenerationsPerMonth },
  };
}

/** The workspace's usage per UTC day for the last 30 days (today included), oldest first, zero-filled. */
export async function dailyUsage(deps: ServiceDeps, principal: Principal, now = new Date()): Promise<DailyUsageView> {
  await deps.meter.flush();
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  const start = new Date(end.getTime() - 30 * DAY);
  const rows = await usageByDay(deps.db, principal.workspaceId, start.toISOString(), end.toISOString());
  const days: DailyUsageEntry[] = [];
  for (let t = start.getTime(); t < end.getTime(); t += DAY) {
    const date = new Date(t).toISOString().slice(0, 10);
    days.push({ date, ...counts(rows.filter((r) => r.day === date)) });
  }
  return { periodStart: start.toISOString(), periodEnd: end.toISOString(), days };
}
