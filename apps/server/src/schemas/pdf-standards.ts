// The `pdfStandards` render option, one field for every render body: the PDF/A level and/or PDF/UA-1 the PDF
// declares and follows, checked by @docsvc/pdf's own rules so the 400 says what is wrong.
import { PDF_STANDARDS, pdfStandardsProblem, standardsWithProtectProblem, type PdfStandard } from "@docsvc/pdf";
import * as v from "valibot";
import { ValidationError } from "../errors.js";

export const PdfStandardsField = v.optional(
  v.pipe(
    v.array(v.picklist(PDF_STANDARDS, `pdfStandards may hold only ${PDF_STANDARDS.join(", ")}.`), `pdfStandards must be an array of ${PDF_STANDARDS.join(", ")}.`),
    v.check((value) => pdfStandardsProblem(value) === undefined, (issue) => pdfStandardsProblem(issue.input) ?? "pdfStandards is invalid."),
    v.description(`Standards the PDF declares and follows (docs/archiving.md): at most one PDF/A level (a-2b, a-2u, a-3b, a-3u: XMP metadata, an sRGB output intent, every font embedded with ToUnicode, a file identifier) and/or ua-1 (PDF/UA-1 identification, title displayed). Default: the template's own pdfStandards key, else none. A PDF/A level cannot be combined with protect (400, rule 6.1.3); content that cannot conform (a character with no glyph, a glyph with no Unicode value under u) is a 400 naming the rule. Example: ["a-3u", "ua-1"].`),
  ),
);

/** The 400 for a body that asks for a PDF/A level and for encryption (PDF/A forbids it); nothing otherwise. */
export function checkStandardsWithProtect(pdfStandards: readonly PdfStandard[] | undefined, protect: unknown): void {
  const problem = standardsWithProtectProblem(pdfStandards, protect);
  if (problem !== undefined) throw ValidationError.field("pdfStandards", problem);
}
