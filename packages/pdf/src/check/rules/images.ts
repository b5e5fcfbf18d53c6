// Images (ISO 19005-2 6.2.8): no alternate images, no OPI, no interpolation. Soft masks (/SMask, the alpha
// channel of a PNG) are allowed in PDF/A-2 and A-3; their blending is the transparency family's business.
import { finding, type CheckContext, type CheckFinding } from "../context.js";

export function imageRules(ctx: CheckContext): CheckFinding[] {
  const archive = ctx.archive;
  if (archive === undefined) return [];
  const { model } = ctx;
  const alternates: string[] = [];
  const opi: string[] = [];
  const interpolated: string[] = [];
  for (const [ref, dict] of model.dicts()) {
    if (model.name(dict["/Subtype"]) !== "Image" && model.name(dict["/Subtype"]) !== "Form") continue;
    if (dict["/Alternates"] !== undefined) alternates.push(ref);
    if (dict["/OPI"] !== undefined) opi.push(ref);
    if (model.resolve(dict["/Interpolate"]) === true) interpolated.push(ref);
  }
  const out: CheckFinding[] = [];
  if (alternates.length > 0) out.push(finding(archive.standard, "6.2.8-1", "images must not have alternates (/Alternates)", alternates));
  if (opi.length > 0) out.push(finding(archive.standard, "6.2.8-2", "images and forms must not carry OPI references (/OPI)", opi));
  if (interpolated.length > 0) out.push(finding(archive.standard, "6.2.8-3", "images must not ask for interpolation (/Interpolate true)", interpolated));
  return out;
}
