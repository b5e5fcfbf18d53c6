import type { Plan } from "../db/schema.js";

/** What a plan entitles a workspace to. */
export interface PlanLimits {
  /** Sustained render rate (token-bucket refill per second), shared by renders, batch submissions and AI revise. */
  readonly renderRatePerSecond: number;
  /** Bucket size: how many requests may arrive at once after a quiet spell. */
  readonly renderBurst: number;
  /** AI generations per calendar month; null is unlimited. */
  readonly aiGenerationsPerMonth: number | null;
  /** AI band refinements (refine-band) per UTC day; null is unlimited; absent: see refinesPerDay. */
  readonly aiRefinesPerDay?: number | null;
}

/** The plans and their entitlements. */
export type PlanTable = Readonly<Record<Plan, PlanLimits>>;

/** The plan names, in upgrade order. */
export const PLANS: readonly Plan[] = ["free", "pro", "enterprise"];

/** Default entitlements (see the README for the reasoning). */
export const DEFAULT_PLANS: PlanTable = {
  free: { renderRatePerSecond: 2, renderBurst: 30, aiGenerationsPerMonth: 25, aiRefinesPerDay: 50 },
  pro: { renderRatePerSecond: 25, renderBurst: 150, aiGenerationsPerMonth: 500, aiRefinesPerDay: 1000 },
  enterprise: { renderRatePerSecond: 500, renderBurst: 1000, aiGenerationsPerMonth: null, aiRefinesPerDay: null },
};

/** A plan's daily refine-band allowance: its own, else unlimited when its generations are, else 50. */
export function refinesPerDay(limits: PlanLimits): number | null {
  if (limits.aiRefinesPerDay !== undefined) return limits.aiRefinesPerDay;
  return limits.aiGenerationsPerMonth === null ? null : 50;
}
