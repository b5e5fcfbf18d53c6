// Checking a PDF against PDF/A and PDF/UA rules (docs/archiving.md): @docsvc/pdf's checkPdf, bounded by the
// configured limits (size, qpdf time and output, checks at once), its failures mapped to HTTP answers.
import { checkPdf, parsePdfStandards, QpdfError, type CheckReport, type PdfStandard } from "@docsvc/pdf";
import type { RequestLimits } from "../config-limits.js";
import { PayloadTooLargeError, ServiceUnavailableError, UnprocessableError, ValidationError } from "../errors.js";

/** `?standards=a-3b,ua-1` read (400 naming the problem), or undefined when absent or empty. */
export function standardsQuery(raw: string | undefined): PdfStandard[] | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  try {
    return parsePdfStandards(raw);
  } catch (error) {
    throw ValidationError.field("standards", (error as Error).message.replace(/^pdfStandards/, "standards"));
  }
}

/** The check's answer: the standards, where they came from, the broken rules, and whether none failed. */
export interface CheckAnswer extends CheckReport {
  readonly passed: boolean;
}

let running = 0;

/** Checks `pdf`; 413 over the size limit, 503 when CHECK_PDF_CONCURRENCY checks already run, 422 when unreadable. */
export async function checkPdfFile(limits: Pick<RequestLimits, "checkPdfBytes" | "checkPdfTimeMs" | "checkPdfJsonMb" | "checkPdfConcurrency">, pdf: Uint8Array, standards: readonly PdfStandard[] | undefined): Promise<CheckAnswer> {
  if (pdf.byteLength > limits.checkPdfBytes) throw new PayloadTooLargeError(limits.checkPdfBytes);
  if (pdf.byteLength === 0) throw ValidationError.field("body", "The body must be the PDF's bytes (Content-Type: application/pdf).");
  if (running >= limits.checkPdfConcurrency) throw new ServiceUnavailableError("Too many PDF checks are running; retry after the number of seconds in Retry-After.", 2);
  running++;
  try {
    const report = await checkPdf(pdf, { ...(standards !== undefined ? { standards } : {}), timeoutMs: limits.checkPdfTimeMs, maxJsonBytes: limits.checkPdfJsonMb * 1024 * 1024 });
    return { ...report, passed: report.findings.length === 0 };
  } catch (error) {
    if (error instanceof QpdfError) {
      if (error.reason === "missing") throw new ServiceUnavailableError(`PDF checks need qpdf on the server: ${error.message}.`);
      throw new UnprocessableError(`The PDF cannot be checked: ${error.message}.`);
    }
    throw error;
  } finally {
    running--;
  }
}
