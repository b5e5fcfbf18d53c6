// `docsvc admin …`: plan administration from the command line, straight on the database in DATA_DIR, for an
// operator who has the machine but no administrator account (ADMIN_EMAILS) or wants to script it.
import { join } from "node:path";
import type { Config } from "./config.js";
import { openDatabase } from "./db/database.js";
import { migrateToLatest } from "./db/migrate.js";
import { listAllWorkspaces, setPlan } from "./db/workspaces.js";
import { DATABASE_FILE } from "./main.js";
import { ADMIN_USAGE } from "./admin-usage.js";
import { isPlan, PLANS, type PlanLimits } from "./services/plans.js";

export { ADMIN_USAGE };

/** What a command prints and its exit code. */
export interface AdminResult {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

const ok = (out: string): AdminResult => ({ code: 0, out, err: "" });
const fail = (code: number, err: string): AdminResult => ({ code, out: "", err });

function describeLimits(limits: PlanLimits): string {
  const renders = limits.renderRatePerSecond === null ? "renders: no rate limit" : `renders: ${limits.renderRatePerSecond}/s, burst ${limits.renderBurst}`;
  const ai = limits.aiGenerationsPerMonth === null ? "AI generations: unlimited" : `AI generations: ${limits.aiGenerationsPerMonth}/month`;
  return `${renders}; ${ai}`;
}

/** Runs `docsvc admin <args>` against the configured DATA_DIR. */
export async function admin(config: Config, args: readonly string[]): Promise<AdminResult> {
  const [command, ...rest] = args;
  if (command === "plans" && rest.length === 0) {
    const lines = PLANS.map((p) => `${p.padEnd(10)} ${describeLimits(config.plans[p])}${p === config.defaultPlan ? " (default for new workspaces)" : ""}`);
    return ok(`${lines.join("\n")}\n`);
  }
  if (command === "workspaces" && rest.length <= 1) {
    return withDb(config, async (db) => {
      const rows = await listAllWorkspaces(db, rest[0]?.trim(), 10_000);
      return ok(rows.map((w) => `${w.id}  ${w.plan.padEnd(10)} ${w.name}\n`).join(""));
    });
  }
  if (command === "plan" && (rest.length === 1 || rest.length === 2)) {
    const [workspaceId = "", plan] = rest;
    if (plan !== undefined && !isPlan(plan)) return fail(2, `plan must be one of ${PLANS.join(", ")}; got '${plan}'.\n`);
    return withDb(config, async (db) => {
      if (plan !== undefined && !(await setPlan(db, workspaceId, plan))) return fail(1, `no workspace with id '${workspaceId}'.\n`);
      const row = (await listAllWorkspaces(db, workspaceId, 50)).find((w) => w.id === workspaceId);
      if (row === undefined) return fail(1, `no workspace with id '${workspaceId}'.\n`);
      return ok(`${row.id}  ${row.plan.padEnd(10)} ${row.name}\n`);
    });
  }
  return fail(2, `Usage:\n${ADMIN_USAGE}`);
}

async function withDb(config: Config, run: (db: ReturnType<typeof openDatabase>) => Promise<AdminResult>): Promise<AdminResult> {
  const db = openDatabase(join(config.dataDir, DATABASE_FILE));
  try {
    // The same migrations as `serve`: the command may run before the server ever started on this DATA_DIR.
    await migrateToLatest(db);
    return await run(db);
  } finally {
    await db.destroy();
  }
}
