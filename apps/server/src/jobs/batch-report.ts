// A batch job's per-row report: the same JSON whether it ships inside the ZIP (report.json) or is read through
// GET …/jobs/{jobId}/report (the only way to see it for merged output, which is one PDF).
import type { BatchRowResult } from "../db/batch.js";

/** Per-row outcomes of a batch job (0-based indexes). */
export interface BatchReport {
  readonly jobId: string;
  readonly total: number;
  readonly completed: number;
  readonly failed: number;
  readonly failures: readonly { readonly index: number; readonly reason: string | null }[];
  readonly emailsNotSent: readonly { readonly index: number; readonly reason: string | null }[];
  /** Every row whose render reported content problems (failed rows too), with the problems. */
  readonly diagnostics: readonly { readonly index: number; readonly diagnostics: unknown }[];
}

/** Builds the report from the rows recorded so far. */
export function batchReport(jobId: string, total: number, results: readonly BatchRowResult[]): BatchReport {
  return {
    jobId,
    total,
    completed: results.filter((r) => r.ok === 1).length,
    failed: results.filter((r) => r.ok === 0).length,
    failures: results.filter((r) => r.ok === 0).map((r) => ({ index: r.idx, reason: r.reason })),
    emailsNotSent: results.filter((r) => r.email_note !== null).map((r) => ({ index: r.idx, reason: r.email_note })),
    diagnostics: results.filter((r) => r.diagnostics !== null).map((r) => ({ index: r.idx, diagnostics: JSON.parse(r.diagnostics as string) as unknown })),
  };
}
