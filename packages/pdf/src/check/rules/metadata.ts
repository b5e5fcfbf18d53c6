// Metadata (ISO 19005-2 6.6): an XMP packet in the catalog, the PDF/A identification in it matching the level
// checked, and the Info dictionary's entries equal to their XMP counterparts.
import { finding, type CheckContext, type CheckFinding } from "../context.js";
import { dateInstant } from "../xmp-read.js";

export function metadataRules(ctx: CheckContext): CheckFinding[] {
  const archive = ctx.archive;
  if (archive === undefined) return [];
  const { standard, level } = archive;
  const { model, xmp } = ctx;
  if (xmp === undefined) {
    const present = model.catalog["/Metadata"] !== undefined;
    return [finding(standard, "6.6.2.1-1", present ? "the catalog's /Metadata stream is not an XMP packet" : "the catalog must hold a /Metadata stream with an XMP packet")];
  }
  const out: CheckFinding[] = [];
  const part = xmp.get("pdfaid:part");
  if (part !== String(level.part)) out.push(finding(standard, "6.6.4-1", `XMP pdfaid:part must be ${level.part} (found ${part === undefined ? "none" : `"${part}"`})`));
  const conformance = xmp.get("pdfaid:conformance");
  if (conformance !== level.conformance) out.push(finding(standard, "6.6.4-2", `XMP pdfaid:conformance must be ${level.conformance} (found ${conformance === undefined ? "none" : `"${conformance}"`})`));

  // Info ↔ XMP: a reader may show either; PDF/A requires them to say the same (pairs as in ISO 19005 and XMP).
  const info = model.dict(model.trailer["/Info"]) ?? {};
  const texts: [string, string | undefined][] = [
    ["/Title", xmp.first("dc:title")],
    ["/Author", xmp.first("dc:creator")],
    ["/Subject", xmp.first("dc:description")],
    ["/Producer", xmp.get("pdf:Producer")],
    ["/Creator", xmp.get("xmp:CreatorTool")],
    ["/Keywords", xmp.get("pdf:Keywords")],
  ];
  const mismatches: string[] = [];
  for (const [key, xmpValue] of texts) {
    const value = model.text(info[key]);
    if (value !== undefined && value !== xmpValue) mismatches.push(`${key.slice(1)} "${value}" vs XMP ${xmpValue === undefined ? "(none)" : `"${xmpValue}"`}`);
  }
  const dates: [string, string][] = [["/CreationDate", "xmp:CreateDate"], ["/ModDate", "xmp:ModifyDate"]];
  for (const [key, property] of dates) {
    const value = model.text(info[key]);
    if (value === undefined) continue;
    const xmpValue = xmp.get(property);
    if (dateInstant(value) !== dateInstant(xmpValue)) mismatches.push(`${key.slice(1)} ${value} vs XMP ${property} ${xmpValue ?? "(none)"}`);
  }
  if (mismatches.length > 0) out.push(finding(standard, "6.6.2.1-2", `the Info dictionary and the XMP packet disagree: ${mismatches.join("; ")}`));
  return out;
}
