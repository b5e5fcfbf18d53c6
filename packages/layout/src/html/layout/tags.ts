// What an HTML element is in a tagged PDF's structure: the natural mapping of its tag (h1–h6, p, lists, tables,
// figures and images with their alt, blockquote, sections), `aria-hidden="true"` and `role="presentation"`/`none`
// as artifacts. Elements with no meaning of their own (div, span, body) carry no tag: their content belongs to the
// nearest element that has one, except loose text, which reads as a paragraph (anonymousParagraph).
import type { FrameTag, StructRole } from "../../frame/types.js";
import type { HtmlElement } from "../dom.js";
import type { ComputedStyle } from "../style.js";

const ROLES: Readonly<Record<string, StructRole>> = {
  h1: "H1", h2: "H2", h3: "H3", h4: "H4", h5: "H5", h6: "H6",
  p: "P", blockquote: "BlockQuote", figcaption: "Caption", caption: "Caption",
  ul: "L", ol: "L", dl: "L", li: "LI", dt: "Lbl", dd: "LBody",
  table: "Table", thead: "THead", tbody: "TBody", tfoot: "TFoot", tr: "TR", th: "TH", td: "TD",
  section: "Sect", article: "Sect", figure: "Figure", img: "Figure", svg: "Figure",
};

const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

/** Decoration of a box (background, borders): drawn, not read. */
export const BOX_DECORATION: FrameTag = { role: "Artifact", artifact: "Layout" };

/** The element's structure tag, or undefined when it has no role of its own. */
export function htmlTag(el: HtmlElement, style: ComputedStyle): FrameTag | undefined {
  const attrs = el.attrs;
  const role = attrs.get("role")?.trim().toLowerCase();
  if (attrs.get("aria-hidden")?.trim().toLowerCase() === "true" || role === "presentation" || role === "none") {
    return { role: "Artifact", artifact: "Layout" };
  }
  let structRole: StructRole | undefined = ROLES[el.tag];
  // A figure holding an image is described by the image's alt: the figure itself is a grouping. A chart's
  // figure is tagged by the painter from the chart's own alt text.
  if (el.tag === "figure" && el.attrs.has("data-chart")) structRole = undefined;
  else if (el.tag === "figure" && hasImage(el)) structRole = "Div";
  const level = style.bookmarkLevel;
  if (structRole === undefined) return level !== undefined && level > 0 ? { role: "P", bookmarkLevel: level } : undefined;
  const tag: { -readonly [K in keyof FrameTag]: FrameTag[K] } = { role: structRole };
  if (structRole === "Figure") {
    const alt = (attrs.get("alt") ?? attrs.get("aria-label") ?? attrs.get("title"))?.trim();
    if (alt !== undefined && alt !== "") tag.alt = alt;
  }
  if (structRole === "TH") tag.scope = headerScope(el);
  if (level !== undefined && (level > 0 || HEADINGS.has(el.tag))) tag.bookmarkLevel = level;
  return tag;
}

/** `scope="row"` / `col`; otherwise a header in the first column of a body row heads its row, others their column. */
function headerScope(el: HtmlElement): "Column" | "Row" | "Both" {
  const scope = el.attrs.get("scope")?.trim().toLowerCase();
  if (scope === "row" || scope === "rowgroup") return "Row";
  if (scope === "col" || scope === "colgroup") return "Column";
  const row = el.parent;
  const inBody = row?.parent !== null && row?.parent !== undefined && row.parent.tag !== "thead";
  const first = row?.children.find((c) => c.kind === "element") === el;
  const allHeaders = row?.children.every((c) => c.kind !== "element" || c.tag === "th") ?? true;
  return inBody && first && !allHeaders ? "Row" : "Column";
}

function hasImage(el: HtmlElement): boolean {
  for (const child of el.children) {
    if (child.kind !== "element") continue;
    if (child.tag === "img" || child.tag === "svg" || hasImage(child)) return true;
  }
  return false;
}

/** Roles whose inline content is read as it is; loose text anywhere else is a paragraph of its own. */
const TEXT_HOLDERS = new Set<StructRole>(["H1", "H2", "H3", "H4", "H5", "H6", "P", "Caption", "LI", "Lbl", "LBody", "TH", "TD", "Figure", "Artifact"]);

/** The tag of a run of loose text (inline content) directly inside `parent`: a paragraph unless `parent` holds text. */
export function anonymousParagraph(parent: HtmlElement, style: ComputedStyle): FrameTag | undefined {
  const own = htmlTag(parent, style);
  return own !== undefined && TEXT_HOLDERS.has(own.role) ? undefined : { role: "P" };
}
