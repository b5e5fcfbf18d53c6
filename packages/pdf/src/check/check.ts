// check-pdf: which rules of the declared standards (or the ones asked for) a PDF breaks. Any PDF, not only
// ours: the objects come from qpdf (./qpdf.ts); the rule families are in ./rules/. A rule that this checker
// cannot decide (content stream operators, the full XMP and font program checks of veraPDF) is not reported:
// an empty list means "none of the rules checked here fails", not a certificate.
import { archiveLevel, archiveStandard, pdfStandardsProblem, type PdfStandard } from "../standards/levels.js";
import type { CheckContext, CheckFinding, RuleFamily } from "./context.js";
import { PdfModel } from "./model.js";
import { QpdfError, QpdfReader, type QpdfLimits } from "./qpdf.js";
import { annotationRules } from "./rules/annotations.js";
import { embeddedFileRules } from "./rules/embedded.js";
import { fileRules } from "./rules/file.js";
import { fontRules } from "./rules/fonts.js";
import { imageRules } from "./rules/images.js";
import { metadataRules } from "./rules/metadata.js";
import { outputIntentRules } from "./rules/output-intent.js";
import { transparencyRules } from "./rules/transparency.js";
import { uaRules } from "./rules/ua.js";
import { readXmp } from "./xmp-read.js";

export type { CheckFinding } from "./context.js";
export { QpdfError } from "./qpdf.js";

/** Options of one check. */
export interface CheckOptions extends Partial<QpdfLimits> {
  /** The standards to check against; default: the ones the file's XMP declares. */
  readonly standards?: readonly PdfStandard[];
}

/** The result: the standards checked, where they came from, and the rules broken (empty: none of ours fails). */
export interface CheckReport {
  readonly standards: readonly PdfStandard[];
  readonly source: "requested" | "declared";
  readonly findings: readonly CheckFinding[];
}

/** Defaults of the qpdf bounds (the server passes its configured limits). */
export const CHECK_DEFAULTS: QpdfLimits = { timeoutMs: 10_000, maxJsonBytes: 32 * 1024 * 1024 };

const FAMILIES: readonly RuleFamily[] = [fileRules, metadataRules, outputIntentRules, fontRules, imageRules, transparencyRules, annotationRules, embeddedFileRules, uaRules];

/** The standards an XMP packet declares (pdfaid part 2/3 with B/U; A levels map to U, the closest we check). */
function declared(xmp: ReturnType<typeof readXmp>): PdfStandard[] {
  if (xmp === undefined) return [];
  const out: PdfStandard[] = [];
  const part = xmp.get("pdfaid:part");
  const conformance = xmp.get("pdfaid:conformance")?.toLowerCase();
  if ((part === "2" || part === "3") && (conformance === "b" || conformance === "u" || conformance === "a")) {
    out.push(`a-${part}${conformance === "b" ? "b" : "u"}` as PdfStandard);
  }
  if (xmp.get("pdfuaid:part") === "1") out.push("ua-1");
  return out;
}

/** Checks `pdf` against `options.standards` or the standards it declares. Throws QpdfError when it cannot be read. */
export async function checkPdf(pdf: Uint8Array, options: CheckOptions = {}): Promise<CheckReport> {
  if (options.standards !== undefined) {
    const problem = pdfStandardsProblem(options.standards);
    if (problem !== undefined) throw new TypeError(problem);
  }
  const limits: QpdfLimits = { ...CHECK_DEFAULTS, ...options };
  const reader = await QpdfReader.open(pdf, limits);
  try {
    let model: PdfModel;
    try {
      model = new PdfModel(await reader.read());
    } catch (error) {
      // A file that needs a password to open: its encryption is the finding (it breaks every PDF/A level).
      if (error instanceof QpdfError && error.reason === "password") {
        const standards = options.standards ?? [];
        const archive = archiveStandard(standards);
        return { standards, source: "requested", findings: archive === undefined ? [] : [{ standard: archive, rule: "6.1.3-2", message: "the file must not be encrypted (it needs a password to open)" }] };
      }
      throw error;
    }
    const metadata = model.catalog["/Metadata"];
    const intentProfiles = (model.array(model.catalog["/OutputIntents"]) ?? []).map((intent) => model.dict(intent)?.["/DestOutputProfile"]).filter((ref): ref is string => typeof ref === "string");
    const wanted = [...(typeof metadata === "string" ? [metadata] : []), ...new Set(intentProfiles)];
    const streams = await reader.streams(wanted);
    const xmpBytes = typeof metadata === "string" ? streams.get(metadata) : undefined;
    const xmp = xmpBytes === undefined ? undefined : readXmp(xmpBytes);
    const standards = options.standards ?? declared(xmp);
    const archive = archiveStandard(standards);
    const level = archiveLevel(standards);
    const ctx: CheckContext = {
      model,
      head: pdf.subarray(0, 1024),
      ...(archive !== undefined && level !== undefined ? { archive: { standard: archive, level } } : {}),
      ua: standards.includes("ua-1"),
      ...(xmp !== undefined ? { xmp } : {}),
      profiles: new Map(intentProfiles.flatMap((ref) => (streams.has(ref) ? [[ref, streams.get(ref)!] as const] : []))),
    };
    return { standards, source: options.standards !== undefined ? "requested" : "declared", findings: FAMILIES.flatMap((family) => family(ctx)) };
  } finally {
    await reader.close();
  }
}
