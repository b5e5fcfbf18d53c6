// PDF/UA-1 (ISO 14289-1), the rules that read the file's catalog and structure tree: identification, title
// and its display, tagged and marked, the language, figures' alternative text, tables' header cells, links in
// the structure. Rule ids in veraPDF's PDF/UA-1 style (clause-test).
import { finding, type CheckContext, type CheckFinding } from "../context.js";
import type { Dict } from "../model.js";

/** Upper bound of structure elements visited (a hostile tree may be huge or cyclic). */
const MAX_ELEMENTS = 200_000;

export function uaRules(ctx: CheckContext): CheckFinding[] {
  if (!ctx.ua) return [];
  const { model, xmp } = ctx;
  const catalog = model.catalog;
  const out: CheckFinding[] = [];
  const fail = (rule: string, message: string, objects?: readonly string[]): void => void out.push(finding("ua-1", rule, message, objects));

  if (xmp?.get("pdfuaid:part") !== "1") fail("5-1", "the XMP metadata must identify PDF/UA (pdfuaid:part 1)");
  if (catalog["/Metadata"] === undefined) fail("7.1-8", "the catalog must hold a /Metadata stream");
  const title = xmp?.first("dc:title");
  if (title === undefined || title.trim() === "") fail("7.1-9", "the XMP metadata must hold a title (dc:title)");
  if (model.resolve(model.dict(catalog["/ViewerPreferences"])?.["/DisplayDocTitle"]) !== true) fail("7.1-10", "/ViewerPreferences must set /DisplayDocTitle true (viewers show the title, not the file name)");
  if (model.resolve(model.dict(catalog["/MarkInfo"])?.["/Marked"]) !== true) fail("7.1-11", "the catalog must hold /MarkInfo with /Marked true (a tagged PDF)");
  const lang = model.text(catalog["/Lang"]);
  if (lang === undefined || lang.trim() === "") fail("7.2-34", "the catalog must give the document's natural language (/Lang)");

  const root = model.dict(catalog["/StructTreeRoot"]);
  if (root === undefined) {
    fail("7.1-12", "the catalog must hold a structure tree (/StructTreeRoot): the content is not tagged");
  } else {
    const roles = model.dict(root["/RoleMap"]) ?? {};
    const role = (element: Dict): string | undefined => {
      let type = model.name(element["/S"]);
      // Custom types map to standard ones through the role map (a few hops at most).
      for (let hop = 0; hop < 8 && type !== undefined && roles[`/${type}`] !== undefined; hop++) type = model.name(roles[`/${type}`]);
      return type;
    };
    const figures: string[] = [];
    const tables: string[] = [];
    let visited = 0;
    const seen = new Set<unknown>();
    // Walks the tree: each element's role, and for tables whether a TH is below.
    const walk = (node: unknown, ref: string): boolean => {
      if (seen.has(node) || ++visited > MAX_ELEMENTS) return false;
      seen.add(node);
      const element = model.dict(node);
      if (element === undefined || element["/S"] === undefined) return false;
      const type = role(element);
      if (type === "Figure" && model.text(element["/Alt"]) === undefined && model.text(element["/ActualText"]) === undefined) figures.push(ref);
      let header = type === "TH";
      const kids = element["/K"];
      for (const kid of model.array(kids) ?? [kids]) if (typeof kid === "string" || (kid !== null && typeof kid === "object")) header = walk(kid, typeof kid === "string" ? kid : ref) || header;
      if (type === "Table" && !header) tables.push(ref);
      return header;
    };
    const top = root["/K"];
    for (const kid of model.array(top) ?? [top]) if (kid !== undefined) walk(kid, typeof kid === "string" ? kid : "StructTreeRoot");
    if (figures.length > 0) fail("7.3-1", "Figure structure elements must have alternative text (/Alt)", figures);
    if (tables.length > 0) fail("7.5-1", "tables must mark their header cells (TH)", tables);
  }

  // Link annotations must be in the structure tree (under a Link element, through /StructParent).
  const untagged: string[] = [];
  for (const [ref, dict] of model.dicts()) {
    if (model.name(dict["/Subtype"]) === "Link" && dict["/Rect"] !== undefined && dict["/StructParent"] === undefined) untagged.push(ref);
  }
  if (untagged.length > 0) fail("7.18.5-1", "link annotations must be tagged (a Link structure element, /StructParent)", untagged);
  return out;
}
