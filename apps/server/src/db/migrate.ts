import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from "kysely";
import { isPostgres } from "./dialect.js";
import * as initial from "./migrations/2025-11-21T00-00-initial.js";
import * as batchVersions from "./migrations/2026-11-21T20-00-batch-versions.js";
import * as basePdfs from "./migrations/2026-11-21T21-00-base-pdfs.js";
import * as batchInputs from "./migrations/2026-11-21T21-30-batch-inputs.js";
import * as collab from "./migrations/2026-11-21T20-30-collab.js";
import * as unlimitedPlan from "./migrations/2026-11-23T12-00-unlimited-plan.js";
import * as batchRowDiagnostics from "./migrations/2026-11-23T12-10-batch-row-diagnostics.js";
import * as oauth from "./migrations/2026-11-23T15-00-oauth.js";
import * as editorMode from "./migrations/2026-11-23T15-30-editor-mode.js";
import * as blobs from "./migrations/2026-11-23T16-00-blobs.js";
import * as commentAnchors from "./migrations/2026-11-23T17-00-comment-anchors.js";
import * as batchRowPacks from "./migrations/2026-11-28T15-00-batch-row-packs.js";
import * as sampleData from "./migrations/2026-11-29T03-00-sample-data.js";
import * as certificates from "./migrations/2026-11-29T06-00-certificates.js";
import * as batchFormOptions from "./migrations/2026-11-29T06-00-batch-form-options.js";
import * as sharedState from "./migrations/2026-11-29T06-10-shared-state.js";
import * as batchProtect from "./migrations/2026-11-29T06-00-batch-protect.js";
import * as batchPdfStandards from "./migrations/2026-11-29T07-03-batch-pdf-standards.js";
import * as webhooks from "./migrations/2026-11-29T06-20-webhooks.js";
import * as loginBuckets from "./migrations/2026-11-29T06-30-login-buckets.js";
import * as blobChunks from "./migrations/2026-11-29T01-00-blob-chunks.js";

// Listed statically (not read from a folder) so the compiled output and tsx runs see the same set.
// Names sort by their date prefix; Kysely applies them in that order.
/** Every migration by name (tests of a migration start from the schema before it). */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  "2025-11-21T00-00-initial": initial,
  "2026-11-21T20-00-batch-versions": batchVersions,
  "2026-11-21T21-00-base-pdfs": basePdfs,
  "2026-11-21T21-30-batch-inputs": batchInputs,
  "2026-11-21T20-30-collab": collab,
  "2026-11-23T12-00-unlimited-plan": unlimitedPlan,
  "2026-11-23T12-10-batch-row-diagnostics": batchRowDiagnostics,
  "2026-11-23T15-00-oauth": oauth,
  "2026-11-23T15-30-editor-mode": editorMode,
  "2026-11-23T16-00-blobs": blobs,
  "2026-11-23T17-00-comment-anchors": commentAnchors,
  "2026-11-28T15-00-batch-row-packs": batchRowPacks,
  "2026-11-29T03-00-sample-data": sampleData,
  "2026-11-29T06-00-certificates": certificates,
  "2026-11-29T06-00-batch-form-options": batchFormOptions,
  "2026-11-29T06-10-shared-state": sharedState,
  "2026-11-29T06-00-batch-protect": batchProtect,
  "2026-11-29T06-20-webhooks": webhooks,
  "2026-11-29T06-30-login-buckets": loginBuckets,
  "2026-11-29T01-00-blob-chunks": blobChunks,
  "2026-11-29T07-03-batch-pdf-standards": batchPdfStandards,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };
// The PostgreSQL twins load only for a PostgreSQL database (a SQLite instance never reads them).
const pgProvider: MigrationProvider = { getMigrations: async () => pgHistory((await import("./migrations-pg/index.js")).PG_MIGRATIONS) };

// The PostgreSQL twins of the SQLite history, same names; a missing twin is a programming error.
function pgHistory(PG_MIGRATIONS: Readonly<Record<string, Migration>>): Record<string, Migration> {
  return Object.fromEntries(
    Object.keys(MIGRATIONS).map((name) => {
      const twin = PG_MIGRATIONS[name];
      if (twin === undefined) throw new Error(`Migration ${name} has no PostgreSQL twin in db/migrations-pg`);
      return [name, twin];
    }),
  );
}

// allowUnorderedMigrations: branches developed side by side each add migrations named with a time of their own
// (2026-11-29T01-00-blob-chunks sorts before migrations merged earlier), so a database migrated before a merge
// applies the newcomers whatever their place in the order. Each migration touches only its own tables.
/**
 * Brings the schema up to date; throws when a migration fails. On PostgreSQL, Kysely holds an advisory lock
 * while migrating, so instances starting together migrate one after another.
 */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<void> {
  if (await upToDate(db)) return;
  const { error, results } = await new Migrator({ db, provider: isPostgres(db) ? pgProvider : provider, allowUnorderedMigrations: true }).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error !== undefined || failed !== undefined) {
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed`, { cause: error });
  }
}

// Kysely's Migrator introspects the schema, creates its tables if missing and takes its lock before it finds
// that nothing is pending, which is every start but the first after an upgrade. One query answers that case:
// every known migration recorded, and nothing else (a database migrated by a newer build is left to the
// Migrator, which reports it). A missing table (a new database) falls through to the Migrator too.
async function upToDate<T>(db: Kysely<T>): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const applied = new Set(rows.map((r) => r.name));
    return applied.size === Object.keys(MIGRATIONS).length && Object.keys(MIGRATIONS).every((name) => applied.has(name));
  } catch {
    return false;
  }
}
