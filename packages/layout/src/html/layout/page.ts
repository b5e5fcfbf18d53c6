// Paged media: `@page` size (the 22 presets by name, A4/letter/legal, `landscape`, explicit lengths, a
// roll width with `auto` height), margins, and the margin boxes (`@top-left|center|right`,
// `@bottom-left|center|right`) whose `content` strings and `counter(page)` / `counter(pages)` are resolved
// per page at finalize. `@page :first` margin boxes replace the others on the first page, and its margins
// give the first page its own body. Rules for :left, :right, :blank and named pages (page-selector.ts) are
// cascaded per page at finalize (pageStyleFor): their margin boxes, and left/right margins that move the
// page's content sideways (every page keeps the content width of the others).
import type { DiagnosticSink } from "../../diagnostics.js";
import { findPageSizePreset, PAGE_SIZES, ROLL_BREAK_HEIGHT, type ResolvedPageSize } from "../../model/page-sizes.js";
import type { Margins } from "../../model/types.js";
import type { PageRule } from "../css.js";
import { PENDING, type Declaration } from "../shorthands.js";
import { pendingValue } from "../var.js";
import { computeStyle, type ComputedStyle } from "../style.js";
import { parseContent, type ContentPart } from "../content-value.js";
import { pageSpecificity, selectsPage, type PageFacts } from "../page-selector.js";
import { parseLength, splitValue } from "../values.js";

/** One margin box: its place, its content as token text (`Page {{$page}} of {{$pages}}`), its style. */
export interface MarginBox {
  readonly name: string;
  readonly text: string;
  readonly style: ComputedStyle;
  /** The content when it needs more than page numbers (string(), element(), counter styles): read per page. */
  readonly parts?: readonly ContentPart[];
}

/** The page set-up of a document. */
export interface PageSetup {
  readonly size: ResolvedPageSize;
  readonly margins: Margins;
  readonly boxes: readonly MarginBox[];
  /** Margin boxes of the first page, when `@page :first` has any. */
  readonly firstBoxes: readonly MarginBox[] | undefined;
  /** Margins of the first page, when `@page :first` sets any (its content keeps the width of every page). */
  readonly firstMargins: Margins | undefined;
  /** The page box's own style when @page sets a background (colour or images), painted under everything. */
  readonly pageStyle?: ComputedStyle;
  /** The root's (or body's) style when it has a background: painted over every whole page (canvas.ts). */
  readonly canvasStyle?: ComputedStyle;
  /** Every @page rule that was understood, for the pages that rules with selectors apply to. */
  readonly rules: readonly PageRule[];
  /** True when some rule selects by :left, :right, :blank or a name (pages are styled one by one). */
  readonly selective: boolean;
  readonly root: ComputedStyle;
  /** Declarations of `@page { @footnote { … } }` (layout/footnotes.ts). */
  readonly footnote: readonly Declaration[];
}

const BOX_NAMES = [
  "top-left", "top-center", "top-right", "bottom-left", "bottom-center", "bottom-right",
  // The side boxes and the corners (side-boxes.ts).
  "left-top", "left-middle", "left-bottom", "right-top", "right-middle", "right-bottom",
  "top-left-corner", "top-right-corner", "bottom-left-corner", "bottom-right-corner",
];

/** Reads the @page rules (later declarations win) against the root element's style. */
export function pageSetup(rules: readonly PageRule[], root: ComputedStyle, diagnostics: DiagnosticSink): PageSetup {
  const all = new Map<string, string>();
  // var() in @page reads the root element's custom properties
  const value = (d: Declaration): string => (d.value.startsWith(PENDING) ? pendingValue(d.property, d.value, root.custom) : d.value);
  const everyPage = rules.filter((r) => r.selector.name === undefined && r.selector.pseudos.length === 0);
  for (const rule of everyPage) for (const d of rule.declarations) all.set(d.property, value(d));
  const size = pageSize(all.get("size"), diagnostics);
  const base = { em: root.size, rem: root.size };
  const side = (name: string): number => {
    const l = parseLength(all.get(`margin-${name}`) ?? "", base);
    return l ? Math.max(0, l.pt + (l.pct * size.width) / 100) : size.defaultMargin;
  };
  const margins = { top: side("top"), right: side("right"), bottom: side("bottom"), left: side("left") };
  // @page :first margins: top and bottom set the first page's body; left moves its content, which keeps the
  // width of every other page (one layout serves all pages), so the right margin follows from it.
  const firstRules = new Map<string, string>();
  for (const rule of rules) if (rule.first) for (const d of rule.declarations) firstRules.set(d.property, value(d));
  const firstSide = (name: "top" | "bottom" | "left"): number => {
    const l = parseLength(firstRules.get(`margin-${name}`) ?? "", base);
    return l ? Math.max(0, l.pt + (l.pct * size.width) / 100) : margins[name];
  };
  const firstMargins = ["margin-top", "margin-bottom", "margin-left", "margin-right"].some((p) => firstRules.has(p))
    ? { top: firstSide("top"), bottom: firstSide("bottom"), left: firstSide("left"), right: Math.max(0, margins.left + margins.right - firstSide("left")) }
    : undefined;
  for (const property of firstRules.keys()) {
    if (property === "margin-right" && firstRules.get("margin-right") !== all.get("margin-right")) diagnostics.add("css.unsupported", "@page :first margin-right: the first page's content keeps the width of the others, so its right margin follows from margin-left", "@page :first");
    else if (!property.startsWith("margin-")) diagnostics.add("css.unsupported", `@page :first ${property} is not supported; the first page has the ${property} of every page`, "@page :first");
  }
  const boxesOf = (first: boolean): MarginBox[] | undefined => {
    const byName = new Map<string, Declaration[]>();
    for (const rule of rules) {
      if (first ? !rule.first : !everyPage.includes(rule)) continue;
      for (const [name, declarations] of rule.boxes) {
        if (name === "footnote") continue;
        if (!BOX_NAMES.includes(name)) {
          diagnostics.add("css.unsupported", `the margin box @${name} is not a margin box; it was ignored`, "@page");
          continue;
        }
        byName.set(name, [...(byName.get(name) ?? []), ...declarations]);
      }
    }
    if (byName.size === 0) return undefined;
    return [...byName].map(([name, declarations]) => marginBox(name, declarations, root)).filter((b) => b.text !== "" || b.parts !== undefined);
  };
  const boxes = boxesOf(false) ?? [];
  const first = boxesOf(true);
  const selective = rules.some((r) => r.selector.name !== undefined || r.selector.pseudos.some((p) => p !== "first"));
  for (const rule of rules) {
    if (everyPage.includes(rule) || rule.first) continue;
    for (const d of rule.declarations) {
      if (d.property !== "margin-left" && d.property !== "margin-right") diagnostics.add("css.unsupported", `@page ${describe(rule)} ${d.property} is not supported; those pages have the ${d.property} of every page`, "@page");
    }
  }
  const pageStyle = pageBackground(all, root);
  return { ...(pageStyle ? { pageStyle } : {}), size, margins, boxes, firstBoxes: first ? [...boxes.filter((b) => !first.some((f) => f.name === b.name)), ...first] : undefined, firstMargins, rules, selective, root, footnote: rules.flatMap((r) => [...(r.boxes.get("footnote") ?? [])]) };
}

/** The margin boxes and the left margin of one page, from every rule that selects it (cascaded by page specificity). */
export interface PageStyle {
  readonly boxes: readonly MarginBox[];
  /** The page's left margin (its content moves by the difference from every page's). */
  readonly left: number;
  readonly right: number;
}

const pageStyles = new WeakMap<PageSetup, Map<string, PageStyle>>();

/** The style of a page under the rules with selectors (cached per kind of page). */
export function pageStyleFor(setup: PageSetup, facts: PageFacts, geometryMargins: Margins): PageStyle {
  const matching = setup.rules.filter((r) => selectsPage(r.selector, facts)).sort((a, b) => pageSpecificity(a.selector) - pageSpecificity(b.selector) || a.order - b.order);
  const key = `${matching.map((r) => r.order).join(",")}|${geometryMargins.left}|${geometryMargins.right}`;
  let byKey = pageStyles.get(setup);
  if (!byKey) pageStyles.set(setup, (byKey = new Map()));
  const cached = byKey.get(key);
  if (cached) return cached;
  const byName = new Map<string, Declaration[]>();
  const margin = new Map<string, string>();
  for (const rule of matching) {
    for (const [name, declarations] of rule.boxes) if (BOX_NAMES.includes(name)) byName.set(name, [...(byName.get(name) ?? []), ...declarations]);
    if (!rule.first && !(rule.selector.name === undefined && rule.selector.pseudos.length === 0)) for (const d of rule.declarations) margin.set(d.property, d.value);
  }
  const base = { em: setup.root.size, rem: setup.root.size };
  const side = (name: "left" | "right"): number => {
    const l = parseLength(margin.get(`margin-${name}`) ?? "", base);
    return l ? Math.max(0, l.pt + (l.pct * setup.size.width) / 100) : geometryMargins[name];
  };
  const left = side("left");
  const boxes = [...byName].map(([name, declarations]) => marginBox(name, declarations, setup.root)).filter((b) => b.text !== "" || b.parts !== undefined);
  const style = { boxes, left, right: margin.has("margin-right") ? side("right") : Math.max(0, geometryMargins.left + geometryMargins.right - left) };
  byKey.set(key, style);
  return style;
}

function describe(rule: PageRule): string {
  return `${rule.selector.name ?? ""}${rule.selector.pseudos.map((p) => `:${p}`).join("")}`;
}

function marginBox(name: string, declarations: readonly Declaration[], root: ComputedStyle): MarginBox {
  // var() in a margin box reads the root element's custom properties
  const specified = new Map(declarations.map((d) => [d.property, d.value.startsWith(PENDING) ? pendingValue(d.property, d.value, root.custom) : d.value] as const));
  const content = specified.get("content") ?? "";
  const style = computeStyle(specified, root, root.size);
  const parts = parseContent(content).parts;
  // Strings and counter(page)/counter(pages) in decimal become token text; anything else is read per page.
  const simple = parts === null || parts.every((p) => p.kind === "text" || (p.kind === "counter" && (p.name === "page" || p.name === "pages") && p.style === "decimal"));
  return simple ? { name, text: contentText(content), style } : { name, text: "", style, parts };
}

function pageSize(value: string | undefined, diagnostics: DiagnosticSink): ResolvedPageSize {
  const a4 = PAGE_SIZES.a4;
  const fallback: ResolvedPageSize = { id: "a4", width: a4.width, height: a4.height, defaultMargin: a4.defaultMargin, roll: false, known: true };
  if (value === undefined) return fallback;
  const parts = splitValue(value.toLowerCase());
  const landscape = parts.includes("landscape");
  const rest = parts.filter((p) => p !== "landscape" && p !== "portrait");
  const named = rest.length === 1 ? findPageSizePreset(rest[0]) ?? findPageSizePreset((rest[0] as string).replace(/-(\w)/g, (_m, c: string) => c.toUpperCase())) : undefined;
  if (named) {
    const swap = landscape && !named.roll;
    return { id: named.id, width: swap ? named.height : named.width, height: swap ? named.width : named.height, defaultMargin: named.defaultMargin, roll: named.roll, known: true };
  }
  if (rest.length === 0) return landscape ? { ...fallback, width: a4.height, height: a4.width } : fallback;
  const base = { em: 12, rem: 12 };
  const w = parseLength(rest[0] as string, base);
  const hText = rest[1] ?? (rest[0] as string);
  if (!w || w.pct !== 0 || w.pt <= 0) {
    diagnostics.add("css.invalid", `@page size ${JSON.stringify(value)} is not a page size; A4 is used`, "@page");
    return fallback;
  }
  const width = Math.min(3370, Math.max(36, w.pt));
  const margin = Math.min(36, Math.max(4, Math.round(width * 0.06)));
  if (hText === "auto") return { id: "roll", width, height: ROLL_BREAK_HEIGHT, defaultMargin: margin, roll: true, known: true };
  const h = parseLength(hText, base);
  if (!h || h.pct !== 0 || h.pt <= 0) return fallback;
  const height = Math.min(3370, Math.max(36, h.pt));
  return { id: "custom", width: landscape ? Math.max(width, height) : width, height: landscape ? Math.min(width, height) : height, defaultMargin: margin, roll: false, known: true };
}

// `"Page " counter(page) " of " counter(pages)` → `Page {{$page}} of {{$pages}}` (strings may hold tokens).
function contentText(content: string): string {
  let out = "";
  const re = /"((?:\\.|[^"\\])*)"|'((?:\\.|[^'\\])*)'|counter\(\s*(page|pages)\s*\)/gi;
  for (let m = re.exec(content); m; m = re.exec(content)) {
    if (m[3]) out += m[3].toLowerCase() === "page" ? "{{$page}}" : "{{$pages}}";
    else out += (m[1] ?? m[2] ?? "").replace(/\\(.)/g, "$1");
  }
  return out;
}

// The @page background (`background`, `background-color`, `background-image`…) as a style, or undefined
// when the page has none; var() reads the root element's custom properties.
function pageBackground(all: ReadonlyMap<string, string>, root: ComputedStyle): ComputedStyle | undefined {
  const specified = new Map<string, string>();
  for (const [property, value] of all) {
    if (!property.startsWith("background")) continue;
    specified.set(property, value);
  }
  if (specified.size === 0) return undefined;
  const style = computeStyle(specified, root, root.size);
  return style.background !== null || style.backgroundLayers !== null ? style : undefined;
}
