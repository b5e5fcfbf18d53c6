// Frozen: the PostgreSQL twin of migrations/2026-11-23T12-00-unlimited-plan.ts: allows the `unlimited` plan.
// PostgreSQL changes a CHECK constraint in place (SQLite rebuilds the table from its stored definition with only
// the plan list changed, so the column's default stays; here too). `workspaces_plan_check` is the name
// PostgreSQL gave the column's unnamed CHECK in the initial migration.
import { sql, type Kysely } from "kysely";

/** Replaces the plan CHECK with `plan in ('free', 'pro', 'enterprise', 'unlimited')`. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("workspaces").dropConstraint("workspaces_plan_check").execute();
  await db.schema.alterTable("workspaces").addCheckConstraint("workspaces_plan_check", sql`plan in ('free', 'pro', 'enterprise', 'unlimited')`).execute();
}
