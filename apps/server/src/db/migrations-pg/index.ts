// The PostgreSQL migration history: one twin per SQLite migration, under the same name. Kysely applies the twins
// of the SQLite list (db/migrate.ts), so both dialects always run the same history; a twin written ahead of
// its SQLite migration waits until that migration is registered.
import type { Migration } from "kysely";
import * as initial from "./2025-11-21T00-00-initial.js";
import * as batchVersions from "./2026-11-21T20-00-batch-versions.js";
import * as collab from "./2026-11-21T20-30-collab.js";
import * as basePdfs from "./2026-11-21T21-00-base-pdfs.js";
import * as batchInputs from "./2026-11-21T21-30-batch-inputs.js";
import * as unlimitedPlan from "./2026-11-23T12-00-unlimited-plan.js";
import * as batchRowDiagnostics from "./2026-11-23T12-10-batch-row-diagnostics.js";
import * as oauth from "./2026-11-23T15-00-oauth.js";
import * as editorMode from "./2026-11-23T15-30-editor-mode.js";
import * as blobs from "./2026-11-23T16-00-blobs.js";
import * as commentAnchors from "./2026-11-23T17-00-comment-anchors.js";
import * as batchRowPacks from "./2026-11-28T15-00-batch-row-packs.js";
import * as sampleData from "./2026-11-29T03-00-sample-data.js";
import * as certificates from "./2026-11-29T06-00-certificates.js";
import * as batchFormOptions from "./2026-11-29T06-00-batch-form-options.js";
import * as sharedState from "./2026-11-29T06-10-shared-state.js";
import * as batchProtect from "./2026-11-29T06-00-batch-protect.js";
import * as batchPdfStandards from "./2026-11-29T07-03-batch-pdf-standards.js";
import * as webhooks from "./2026-11-29T06-20-webhooks.js";
import * as loginBuckets from "./2026-11-29T06-30-login-buckets.js";
import * as blobChunks from "./2026-11-29T01-00-blob-chunks.js";

/** Every PostgreSQL migration by name. */
export const PG_MIGRATIONS: Readonly<Record<string, Migration>> = {
  "2025-11-21T00-00-initial": initial,
  "2026-11-21T20-00-batch-versions": batchVersions,
  "2026-11-21T20-30-collab": collab,
  "2026-11-21T21-00-base-pdfs": basePdfs,
  "2026-11-21T21-30-batch-inputs": batchInputs,
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
