// AI quotas: the plan's monthly generations (402 before any stream opens) and refine-band's daily limit.
// A credit is a render event with source `ai`, so GET /api/usage counts it; credits of runs still in
// flight are held here so that parallel requests cannot overdraw the month.
// Where the state lives: the month's count is the database's (render events); the day's refine counts are in a
// RefineCounter shared by every instance (the database, or Redis with REDIS_URL), so they survive a restart and
// a second instance does not double the allowance. The held credits stay in this process's memory on purpose:
// a hold lasts only as long as the request that took it runs here, and must vanish with this process if it
// dies (a shared hold would need a lease and could strand the credit). Across instances the month can thus be
// overdrawn by at most the generations running at that moment on the other instances.
import type { Principal } from "../auth/principal.js";
import { QuotaExceededError, TooManyRequestsError } from "../errors.js";
import type { ServiceDeps } from "../services/deps.js";
import { refinesPerDay } from "../services/plans.js";
import { monthUsage } from "../services/usage.js";
import { DAY } from "../time.js";

/** A held credit: committed (metered) when the run changed something, else released. */
export interface Credit {
  commit(durationMs: number): void;
  release(): void;
}

/** Where refine-band calls are counted per workspace and UTC day. */
export interface RefineCounter {
  /** Counts one call on `day` (days since the epoch) unless `limit` are counted already; false when refused. */
  take(workspaceId: string, day: number, limit: number): Promise<boolean>;
}

/** Monthly generation quota and daily refine counts per workspace. */
export class AiQuota {
  private readonly held = new Map<string, number>();

  constructor(private readonly deps: ServiceDeps, private readonly refines: RefineCounter, private readonly clock: () => number = Date.now) {}

  /** Holds one generation credit or throws 402 when the month's allowance is used up. */
  async hold(principal: Principal): Promise<Credit> {
    const usage = await monthUsage(this.deps, principal, new Date(this.clock()));
    const limit = usage.aiGenerations.limit;
    const ws = principal.workspaceId;
    const held = this.held.get(ws) ?? 0;
    if (limit !== null && usage.aiGenerations.used + held >= limit) {
      throw new QuotaExceededError(`This workspace has used its ${limit} AI generations for this month (plan ${principal.plan}); the allowance renews on the 1st.`);
    }
    this.held.set(ws, held + 1);
    let open = true;
    const release = () => {
      if (!open) return;
      open = false;
      const left = (this.held.get(ws) ?? 1) - 1;
      if (left > 0) this.held.set(ws, left);
      else this.held.delete(ws);
    };
    return {
      commit: (durationMs) => {
        if (!open) return;
        this.deps.meter.record({ workspaceId: ws, templateId: null, source: "ai", pages: 0, bytes: 0, durationMs });
        release();
      },
      release,
    };
  }

  /** Counts one refine-band call against today's limit (UTC), or throws 429 until tomorrow. */
  async takeRefine(principal: Principal): Promise<void> {
    const limit = refinesPerDay(this.deps.plans[principal.plan]);
    // Unlimited: nothing to count, and nothing written.
    if (limit === null) return;
    const now = this.clock();
    const day = Math.floor(now / DAY);
    if (!(await this.refines.take(principal.workspaceId, day, limit))) {
      throw new TooManyRequestsError(`This workspace has used its ${limit} band refinements for today (UTC).`, ((day + 1) * DAY - now) / 1000);
    }
  }
}
