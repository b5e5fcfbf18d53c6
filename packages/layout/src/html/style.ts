// Computed styles: the cascade's winning value per property turned into typed values, with inheritance and
// initial values. Lengths that depend on the containing block stay `Length` (resolved by layout).
import type { TextAlign } from "../model/types.js";
import { parseColour, parseLength, splitValue, type Length, type UnitBase } from "./values.js";
import { RAW_PROPERTIES } from "./pseudo.js";
import { AUTO_PLACEMENT, autoTrack, parseAreas, parseGridLine, parseTrackList, type GridPlacement, type Track, type TrackList } from "./grid-values.js";

export type Display =
  | "block" | "inline" | "inline-block" | "none" | "list-item" | "flex" | "table" | "table-row" | "table-cell"
  | "table-header-group" | "table-row-group" | "table-footer-group" | "table-column" | "table-column-group" | "table-caption"
  | "grid";

/** A length, or `auto`. */
export type Size = Length | "auto";

/** Every property layout reads, computed. Inherited properties are marked in INHERITED. */
export interface ComputedStyle {
  readonly display: Display;
  /** `sticky` prints where the box is (a page has no scrolling), and holds its absolute boxes as relative does. */
  readonly position: "static" | "relative" | "absolute" | "fixed" | "sticky";
  readonly inset: readonly [Size, Size, Size, Size];
  readonly margin: readonly [Size, Size, Size, Size];
  readonly padding: readonly [Length, Length, Length, Length];
  /** Border widths in points (0 when the style is none). */
  readonly borderWidth: readonly [number, number, number, number];
  readonly borderStyle: readonly [string, string, string, string];
  readonly borderColor: readonly [string, string, string, string];
  readonly radius: number;
  readonly background: string | null;
  readonly color: string;
  readonly family: readonly string[];
  readonly size: number;
  readonly weight: number;
  readonly italic: boolean;
  /** Line height: a multiple of the font size, or points. */
  readonly lineHeight: { readonly mult: number } | { readonly pt: number };
  readonly textAlign: TextAlign;
  readonly letterSpacing: number;
  /** Extra space after each word, in points (`word-spacing`). */
  readonly wordSpacing: number;
  readonly underline: boolean;
  readonly strike: boolean;
  readonly textTransform: "none" | "uppercase" | "lowercase" | "capitalize";
  readonly whiteSpace: "normal" | "pre" | "nowrap" | "pre-wrap" | "pre-line";
  readonly verticalAlign: string;
  readonly direction: "ltr" | "rtl";
  readonly width: Size;
  readonly height: Size;
  readonly minWidth: Length;
  readonly maxWidth: Length | "none";
  readonly minHeight: Length;
  readonly borderBox: boolean;
  readonly flexDirection: "row" | "row-reverse" | "column" | "column-reverse";
  readonly flexWrap: boolean;
  readonly justifyContent: string;
  readonly alignItems: string;
  readonly alignSelf: string;
  readonly grow: number;
  readonly shrink: number;
  readonly basis: Size;
  readonly rowGap: Length;
  readonly columnGap: Length;
  readonly listStyleType: string;
  readonly breakBefore: boolean;
  readonly breakAfter: boolean;
  readonly avoidBreakInside: boolean;
  readonly orphans: number;
  readonly widows: number;
  readonly borderCollapse: boolean;
  readonly borderSpacing: number;
  readonly objectFit: "contain" | "cover" | "fill";
  /** `hyphens` (`-webkit-hyphens` too): where lines may break inside words. */
  readonly hyphens: "none" | "manual" | "auto";
  /** The language of the element's text: the nearest `lang` attribute (picks hyphenation patterns). */
  readonly lang: string | undefined;
  /** Positioned and painted effects (layout/float.ts, layout/effects.ts): raw where layout resolves them. */
  readonly float: "none" | "left" | "right";
  readonly clear: "none" | "left" | "right" | "both";
  /** `z-index` (undefined: auto). */
  readonly zIndex: number | undefined;
  /** `overflow` (either axis) is `hidden` or `clip`: the box clips its content to its padding box. */
  readonly overflowHidden: boolean;
  readonly clipPath: string | undefined;
  readonly transform: string | undefined;
  readonly transformOrigin: string | undefined;
  readonly opacity: number;
  /** `box-shadow` and `text-shadow` as written (layout/shadow.ts reads them); text-shadow inherits. */
  readonly boxShadow: string | undefined;
  readonly textShadow: string | undefined;
  /** `display: flow-root` (computed as a block that keeps its floats). */
  readonly flowRoot: boolean;
  /** Custom properties (`--name`), inherited, with var() already substituted (var.ts). */
  readonly custom: ReadonlyMap<string, string>;
  /** Background image layers as written (layout/background.ts reads them); null without an image. */
  readonly backgroundLayers: BackgroundSpec | null;
  /** `list-style-image` as written (`url(data:…)`), inherited; null for none. */
  readonly listStyleImage: string | null;
  /** `bookmark-level` (CSS GCPM): the outline level of the element's heading; 0 for `none`, undefined for auto. */
  readonly bookmarkLevel: number | undefined;
  /**
   * Generated content and paged-media values as written (content, counters, quotes, string-set, page, and
   * `position: running()`), read by generated-content.ts; undefined when none is set (nearly every element).
   */
  readonly generated: GeneratedValues | undefined;
  /** `order` of flex and grid items. */
  readonly order: number;
  /** `align-content` of a wrapping flex container (and a grid's rows). */
  readonly alignContent: string;
  /** Multi-column (layout/multicol.ts): `column-count` (0: auto), `column-width`, the rule, `column-span: all`. */
  readonly columnCount: number;
  readonly columnWidth: Size;
  readonly columnRule: { readonly width: number; readonly style: string; readonly color: string };
  readonly columnSpan: boolean;
  readonly columnFill: "balance" | "auto";
  /** `column-gap: normal` (or unset): 1em between columns in a multi-column box, 0 in flex and grid. */
  readonly columnGapNormal: boolean;
  /** Grid container (layout/grid.ts): explicit tracks (null: a value not understood), implicit tracks, areas, flow. */
  readonly gridColumns: TrackList | null;
  readonly gridRows: TrackList | null;
  readonly gridAutoColumns: Track;
  readonly gridAutoRows: Track;
  readonly gridAreas: readonly (readonly string[])[] | null;
  readonly gridAutoFlow: "row" | "column";
  readonly justifyItems: string;
  /** Grid item: where it goes, and its alignment in its area across (justify-self). */
  readonly gridPlacement: GridPlacement;
  readonly justifySelf: string;
  /** The vertical `border-spacing` (its second value; `borderSpacing` is the horizontal one). */
  readonly borderSpacingVertical: number;
  /** `text-indent` of a block's first line (a length; percentages of the block's width). Inherited. */
  readonly textIndent: Length;
  /** `text-overflow: ellipsis` on a line that does not wrap (layout/ellipsis.ts). */
  readonly textOverflow: "clip" | "ellipsis";
  /** `font-variant-numeric`: tabular or proportional figures through the font's tnum/pnum features. Inherited. */
  readonly numeric: "normal" | "tabular" | "proportional";
  /** How an `inline-block` lays out its content: `inline-flex` and `inline-grid` are inline blocks inside which flex or grid applies. */
  readonly displayInside: "flow" | "flex" | "grid";
}

/** The background-* longhands of a box with a background image, as specified (comma lists per layer). */
export interface BackgroundSpec {
  readonly image: string;
  readonly position: string;
  readonly size: string;
  readonly repeat: string;
  readonly origin: string;
  readonly clip: string;
}

/** The page box (for `vw`/`vh`) and custom properties an element's style is computed with. */
export interface StyleExtras {
  readonly custom?: ReadonlyMap<string, string>;
  /** The page box in points. */
  readonly viewport?: { readonly width: number; readonly height: number };
  /** The x-height and the width of "0" of the face for a family list, weight and style, in ems. */
  readonly fontUnits?: FontUnits;
}

/** Measures `ex` and `ch` (in ems) for an element's font (html/font-units.ts). */
export type FontUnits = (family: readonly string[], weight: number, italic: boolean) => { readonly ex: number; readonly ch: number } | undefined;

/** Raw values of the properties in RAW_PROPERTIES, plus `running` (the name in `position: running(name)`) and `footnote` (`float: footnote`). */
export type GeneratedValues = Readonly<Partial<Record<(typeof RAW_PROPERTIES)[number] | "running" | "footnote" | "side", string>>>;

/**
 * Not a CSS property: the cascade sets it from an element's `lang` attribute (which CSS cannot read), so
 * that the language inherits like a property. Never in a style sheet (the parser only keeps known names).
 */
export const LANG_ATTRIBUTE = "\u0000lang";

/** Properties inherited by default. */
export const INHERITED = new Set([
  "color", "font-family", "font-size", "font-weight", "font-style", "line-height", "text-align", "letter-spacing", "word-spacing",
  "text-transform", "white-space", "direction", "list-style-type", "orphans", "widows",
  "border-collapse", "border-spacing", "text-decoration", "text-decoration-line", "hyphens", "text-shadow", "list-style-image",
  "text-indent", "font-variant-numeric",
]);

/** Properties the converter reads (anything else is reported once per selector). */
export const SUPPORTED = new Set([
  ...INHERITED, "display", "position", "top", "right", "bottom", "left", "margin-top", "margin-right",
  "margin-bottom", "margin-left", "padding-top", "padding-right", "padding-bottom", "padding-left",
  ...["top", "right", "bottom", "left"].flatMap((s) => [`border-${s}-width`, `border-${s}-style`, `border-${s}-color`]),
  "border-radius", "background-color", "width", "height", "min-width", "max-width", "min-height",
  "box-sizing", "flex-direction", "flex-wrap", "justify-content", "align-items", "align-self", "flex-grow",
  "flex-shrink", "flex-basis", "row-gap", "column-gap", "vertical-align", "break-before", "break-after",
  "break-inside", "object-fit",
  "float", "clear", "z-index", "overflow", "overflow-x", "overflow-y", "clip-path", "transform", "transform-origin", "opacity", "box-shadow",
  "background-image", "background-position", "background-size", "background-repeat",
  "background-origin", "background-clip",
  "bookmark-level",
  // Multi-column, grid, flex completion (layout/multicol.ts, layout/grid.ts, layout/flex.ts).
  "order", "align-content", "column-count", "column-width", "column-rule-width", "column-rule-style", "column-rule-color",
  "column-span", "column-fill", "grid-template-columns", "grid-template-rows", "grid-template-areas", "grid-auto-columns",
  "grid-auto-rows", "grid-auto-flow", "grid-row-start", "grid-row-end", "grid-column-start", "grid-column-end",
  "justify-items", "justify-self", "text-overflow",
  // Accepted with no effect on a PDF page: colour adjustment for print, bidi isolation (the text engine
  // resolves bidi per paragraph itself).
  "print-color-adjust", "-webkit-print-color-adjust", "color-adjust", "unicode-bidi",
  // Generated content and paged media (generated-content.ts, layout/page-marks.ts).
  ...RAW_PROPERTIES,
]);

const SIDES = ["top", "right", "bottom", "left"] as const;
const ZERO: Length = { pt: 0, pct: 0 };

/** The winning declared values of one element (after `inherit`/`initial` are known to be absent or kept). */
export type Specified = ReadonlyMap<string, string>;

/** Computes an element's style from its specified values and its parent's computed style. */
export function computeStyle(specified: Specified, parent: ComputedStyle | undefined, rootSize: number, extras: StyleExtras = {}): ComputedStyle {
  const p = parent ?? INITIAL;
  // The value of a property: its own, else inherited (for inherited properties), else undefined (initial).
  const get = (name: string): string | undefined => {
    const v = specified.get(name);
    if (v === "inherit") return INHERIT_MARK;
    if (v === "initial" || v === "unset" || v === "revert") return undefined;
    return v;
  };
  const inherits = (name: string): boolean => {
    const v = specified.get(name);
    return v === "inherit" || (v === undefined && INHERITED.has(name)) || (v === "unset" && INHERITED.has(name));
  };
  const viewport = extras.viewport;
  const size = fontSize(get("font-size"), inherits("font-size") ? p.size : INITIAL.size, p.size, rootSize, viewport);
  const family = inherits("font-family") ? p.family : families(get("font-family"));
  const weight = inherits("font-weight") ? p.weight : fontWeight(get("font-weight"), p.weight);
  const italic = inherits("font-style") ? p.italic : /italic|oblique/.test(get("font-style") ?? "");
  // ex and ch from the element's own face when the caller can measure it (else half an em each)
  const units = extras.fontUnits?.(family, weight, italic);
  const base: UnitBase = {
    em: size, rem: rootSize,
    ...(viewport ? { vw: viewport.width / 100, vh: viewport.height / 100 } : {}),
    ...(units ? { ex: units.ex * size, ch: units.ch * size } : {}),
  };
  const len = (v: string | undefined, fallback: Length): Length => (v === undefined ? fallback : parseLength(v, base) ?? fallback);
  const sized = (name: string, fallback: Size): Size => {
    const v = get(name);
    if (v === undefined || v === INHERIT_MARK) return fallback;
    return v === "auto" ? "auto" : parseLength(v, base) ?? fallback;
  };
  const pick = <T extends string>(name: string, allowed: readonly T[], own: T, inherited: T): T => {
    if (inherits(name)) return inherited;
    const v = get(name)?.toLowerCase();
    return v !== undefined && (allowed as readonly string[]).includes(v) ? (v as T) : own;
  };
  const color = inherits("color") ? p.color : parseColour(get("color") ?? "") ?? INITIAL.color;
  const colourOf = (v: string | undefined): string => (v === undefined || v === "currentcolor" ? color : parseColour(v) ?? color);
  const styles = SIDES.map((s) => (get(`border-${s}-style`) ?? "none").toLowerCase()) as [string, string, string, string];
  const decoration = inherits("text-decoration") && !specified.has("text-decoration-line") ? undefined : get("text-decoration-line") ?? get("text-decoration");
  // `flow-root` is a block that keeps its floats (layout/float.ts); inline-flex and inline-grid are an inline
  // block outside, flex or grid inside (CSS Display 3's two values).
  const written = get("display")?.trim().toLowerCase();
  const flowRoot = written === "flow-root";
  const inside = written === "inline-flex" ? "flex" : written === "inline-grid" ? "grid" : "flow";
  const display = inside !== "flow" ? "inline-block" : flowRoot ? "block" : pick("display", DISPLAYS, parent ? "inline" : "block", "inline");
  return {
    display,
    position: pick("position", ["static", "relative", "absolute", "fixed", "sticky"], "static", "static"),
    inset: SIDES.map((s) => sized(s, "auto")) as [Size, Size, Size, Size],
    margin: SIDES.map((s) => sized(`margin-${s}`, ZERO)) as [Size, Size, Size, Size],
    padding: SIDES.map((s) => len(get(`padding-${s}`), ZERO)) as [Length, Length, Length, Length],
    borderWidth: SIDES.map((s, i) => (styles[i] === "none" || styles[i] === "hidden" ? 0 : borderWidth(get(`border-${s}-width`), base))) as [number, number, number, number],
    borderStyle: styles,
    borderColor: SIDES.map((s) => colourOf(get(`border-${s}-color`))) as [string, string, string, string],
    radius: Math.max(0, len(get("border-radius"), ZERO).pt),
    background: get("background-color") === undefined ? null : parseColour(get("background-color") as string) ?? null,
    color,
    family,
    size,
    weight,
    italic,
    lineHeight: inherits("line-height") ? p.lineHeight : lineHeight(get("line-height"), base),
    textAlign: pick("text-align", ["left", "center", "right", "justify", "start", "end"], "start", p.textAlign),
    letterSpacing: inherits("letter-spacing") ? p.letterSpacing : get("letter-spacing") === "normal" ? 0 : len(get("letter-spacing"), ZERO).pt,
    wordSpacing: inherits("word-spacing") ? p.wordSpacing : get("word-spacing") === "normal" ? 0 : len(get("word-spacing"), ZERO).pt,
    underline: decoration === undefined ? p.underline : decoration.includes("underline"),
    strike: decoration === undefined ? p.strike : decoration.includes("line-through"),
    textTransform: pick("text-transform", ["none", "uppercase", "lowercase", "capitalize"], "none", p.textTransform),
    whiteSpace: pick("white-space", ["normal", "pre", "nowrap", "pre-wrap", "pre-line"], "normal", p.whiteSpace),
    verticalAlign: specified.get("vertical-align") === "inherit" ? p.verticalAlign : (get("vertical-align") ?? "baseline").toLowerCase(),
    direction: pick("direction", ["ltr", "rtl"], "ltr", p.direction),
    width: sized("width", "auto"),
    height: sized("height", "auto"),
    minWidth: len(get("min-width"), ZERO),
    maxWidth: get("max-width") === undefined || get("max-width") === "none" ? "none" : len(get("max-width"), ZERO),
    minHeight: len(get("min-height"), ZERO),
    borderBox: get("box-sizing") === "border-box",
    flexDirection: pick("flex-direction", ["row", "row-reverse", "column", "column-reverse"], "row", "row"),
    flexWrap: get("flex-wrap") === "wrap" || get("flex-wrap") === "wrap-reverse",
    justifyContent: get("justify-content") ?? "flex-start",
    alignItems: get("align-items") ?? "stretch",
    alignSelf: get("align-self") ?? "auto",
    grow: Math.max(0, Number(get("flex-grow") ?? 0) || 0),
    shrink: Math.max(0, Number(get("flex-shrink") ?? 1) || 0),
    basis: get("flex-basis") === "content" ? "auto" : sized("flex-basis", "auto"),
    rowGap: get("row-gap") === "normal" ? ZERO : len(get("row-gap"), ZERO),
    columnGap: get("column-gap") === "normal" ? ZERO : len(get("column-gap"), ZERO),
    listStyleType: inherits("list-style-type") ? p.listStyleType : (get("list-style-type") ?? "disc").toLowerCase(),
    breakBefore: /^(page|always|left|right|recto|verso)$/.test(get("break-before") ?? ""),
    breakAfter: /^(page|always|left|right|recto|verso)$/.test(get("break-after") ?? ""),
    avoidBreakInside: /^avoid/.test(get("break-inside") ?? ""),
    orphans: inherits("orphans") ? p.orphans : Math.max(1, Math.floor(Number(get("orphans")) || 2)),
    widows: inherits("widows") ? p.widows : Math.max(1, Math.floor(Number(get("widows")) || 2)),
    borderCollapse: inherits("border-collapse") ? p.borderCollapse : get("border-collapse") === "collapse",
    borderSpacing: inherits("border-spacing") ? p.borderSpacing : len(splitValue(get("border-spacing") ?? "0")[0], ZERO).pt,
    objectFit: pick("object-fit", ["contain", "cover", "fill"], "fill", "fill"),
    hyphens: pick("hyphens", ["none", "manual", "auto"], "manual", p.hyphens),
    lang: specified.has(LANG_ATTRIBUTE) ? specified.get(LANG_ATTRIBUTE)?.trim() || undefined : p.lang,
    float: logicalSide(pick("float", ["none", "left", "right", "inline-start", "inline-end"], "none", "none"), pick("direction", ["ltr", "rtl"], "ltr", p.direction)),
    clear: logicalSide(pick("clear", ["none", "left", "right", "both", "inline-start", "inline-end"], "none", "none"), pick("direction", ["ltr", "rtl"], "ltr", p.direction)),
    zIndex: zIndex(get("z-index")),
    overflowHidden: [get("overflow"), get("overflow-x"), get("overflow-y")].some((v) => v !== undefined && /^(hidden|clip)\b/.test(v.trim().toLowerCase())),
    clipPath: noneToUndefined(get("clip-path")),
    transform: noneToUndefined(get("transform")),
    transformOrigin: get("transform-origin"),
    opacity: opacity(get("opacity")),
    boxShadow: noneToUndefined(get("box-shadow")),
    textShadow: inherits("text-shadow") ? p.textShadow : noneToUndefined(get("text-shadow")),
    flowRoot,
    custom: extras.custom ?? p.custom,
    backgroundLayers: backgroundSpec(get),
    listStyleImage: inherits("list-style-image") ? p.listStyleImage : listStyleImage(get("list-style-image")),
    bookmarkLevel: bookmarkLevel(get("bookmark-level")),
    generated: generatedValues(specified, p),
    ...layoutExtras(get, sized, base, color, colourOf),
    textIndent: inherits("text-indent") ? p.textIndent : len(get("text-indent"), ZERO),
    textOverflow: get("text-overflow")?.trim().toLowerCase() === "ellipsis" ? "ellipsis" : "clip",
    numeric: inherits("font-variant-numeric") ? p.numeric : numericOf(get("font-variant-numeric")),
    displayInside: inside,
    borderSpacingVertical: inherits("border-spacing") ? p.borderSpacingVertical : len(splitValue(get("border-spacing") ?? "0")[1] ?? splitValue(get("border-spacing") ?? "0")[0], ZERO).pt,
  };
}

/** `bookmark-level: none | <integer>` (1–6 kept; anything else is auto). */
function bookmarkLevel(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === "none") return 0;
  const level = Number(value);
  return Number.isInteger(level) && level >= 1 && level <= 6 ? level : undefined;
}


// The multi-column, grid and flex-completion properties (none inherited).
function layoutExtras(
  get: (name: string) => string | undefined,
  sized: (name: string, fallback: Size) => Size,
  base: UnitBase,
  color: string,
  colourOf: (v: string | undefined) => string,
): Pick<ComputedStyle, "order" | "alignContent" | "columnCount" | "columnWidth" | "columnRule" | "columnSpan" | "columnFill" | "columnGapNormal" | "gridColumns" | "gridRows" | "gridAutoColumns" | "gridAutoRows" | "gridAreas" | "gridAutoFlow" | "justifyItems" | "gridPlacement" | "justifySelf"> {
  const count = Number(get("column-count"));
  const ruleStyle = (get("column-rule-style") ?? "none").toLowerCase();
  const hasGrid = get("grid-template-columns") !== undefined || get("grid-template-rows") !== undefined || get("grid-template-areas") !== undefined || get("grid-auto-rows") !== undefined || get("grid-auto-columns") !== undefined;
  const placed = get("grid-row-start") !== undefined || get("grid-row-end") !== undefined || get("grid-column-start") !== undefined || get("grid-column-end") !== undefined;
  return {
    order: Math.trunc(Number(get("order") ?? 0)) || 0,
    alignContent: (get("align-content") ?? "normal").toLowerCase(),
    columnCount: Number.isInteger(count) && count >= 1 ? Math.min(count, 100) : 0,
    columnWidth: sized("column-width", "auto"),
    columnRule: {
      width: ruleStyle === "none" || ruleStyle === "hidden" ? 0 : borderWidth(get("column-rule-width"), base),
      style: ruleStyle,
      color: get("column-rule-color") === undefined ? color : colourOf(get("column-rule-color")),
    },
    columnSpan: get("column-span") === "all",
    columnFill: get("column-fill") === "auto" ? "auto" : "balance",
    columnGapNormal: get("column-gap") === undefined || get("column-gap") === "normal",
    gridColumns: hasGrid ? parseTrackList(get("grid-template-columns"), base) : NO_TRACKS,
    gridRows: hasGrid ? parseTrackList(get("grid-template-rows"), base) : NO_TRACKS,
    gridAutoColumns: autoTrack(get("grid-auto-columns"), base),
    gridAutoRows: autoTrack(get("grid-auto-rows"), base),
    gridAreas: hasGrid ? parseAreas(get("grid-template-areas")) : [],
    gridAutoFlow: /column/.test(get("grid-auto-flow") ?? "") ? "column" : "row",
    justifyItems: (get("justify-items") ?? "normal").toLowerCase(),
    gridPlacement: placed
      ? { rowStart: parseGridLine(get("grid-row-start")), rowEnd: parseGridLine(get("grid-row-end")), columnStart: parseGridLine(get("grid-column-start")), columnEnd: parseGridLine(get("grid-column-end")) }
      : AUTO_PLACEMENT,
    justifySelf: (get("justify-self") ?? "auto").toLowerCase(),
  };
}

const NO_TRACKS: TrackList = { tracks: [] };

const INHERIT_MARK = "\u0000inherit";

/** `inline-start`/`inline-end` (of `float` and `clear`) as the physical side of the writing direction. */
function logicalSide<T extends string>(v: T | "inline-start" | "inline-end", direction: "ltr" | "rtl"): Exclude<T, "inline-start" | "inline-end"> {
  if (v === "inline-start") return (direction === "rtl" ? "right" : "left") as Exclude<T, "inline-start" | "inline-end">;
  if (v === "inline-end") return (direction === "rtl" ? "left" : "right") as Exclude<T, "inline-start" | "inline-end">;
  return v as Exclude<T, "inline-start" | "inline-end">;
}

function zIndex(v: string | undefined): number | undefined {
  if (v === undefined || v === INHERIT_MARK) return undefined;
  const n = Number(v);
  return Number.isInteger(n) ? n : undefined;
}

function noneToUndefined(v: string | undefined): string | undefined {
  return v === undefined || v === INHERIT_MARK || v.trim().toLowerCase() === "none" ? undefined : v.trim();
}

function opacity(v: string | undefined): number {
  if (v === undefined || v === INHERIT_MARK) return 1;
  const t = v.trim();
  const n = t.endsWith("%") ? Number(t.slice(0, -1)) / 100 : Number(t);
  return Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 1;
}

function listStyleImage(v: string | undefined): string | null {
  return v === undefined || v === INHERIT_MARK || v.trim().toLowerCase() === "none" ? null : v.trim();
}

function backgroundSpec(get: (name: string) => string | undefined): BackgroundSpec | null {
  const image = get("background-image");
  if (image === undefined || image === INHERIT_MARK || image.trim().toLowerCase() === "none") return null;
  const own = (name: string, fallback: string): string => {
    const v = get(name);
    return v === undefined || v === INHERIT_MARK ? fallback : v;
  };
  return {
    image,
    position: own("background-position", "0% 0%"),
    size: own("background-size", "auto"),
    repeat: own("background-repeat", "repeat"),
    origin: own("background-origin", "padding-box"),
    clip: own("background-clip", "border-box"),
  };
}

// The generated-content values of an element; `quotes` inherits (the others do not).
function generatedValues(specified: Specified, parent: ComputedStyle): GeneratedValues | undefined {
  let out: Record<string, string> | undefined;
  for (const name of RAW_PROPERTIES) {
    const v = specified.get(name);
    if (v === undefined || v === "initial" || v === "unset") continue;
    (out ??= {})[name] = v === "inherit" ? parent.generated?.[name] ?? "" : v;
  }
  const position = specified.get("position");
  const running = position !== undefined ? /^running\(\s*([\w-]+)\s*\)$/i.exec(position.trim()) : null;
  if (running) (out ??= {}).running = (running[1] as string).toLowerCase();
  if (specified.get("float")?.trim().toLowerCase() === "footnote") (out ??= {}).footnote = "footnote";
  // break-before: left/right (recto/verso) asks for a page of that side: a blank page may come first.
  const side = specified.get("break-before")?.trim().toLowerCase();
  if (side === "left" || side === "right" || side === "recto" || side === "verso") (out ??= {}).side = side === "recto" ? "right" : side === "verso" ? "left" : side;
  if (out?.quotes === undefined && parent.generated?.quotes !== undefined) (out ??= {}).quotes = parent.generated.quotes;
  return out;
}

const DISPLAYS: readonly Display[] = [
  "block", "inline", "inline-block", "none", "list-item", "flex", "table", "table-row", "table-cell", "table-header-group",
  "table-row-group", "table-footer-group", "table-column", "table-column-group", "table-caption", "grid",
];

const KEYWORD_SIZES: Readonly<Record<string, number>> = {
  "xx-small": 7, "x-small": 7.5, small: 9.75, medium: 12, large: 13.5, "x-large": 18, "xx-large": 24, "xxx-large": 36,
};

function fontSize(v: string | undefined, inherited: number, parentSize: number, rootSize: number, viewport: StyleExtras["viewport"]): number {
  if (v === undefined || v === INHERIT_MARK) return inherited;
  const k = v.toLowerCase();
  if (KEYWORD_SIZES[k] !== undefined) return KEYWORD_SIZES[k];
  if (k === "smaller") return parentSize / 1.2;
  if (k === "larger") return parentSize * 1.2;
  const l = parseLength(k, { em: parentSize, rem: rootSize, ...(viewport ? { vw: viewport.width / 100, vh: viewport.height / 100 } : {}) });
  if (!l) return inherited;
  const size = l.pt + (l.pct * parentSize) / 100;
  return size > 0 && size < 2000 ? size : inherited;
}

function fontWeight(v: string | undefined, parentWeight: number): number {
  if (v === undefined) return 400;
  const k = v.toLowerCase();
  if (k === "normal") return 400;
  if (k === "bold") return 700;
  if (k === "bolder") return parentWeight < 600 ? 700 : 900;
  if (k === "lighter") return parentWeight > 500 ? 400 : 100;
  const n = Number(k);
  return Number.isFinite(n) && n >= 1 && n <= 1000 ? n : 400;
}

function lineHeight(v: string | undefined, base: UnitBase): ComputedStyle["lineHeight"] {
  if (v === undefined || v === "normal") return { mult: 1.2 };
  const n = Number(v);
  if (Number.isFinite(n) && n > 0) return { mult: n };
  const l = parseLength(v, base);
  if (!l) return { mult: 1.2 };
  if (l.pct !== 0 && l.pt === 0) return { mult: l.pct / 100 };
  return l.pt > 0 ? { pt: l.pt } : { mult: 1.2 };
}

function borderWidth(v: string | undefined, base: UnitBase): number {
  if (v === undefined || v === "medium") return 2.25;
  if (v === "thin") return 0.75;
  if (v === "thick") return 3.75;
  return Math.max(0, parseLength(v, base)?.pt ?? 2.25);
}

function families(v: string | undefined): readonly string[] {
  if (v === undefined) return [];
  return v.split(",").map((f) => f.trim().replace(/^["']|["']$/g, "")).filter((f) => f !== "");
}

/** The style of the initial containing block (the parent of `<html>`). */
export const INITIAL: ComputedStyle = {
  display: "block", position: "static", inset: ["auto", "auto", "auto", "auto"], margin: [ZERO, ZERO, ZERO, ZERO],
  padding: [ZERO, ZERO, ZERO, ZERO], borderWidth: [0, 0, 0, 0], borderStyle: ["none", "none", "none", "none"],
  borderColor: ["#000000", "#000000", "#000000", "#000000"], radius: 0, background: null, color: "#000000", family: [],
  size: 12, weight: 400, italic: false, lineHeight: { mult: 1.2 }, textAlign: "start", letterSpacing: 0, wordSpacing: 0,
  underline: false, strike: false, textTransform: "none", whiteSpace: "normal", verticalAlign: "baseline", direction: "ltr",
  width: "auto", height: "auto", minWidth: ZERO, maxWidth: "none", minHeight: ZERO, borderBox: false,
  flexDirection: "row", flexWrap: false, justifyContent: "flex-start", alignItems: "stretch", alignSelf: "auto", grow: 0,
  shrink: 1, basis: "auto", rowGap: ZERO, columnGap: ZERO, listStyleType: "disc", breakBefore: false, breakAfter: false,
  avoidBreakInside: false, orphans: 2, widows: 2, borderCollapse: false, borderSpacing: 0, objectFit: "fill",
  hyphens: "manual", lang: undefined, float: "none", clear: "none", zIndex: undefined, overflowHidden: false,
  clipPath: undefined, transform: undefined, transformOrigin: undefined, opacity: 1, boxShadow: undefined, textShadow: undefined,
  flowRoot: false, custom: new Map(), backgroundLayers: null,
  listStyleImage: null, bookmarkLevel: undefined, generated: undefined,
  order: 0, alignContent: "normal", columnCount: 0, columnWidth: "auto",
  columnRule: { width: 0, style: "none", color: "#000000" }, columnSpan: false, columnFill: "balance", columnGapNormal: true, gridColumns: NO_TRACKS,
  gridRows: NO_TRACKS, gridAutoColumns: { min: { kind: "auto" }, max: { kind: "auto" } }, gridAutoRows: { min: { kind: "auto" }, max: { kind: "auto" } },
  gridAreas: [], gridAutoFlow: "row", justifyItems: "normal", gridPlacement: AUTO_PLACEMENT, justifySelf: "auto",
  borderSpacingVertical: 0, textIndent: ZERO, textOverflow: "clip", numeric: "normal",
  displayInside: "flow",
};

/** The figure style of `font-variant-numeric` (other values — ordinal, slashed-zero, fractions — are kept as normal). */
function numericOf(v: string | undefined): ComputedStyle["numeric"] {
  if (v === undefined) return "normal";
  if (/tabular-nums/.test(v)) return "tabular";
  if (/proportional-nums/.test(v)) return "proportional";
  return "normal";
}
