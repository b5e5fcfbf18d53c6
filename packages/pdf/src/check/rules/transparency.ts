// Transparency (ISO 19005-2 6.2.10; PDF/A-1 forbade it, A-2 and A-3 allow it): blending needs a defined colour
// space (the PDF/A output intent, or a page group's /CS), and only the standard blend modes.
import { finding, type CheckContext, type CheckFinding } from "../context.js";
import { pdfaIntent } from "./output-intent.js";

const BLEND_MODES = new Set(["Normal", "Compatible", "Multiply", "Screen", "Overlay", "Darken", "Lighten", "ColorDodge", "ColorBurn", "HardLight", "SoftLight", "Difference", "Exclusion", "Hue", "Saturation", "Color", "Luminosity"]);

export function transparencyRules(ctx: CheckContext): CheckFinding[] {
  const archive = ctx.archive;
  if (archive === undefined) return [];
  const { model } = ctx;
  const transparent: string[] = [];
  const badBlend: string[] = [];
  for (const [ref, dict] of model.allDicts()) {
    const ca = model.number(dict["/ca"]);
    const CA = model.number(dict["/CA"]);
    const smask = dict["/SMask"];
    if ((ca !== undefined && ca < 1) || (CA !== undefined && CA < 1) || (smask !== undefined && model.name(smask) !== "None")) transparent.push(ref);
    const group = model.dict(dict["/Group"]);
    if (group !== undefined && model.name(group["/S"]) === "Transparency") transparent.push(ref);
    const bm = dict["/BM"];
    const modes = model.array(bm)?.map((m) => model.name(m)) ?? [model.name(bm)];
    if (bm !== undefined && modes.some((mode) => mode === undefined || !BLEND_MODES.has(mode))) badBlend.push(ref);
  }
  const out: CheckFinding[] = [];
  if (transparent.length > 0 && pdfaIntent(ctx) === undefined) {
    const groupless = model.pages().filter(({ dict }) => model.dict(dict["/Group"])?.["/CS"] === undefined).map(({ ref }) => ref);
    if (groupless.length > 0) out.push(finding(archive.standard, "6.2.10-1", "the file uses transparency but has no PDF/A output intent, and these pages have no /Group with a /CS blending space", groupless));
  }
  if (badBlend.length > 0) out.push(finding(archive.standard, "6.2.10-2", "only the standard blend modes are allowed", badBlend));
  return out;
}
