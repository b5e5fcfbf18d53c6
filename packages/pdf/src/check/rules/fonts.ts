// Fonts (ISO 19005-2 6.2.11): every font used for rendering has its program embedded; for level u, every such
// font maps its codes to Unicode. "Used" = named in a resource dictionary (of a page, form XObject, appearance
// stream, pattern, Type 3 font): fonts only in an interactive form's /DR (for a viewer that regenerates field
// appearances, which PDF/A fields carry already) are not rendered.
import { finding, type CheckContext, type CheckFinding } from "../context.js";
import type { Dict } from "../model.js";

const STANDARD_ENCODINGS = new Set(["WinAnsiEncoding", "MacRomanEncoding", "StandardEncoding", "MacExpertEncoding"]);

export function fontRules(ctx: CheckContext): CheckFinding[] {
  const archive = ctx.archive;
  if (archive === undefined) return [];
  const { model } = ctx;
  const unembedded: string[] = [];
  const unmapped: string[] = [];
  const embedded = (font: Dict): boolean => {
    const descriptor = model.dict(font["/FontDescriptor"]);
    return descriptor !== undefined && ["/FontFile", "/FontFile2", "/FontFile3"].some((key) => model.isStream(descriptor[key]));
  };
  const used = usedFonts(ctx);
  for (const [ref, dict] of model.dicts()) {
    if (model.name(dict["/Type"]) !== "Font" || !used.has(ref)) continue;
    const subtype = model.name(dict["/Subtype"]);
    // Type 3 glyphs are content streams; CID fonts are checked through their Type 0 parent.
    if (subtype === "Type3" || subtype === "CIDFontType0" || subtype === "CIDFontType2") continue;
    const name = model.name(dict["/BaseFont"]) ?? ref;
    if (subtype === "Type0") {
      const descendant = model.dict(model.array(dict["/DescendantFonts"])?.[0]);
      if (descendant === undefined || !embedded(descendant)) unembedded.push(`${name} (${ref})`);
      if (dict["/ToUnicode"] === undefined) {
        // Identity or unknown CMaps say nothing of Unicode; the Adobe character collections do.
        const ordering = model.text(model.dict(descendant?.["/CIDSystemInfo"])?.["/Ordering"]);
        if (!["GB1", "CNS1", "Japan1", "Korea1"].includes(ordering ?? "")) unmapped.push(`${name} (${ref})`);
      }
      continue;
    }
    if (!embedded(dict)) unembedded.push(`${name} (${ref})`);
    if (dict["/ToUnicode"] === undefined) {
      const encoding = model.name(dict["/Encoding"]) ?? model.name(model.dict(dict["/Encoding"])?.["/BaseEncoding"]);
      const symbolic = ((model.number(model.dict(dict["/FontDescriptor"])?.["/Flags"]) ?? 0) & 4) !== 0;
      if (encoding === undefined || !STANDARD_ENCODINGS.has(encoding) || symbolic) unmapped.push(`${name} (${ref})`);
    }
  }
  const out: CheckFinding[] = [];
  if (unembedded.length > 0) out.push(finding(archive.standard, "6.2.11.4.1-1", `font programs must be embedded; not embedded: ${unembedded.slice(0, 5).join(", ")}${unembedded.length > 5 ? "…" : ""}`, unembedded.map((f) => f.slice(f.lastIndexOf("(") + 1, -1))));
  if (archive.level.conformance === "U" && unmapped.length > 0) out.push(finding(archive.standard, "6.2.11.7.2-1", `level u needs a Unicode value for every glyph; fonts with no ToUnicode CMap: ${unmapped.slice(0, 5).join(", ")}${unmapped.length > 5 ? "…" : ""}`, unmapped.map((f) => f.slice(f.lastIndexOf("(") + 1, -1))));
  return out;
}

/** The fonts named in resource dictionaries (indirect ones, and those inside an object's /Resources). */
function usedFonts(ctx: CheckContext): Set<string> {
  const { model } = ctx;
  const formResources = model.dict(model.catalog["/AcroForm"])?.["/DR"];
  const used = new Set<string>();
  const add = (resources: unknown): void => {
    const fonts = model.dict(model.dict(resources)?.["/Font"]);
    for (const font of Object.values(fonts ?? {})) if (typeof font === "string") used.add(font);
  };
  for (const [ref, dict] of model.dicts()) {
    if (dict["/Font"] !== undefined && ref !== formResources) add(ref);
    if (dict["/Resources"] !== undefined) add(dict["/Resources"]);
  }
  return used;
}
