// Embedded files (ISO 19005-2 6.8, ISO 19005-3 6.8): PDF/A-2 embeds only PDF/A files; PDF/A-3 embeds any file
// when it says what the file is (MIME /Subtype), how it relates to the document (/AFRelationship) and its name
// in both forms (/F, /UF), and the document or a part of it lists it in /AF.
import { finding, type CheckContext, type CheckFinding } from "../context.js";

export function embeddedFileRules(ctx: CheckContext): CheckFinding[] {
  const archive = ctx.archive;
  if (archive === undefined) return [];
  const { model } = ctx;
  const specs: { ref: string; dict: Readonly<Record<string, unknown>> }[] = [];
  const associated = new Set<unknown>();
  for (const [ref, dict] of model.dicts()) {
    if (dict["/EF"] !== undefined) specs.push({ ref, dict });
    for (const spec of model.array(dict["/AF"]) ?? []) associated.add(spec);
  }
  if (specs.length === 0) return [];
  const { standard } = archive;
  if (archive.level.part === 2) {
    return [finding(standard, "6.8-1", "PDF/A-2 may embed PDF/A files only, and this checker cannot verify an embedded file's conformance: use PDF/A-3 for other attachments", specs.map((s) => s.ref))];
  }
  const noMime: string[] = [];
  const noNames: string[] = [];
  const noRelation: string[] = [];
  const unlisted: string[] = [];
  for (const { ref, dict } of specs) {
    const stream = model.dict(model.dict(dict["/EF"])?.["/F"]);
    if (stream === undefined || model.name(stream["/Subtype"]) === undefined) noMime.push(ref);
    if (dict["/F"] === undefined || dict["/UF"] === undefined) noNames.push(ref);
    if (model.name(dict["/AFRelationship"]) === undefined) noRelation.push(ref);
    if (!associated.has(ref)) unlisted.push(ref);
  }
  const out: CheckFinding[] = [];
  if (noMime.length > 0) out.push(finding(standard, "6.8-2", "an embedded file stream must give its MIME type (/Subtype)", noMime));
  if (noNames.length > 0) out.push(finding(standard, "6.8-3", "an embedded file's specification must hold /F and /UF", noNames));
  if (noRelation.length > 0) out.push(finding(standard, "6.8-4", "an embedded file's specification must say how it relates to the document (/AFRelationship)", noRelation));
  if (unlisted.length > 0) out.push(finding(standard, "6.8-5", "an embedded file must be associated with the document or a part of it (/AF)", unlisted));
  return out;
}
