// Annotations, forms and actions (ISO 19005-2 6.3–6.5): known types only, printed and visible, each with a
// normal appearance and nothing else; forms that do not ask the reader to make appearances; no actions that
// run code or reach outside the file.
import { finding, type CheckContext, type CheckFinding } from "../context.js";

const FORBIDDEN_ANNOTS = new Set(["3D", "Sound", "Screen", "Movie"]);
const FORBIDDEN_ACTIONS = new Set(["Launch", "Sound", "Movie", "ResetForm", "ImportData", "Hide", "SetOCGState", "Rendition", "Trans", "GoTo3DView", "JavaScript"]);

const PRINT = 4;
const HIDDEN_FLAGS = 1 | 2 | 32 | 256; // Invisible, Hidden, NoView, ToggleNoView

export function annotationRules(ctx: CheckContext): CheckFinding[] {
  const archive = ctx.archive;
  if (archive === undefined) return [];
  const { model } = ctx;
  const bad = { type: [] as string[], noFlags: [] as string[], flags: [] as string[], noAppearance: [] as string[], appearanceKeys: [] as string[], actions: [] as string[] };
  for (const [ref, dict] of model.allDicts()) {
    const subtype = model.name(dict["/Subtype"]);
    const isAnnot = model.name(dict["/Type"]) === "Annot" || (dict["/Rect"] !== undefined && subtype !== undefined && dict["/Type"] === undefined && dict["/P"] !== undefined);
    if (isAnnot && subtype !== undefined) {
      if (FORBIDDEN_ANNOTS.has(subtype)) bad.type.push(ref);
      if (subtype !== "Popup") {
        const flags = model.number(dict["/F"]);
        if (flags === undefined) bad.noFlags.push(ref);
        else if ((flags & PRINT) === 0 || (flags & HIDDEN_FLAGS) !== 0) bad.flags.push(ref);
      }
      const rect = model.array(dict["/Rect"])?.map((n) => model.number(n) ?? 0) ?? [0, 0, 0, 0];
      const zero = rect[0] === rect[2] && rect[1] === rect[3];
      const appearance = model.dict(dict["/AP"]);
      if (appearance === undefined) {
        if (subtype !== "Popup" && !zero) bad.noAppearance.push(ref);
      } else if (Object.keys(appearance).some((key) => key !== "/N")) bad.appearanceKeys.push(ref);
    }
    const action = model.name(dict["/S"]);
    if (action !== undefined && FORBIDDEN_ACTIONS.has(action) && (model.name(dict["/Type"]) === "Action" || dict["/Type"] === undefined)) bad.actions.push(ref);
  }
  const { standard } = archive;
  const out: CheckFinding[] = [];
  if (bad.type.length > 0) out.push(finding(standard, "6.3.1-1", "3D, Sound, Screen and Movie annotations are not allowed", bad.type));
  if (bad.noFlags.length > 0) out.push(finding(standard, "6.3.2-1", "annotations (but Popup) must have flags (/F)", bad.noFlags));
  if (bad.flags.length > 0) out.push(finding(standard, "6.3.2-2", "annotations must be printed (Print flag) and never hidden (Hidden, Invisible, NoView, ToggleNoView clear)", bad.flags));
  if (bad.noAppearance.length > 0) out.push(finding(standard, "6.3.3-1", "annotations (but Popup and zero-size ones) must have an appearance dictionary (/AP)", bad.noAppearance));
  if (bad.appearanceKeys.length > 0) out.push(finding(standard, "6.3.3-2", "an annotation's appearance dictionary may hold the normal appearance (/N) only", bad.appearanceKeys));
  const form = model.dict(model.catalog["/AcroForm"]);
  if (form !== undefined && model.resolve(form["/NeedAppearances"]) === true) out.push(finding(standard, "6.4.1-3", "the interactive form must not set /NeedAppearances true (fields bring their own appearances)"));
  if (bad.actions.length > 0) out.push(finding(standard, "6.5.1-1", `actions of these types are not allowed: ${[...FORBIDDEN_ACTIONS].join(", ")}`, bad.actions));
  return out;
}
