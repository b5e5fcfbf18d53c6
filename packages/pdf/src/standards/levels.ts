import { DOCUMENT_PDF_STANDARDS } from "@docsvc/layout";

// The `pdfStandards` option: which ISO standards a render declares and follows. One PDF/A level at most (a file
// carries a single pdfaid identification), PDF/UA-1 on top of it or alone.

/** Every standard a render can ask for: PDF/A-2 and A-3 at levels b (visual) and u (plus Unicode text), PDF/UA-1. */
// The list is the document model's (a template's own default uses the same names).
export const PDF_STANDARDS = DOCUMENT_PDF_STANDARDS;

export type PdfStandard = (typeof PDF_STANDARDS)[number];

/** A PDF/A identification: `pdfaid:part` and `pdfaid:conformance`. */
export interface ArchiveLevel {
  readonly part: 2 | 3;
  readonly conformance: "B" | "U";
}

/** Thrown when a document cannot conform to a requested standard; `rule` is the clause it breaks (veraPDF style). */
export class StandardsError extends Error {
  constructor(
    readonly standard: PdfStandard,
    readonly rule: string,
    detail: string,
  ) {
    super(`${standardLabel(standard)} rule ${rule}: ${detail}`);
    this.name = "StandardsError";
  }
}

/** The standard's usual name: "PDF/A-3b", "PDF/UA-1". */
export function standardLabel(standard: PdfStandard): string {
  return standard === "ua-1" ? "PDF/UA-1" : `PDF/A-${standard.slice(2)}`;
}

/** Why `value` is not a valid `pdfStandards` list (a message naming the problem), or undefined when it is. */
export function pdfStandardsProblem(value: unknown): string | undefined {
  if (!Array.isArray(value)) return `pdfStandards must be an array of ${PDF_STANDARDS.join(", ")}.`;
  for (const item of value) {
    if (!(PDF_STANDARDS as readonly unknown[]).includes(item)) return `pdfStandards may hold only ${PDF_STANDARDS.join(", ")} (got ${JSON.stringify(item)}).`;
  }
  if (new Set(value).size !== value.length) return "pdfStandards lists a standard twice.";
  const archives = value.filter((item) => item !== "ua-1");
  if (archives.length > 1) return `pdfStandards may hold one PDF/A level only (got ${archives.join(", ")}): a file declares a single PDF/A part and conformance.`;
  return undefined;
}

/** Parses a comma-separated list (`a-3b,ua-1`, the CLI and query form) into standards; throws naming the problem. */
export function parsePdfStandards(text: string): PdfStandard[] {
  const list = text.split(",").map((item) => item.trim().toLowerCase()).filter((item) => item !== "");
  const problem = pdfStandardsProblem(list);
  if (problem !== undefined) throw new TypeError(problem);
  return list as PdfStandard[];
}

/** The PDF/A level among `standards`, if any. */
export function archiveLevel(standards: readonly PdfStandard[]): ArchiveLevel | undefined {
  const level = standards.find((standard) => standard !== "ua-1");
  if (level === undefined) return undefined;
  return { part: level[2] === "2" ? 2 : 3, conformance: level[3] === "u" ? "U" : "B" };
}

/** The PDF/A standard among `standards`, if any. */
export function archiveStandard(standards: readonly PdfStandard[]): PdfStandard | undefined {
  return standards.find((standard) => standard !== "ua-1");
}

/** The 400 when a render asks for a PDF/A level and for encryption: PDF/A forbids it (6.1.3). PDF/UA-1 allows encryption that leaves assistive technology its access, so `ua-1` alone is no problem. */
export function standardsWithProtectProblem(standards: readonly PdfStandard[] | undefined, protect: unknown): string | undefined {
  const archive = standards === undefined ? undefined : archiveStandard(standards);
  if (archive === undefined || protect === undefined || protect === null) return undefined;
  return `pdfStandards ${standardLabel(archive)} cannot be combined with protect: rule 6.1.3 forbids encryption (the trailer may not hold /Encrypt). Ask for one of them.`;
}
