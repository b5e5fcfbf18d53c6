import * as v from "valibot";
import type { Plan } from "../db/schema.js";

/** What a plan entitles a workspace to. */
export interface PlanLimits {
  /**
   * Sustained render rate (token-bucket refill per second), shared by renders, batch submissions and AI revise;
   * null: no render rate limit (the machine's own capacity is the limit).
   */
  readonly renderRatePerSecond: number | null;
  /** Bucket size: how many requests may arrive at once after a quiet spell (unused without a rate). */
  readonly renderBurst: number;
  /** AI generations per calendar month; null is unlimited. */
  readonly aiGenerationsPerMonth: number | null;
  /** AI band refinements (refine-band) per UTC day; null is unlimited; absent: see refinesPerDay. */
  readonly aiRefinesPerDay?: number | null;
}

/** The plans and their entitlements. */
export type PlanTable = Readonly<Record<Plan, PlanLimits>>;

/** The plan names, in upgrade order. */
export const PLANS = ["free", "pro", "enterprise", "unlimited"] as const satisfies readonly Plan[];

/** The plan of new workspaces when DEFAULT_PLAN is unset: a self-hoster's own machine is not throttled. */
export const DEFAULT_PLAN: Plan = "unlimited";

/**
 * Default entitlements (see the README for the reasoning). `unlimited` is for a self-hosted install serving its
 * own team: no render rate limit, and no AI quota because the AI provider key is the operator's own.
 */
export const DEFAULT_PLANS: PlanTable = {
  free: { renderRatePerSecond: 2, renderBurst: 30, aiGenerationsPerMonth: 25, aiRefinesPerDay: 50 },
  pro: { renderRatePerSecond: 25, renderBurst: 150, aiGenerationsPerMonth: 500, aiRefinesPerDay: 1000 },
  enterprise: { renderRatePerSecond: 500, renderBurst: 1000, aiGenerationsPerMonth: null, aiRefinesPerDay: null },
  unlimited: { renderRatePerSecond: null, renderBurst: 1, aiGenerationsPerMonth: null, aiRefinesPerDay: null },
};

/** True when the string names a plan. */
export function isPlan(name: string): name is Plan {
  return (PLANS as readonly string[]).includes(name);
}

const PlanEntry = v.pipe(
  v.strictObject(
    {
      renderRatePerSecond: v.nullable(v.pipe(v.number("must be a number or null"), v.finite("must be finite"), v.gtValue(0, "must be greater than 0"))),
      renderBurst: v.optional(v.pipe(v.number("must be a number"), v.integer("must be an integer"), v.minValue(1, "must be at least 1"))),
      aiGenerationsPerMonth: v.nullable(v.pipe(v.number("must be a number or null"), v.integer("must be an integer"), v.minValue(0, "must be at least 0"))),
      aiRefinesPerDay: v.optional(v.nullable(v.pipe(v.number("must be a number or null"), v.integer("must be an integer"), v.minValue(0, "must be at least 0")))),
    },
    // One message function for both object issues: a missing required field, or a field the shape does not know.
    (issue) => (issue.expected === "never" ? "is not a known field (renderRatePerSecond, renderBurst, aiGenerationsPerMonth, aiRefinesPerDay)" : "is required"),
  ),
  v.forward(
    v.check((p) => p.renderRatePerSecond === null || p.renderBurst !== undefined, "is required when renderRatePerSecond is a number"),
    ["renderBurst"],
  ),
);

const PlansFile = v.pipe(
  // Not v.record first: it would accept an array as an object with keys "0", "1", …
  v.custom<Record<string, unknown>>((o) => typeof o === "object" && o !== null && !Array.isArray(o), "must be a JSON object of plan names"),
  v.check(
    (o) => Object.keys(o).every(isPlan),
    (issue) => `plan names must be among ${PLANS.join(", ")}; got '${Object.keys(issue.input).find((k) => !isPlan(k))}'`,
  ),
  v.record(v.string(), PlanEntry),
);

/** Where a plans file is wrong: a JSON path (`pro.renderBurst`, or empty for the whole file) and why. */
export interface PlanFileProblem {
  readonly field: string;
  readonly message: string;
}

/**
 * Reads a plans file's parsed JSON: each plan it names replaces that plan's default entitlements; plans it does
 * not name keep theirs.
 */
export function parsePlanTable(input: unknown): { ok: true; plans: PlanTable } | { ok: false; problem: PlanFileProblem } {
  const result = v.safeParse(PlansFile, input);
  if (!result.success) {
    const issue = result.issues[0];
    return { ok: false, problem: { field: v.getDotPath(issue) ?? "", message: issue.message } };
  }
  const plans: Record<Plan, PlanLimits> = { ...DEFAULT_PLANS };
  for (const [name, entry] of Object.entries(result.output)) {
    plans[name as Plan] = {
      renderRatePerSecond: entry.renderRatePerSecond,
      renderBurst: entry.renderBurst ?? 1,
      aiGenerationsPerMonth: entry.aiGenerationsPerMonth,
      ...(entry.aiRefinesPerDay !== undefined ? { aiRefinesPerDay: entry.aiRefinesPerDay } : {}),
    };
  }
  return { ok: true, plans };
}

/** A plan's daily refine-band allowance: its own, else unlimited when its generations are, else 50. */
export function refinesPerDay(limits: PlanLimits): number | null {
  if (limits.aiRefinesPerDay !== undefined) return limits.aiRefinesPerDay;
  return limits.aiGenerationsPerMonth === null ? null : 50;
}
