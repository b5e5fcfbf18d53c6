// Presentational hints (HTML §15.3): the attributes old-style tables and e-mail-like templates still use —
// `cellspacing`, `cellpadding`, `border`, `bgcolor`, `width`, `height`, `align`, `valign`, `nowrap` — as the
// author-level declarations browsers make of them, weaker than every author rule (the cascade puts them
// first). `cellpadding` and `border` of a table reach its cells, as in browsers.
import type { HtmlElement } from "./dom.js";
import { expand, type Declaration } from "./shorthands.js";

/** The attributes that may give hints: the cascade keys styles by them. */
export const HINT_ATTRIBUTES: ReadonlySet<string> = new Set(["cellspacing", "cellpadding", "border", "bgcolor", "width", "height", "align", "valign", "nowrap"]);

const CELLS = new Set(["td", "th"]);
const SIZED = new Set(["table", "td", "th", "col", "hr"]);

/** A non-negative pixel count (`4`, `4px`) or percentage (`50%`) as CSS; undefined when neither. */
function dimension(v: string | undefined, percent: boolean): string | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)(px)?(%)?\s*$/.exec(v ?? "");
  if (!m) return undefined;
  if (m[3]) return percent ? `${m[1]}%` : undefined;
  return `${m[1]}px`;
}

/** The table a cell belongs to (its row's group's table), if any. */
function tableOf(cell: HtmlElement): HtmlElement | undefined {
  for (let p = cell.parent; p; p = p.parent) {
    if (p.tag === "table") return p;
    if (CELLS.has(p.tag)) return undefined;
  }
  return undefined;
}

/** The hint declarations of an element (usually none). */
export function presentationalHints(el: HtmlElement): Declaration[] {
  const out: Declaration[] = [];
  const add = (property: string, value: string): void => void out.push(...expand(property, value, false));
  const attrs = el.attrs;
  const bg = attrs.get("bgcolor");
  if (bg !== undefined && /^(table|tr|td|th|body|thead|tbody|tfoot)$/.test(el.tag)) add("background-color", bg.trim());
  if (SIZED.has(el.tag)) {
    const w = dimension(attrs.get("width"), true);
    if (w) add("width", w);
  }
  if (el.tag === "td" || el.tag === "th" || el.tag === "tr" || el.tag === "table") {
    const h = dimension(attrs.get("height"), true);
    if (h) add("height", h);
  }
  if (el.tag === "table") {
    const spacing = dimension(attrs.get("cellspacing"), false);
    if (spacing) add("border-spacing", spacing);
    const border = tableBorder(el);
    if (border) add("border", `${border}px outset #808080`);
    const align = attrs.get("align")?.trim().toLowerCase();
    // A centred or right-aligned table is a block moved by auto margins.
    if (align === "center") add("margin", "0 auto");
    else if (align === "right") add("margin-left", "auto");
  }
  if (CELLS.has(el.tag) || el.tag === "tr") {
    const align = attrs.get("align")?.trim().toLowerCase();
    if (align === "left" || align === "center" || align === "right" || align === "justify") add("text-align", align);
    const valign = attrs.get("valign")?.trim().toLowerCase();
    if (valign === "top" || valign === "middle" || valign === "bottom" || valign === "baseline") add("vertical-align", valign);
  }
  if (CELLS.has(el.tag)) {
    if (attrs.has("nowrap")) add("white-space", "nowrap");
    const table = tableOf(el);
    if (table) {
      const padding = dimension(table.attrs.get("cellpadding"), false);
      if (padding) add("padding", padding);
      if (tableBorder(table)) add("border", "1px inset #808080");
    }
  }
  return out;
}

/** A table's `border` attribute in pixels (`border` alone is 1), or 0. */
function tableBorder(table: HtmlElement): number {
  const v = table.attrs.get("border");
  if (v === undefined) return 0;
  if (v.trim() === "") return 1;
  const n = Number.parseFloat(v);
  return Number.isFinite(n) && n > 0 ? Math.min(n, 100) : 0;
}
