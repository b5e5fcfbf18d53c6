// AI quotas: the plan's monthly generations (402 before any stream opens) and refine-band's daily limit.
// A credit is a render event with source `ai`, so GET /api/usage counts it; credits of runs still in
// flight are held here so that parallel requests cannot overdraw the month.
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

/** Monthly generation quota and daily refine counts per workspace. */
export class AiQuota {
  private readonly held = new Map<string, number>();
  private readonly refines = new Map<string, { day: number; count: number }>();

  constructor(private readonly deps: ServiceDeps, private readonly clock: () => number = Date.now) {}

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
  takeRefine(principal: Principal): void {
    const limit = refinesPerDay(this.deps.plans[principal.plan]);
    const now = this.clock();
    const day = Math.floor(now / DAY);
    const entry = this.refines.get(principal.workspaceId);
    const count = entry !== undefined && entry.day === day ? entry.count : 0;
    if (limit !== null && count >= limit) {
      throw new TooManyRequestsError(`This workspace has used its ${limit} band refinements for today (UTC).`, ((day + 1) * DAY - now) / 1000);
    }
    this.refines.set(principal.workspaceId, { day, count: count + 1 });
  }
}
