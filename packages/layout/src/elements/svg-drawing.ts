// An SVG element tree → SvgDrawing: every painted element becomes one path with its resolved paint,
// opacity and transform. Only the subset that matters for documents is read (shapes, groups, local `use`,
// presentation attributes and the `style` attribute); everything else is dropped with a note.
import type { Matrix } from "../frame/types.js";
import type { SvgAlign, SvgDrawing, SvgPath, SvgText } from "./image-resources.js";
import type { SvgNode } from "./svg-node.js";
import { pathBox, paintServerId, resolveGradient, type Box } from "./svg-gradient.js";
import { clamp, parsePaint, type Paint } from "./svg-paint.js";
import { length, shapePathData } from "./svg-shapes.js";
import { IDENTITY, isSaneMatrix, multiply, parseTransform } from "./svg-transform.js";

/** Bounds that keep a hostile SVG from costing more than a large legitimate one. */
const MAX_NODES = 50_000;
const MAX_PATHS = 10_000;
/** Path data characters one drawing may emit in all (each `use` of a path counts again): this bounds the PDF. */
export const MAX_DRAWING_PATH_DATA = 4_000_000;
const MAX_DEPTH = 64;
const MAX_USE_DEPTH = 4;

interface Style {
  readonly fill: Paint;
  /** The `#id` of a `url(#id)` fill (a gradient), inherited like the fill; `fill` is then its fallback. */
  readonly fillServer: string | undefined;
  readonly fillOpacity: number;
  readonly fillRule: "nonzero" | "evenodd";
  readonly stroke: Paint;
  readonly strokeOpacity: number;
  readonly strokeWidth: number;
  readonly dash: readonly number[] | undefined;
  readonly cap: "butt" | "round" | "square";
  readonly join: "miter" | "round" | "bevel";
  readonly color: Paint;
  /** Text properties, inherited (CSS initial values at the root). */
  readonly fontFamily: string | undefined;
  readonly fontSize: number;
  readonly fontWeight: number;
  readonly italic: boolean;
  readonly anchor: "start" | "middle" | "end";
}

const ROOT_STYLE: Style = {
  fill: { kind: "colour", colour: "#000000", alpha: 1 },
  fillServer: undefined,
  fillOpacity: 1,
  fillRule: "nonzero",
  stroke: { kind: "none" },
  strokeOpacity: 1,
  strokeWidth: 1,
  dash: undefined,
  cap: "butt",
  join: "miter",
  color: { kind: "current" },
  fontFamily: undefined,
  fontSize: 16,
  fontWeight: 400,
  italic: false,
  anchor: "start",
};

const SILENT = new Set(["defs", "symbol", "title", "desc", "metadata", "lineargradient", "radialgradient", "pattern", "clippath", "mask", "marker", "filter", "stop"]);
const CONTAINERS = new Set(["svg", "g", "a", "switch"]);
const TEXT = new Set(["text", "tspan", "textpath"]);

/** Converts a parsed (already sanitised) SVG tree into a drawing; undefined when the root is not `<svg>`. */
export function svgDrawing(root: SvgNode, notes: readonly string[] = []): SvgDrawing | undefined {
  if (root.tag !== "svg") return undefined;
  const state = { nodes: 0, chars: 0, paths: [] as SvgPath[], texts: [] as SvgText[], notes: new Set(notes), ids: new Map<string, SvgNode>() };
  // Path data per element, so every `use` of it shares one string.
  const pathData = new Map<SvgNode, string | undefined>();
  collectIds(root, state.ids, 0);

  const walk = (node: SvgNode, parent: Style, m: Matrix, opacity: number, depth: number, uses: number): void => {
    if (++state.nodes > MAX_NODES || state.paths.length >= MAX_PATHS || state.chars > MAX_DRAWING_PATH_DATA) {
      state.notes.add("the SVG is too large; the rest of it is not drawn");
      return;
    }
    if (depth > MAX_DEPTH) {
      state.notes.add("the SVG is nested too deeply; the deepest parts are not drawn");
      return;
    }
    const props = properties(node.attrs, state.notes);
    // Only fills become shadings; a stroke's paint server falls back to the colour after `url(…)` (or none),
    // which changes the drawing, so it is said rather than left silent.
    if (props.stroke !== undefined && paintServerId(props.stroke) !== undefined) {
      state.notes.add("a gradient or pattern as a stroke is painted with the fallback colour after url(…), or not at all");
    }
    if (props.display === "none" || props.visibility === "hidden") return;
    const style = cascade(parent, props);
    let matrix = m;
    const transform = node.attrs.transform;
    if (transform !== undefined) {
      const t = parseTransform(transform);
      if (t) matrix = multiply(m, t);
      if (!isSaneMatrix(matrix)) return;
    }
    const own = props.opacity === undefined ? 1 : clamp(Number(props.opacity) || 0, 0, 1);
    const alpha = opacity * own;
    const tag = node.tag;
    if (CONTAINERS.has(tag)) {
      const inner = tag === "svg" && depth > 0 ? multiply(matrix, [1, 0, 0, 1, length(node.attrs.x) ?? 0, length(node.attrs.y) ?? 0]) : matrix;
      for (const child of node.children) walk(child, style, inner, alpha, depth + 1, uses);
      return;
    }
    if (tag === "use") {
      const href = (node.attrs.href ?? node.attrs["xlink:href"] ?? "").trim();
      const target = href.startsWith("#") ? state.ids.get(href.slice(1)) : undefined;
      if (!href.startsWith("#")) state.notes.add("references to other files (<use href>) are never fetched; removed");
      if (!target || uses >= MAX_USE_DEPTH || target === node) return;
      const moved = multiply(matrix, [1, 0, 0, 1, length(node.attrs.x) ?? 0, length(node.attrs.y) ?? 0]);
      const body = target.tag === "symbol" ? { ...target, tag: "g" } : target;
      walk(body, style, moved, alpha, depth + 1, uses + 1);
      return;
    }
    if (SILENT.has(tag)) return;
    if (tag === "text") {
      const text = svgText(node, style, matrix, alpha, state.notes);
      if (text && state.texts.length < MAX_TEXTS) state.texts.push(text);
      return;
    }
    if (TEXT.has(tag)) return; // a tspan or textPath outside a <text> draws nothing
    if (tag === "image") {
      state.notes.add("images inside SVG are not drawn (and never fetched)");
      return;
    }
    if (!pathData.has(node)) pathData.set(node, shapePathData(tag, node.attrs));
    const d = pathData.get(node);
    if (d === undefined) {
      if (!["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"].includes(tag)) {
        state.notes.add(`<${tag.slice(0, 40)}> is not supported in SVG and is not drawn`);
      }
      return;
    }
    const gradient = style.fillServer === undefined || tag === "line" || tag === "polyline"
      ? undefined
      : resolveGradient(style.fillServer, state.ids, shapeBox(tag, node.attrs, d), state.notes);
    const path = paintedPath(d, withGradient(style, gradient), matrix, alpha, tag === "line" || tag === "polyline", gradient);
    if (!path) return;
    state.chars += d.length;
    if (state.chars > MAX_DRAWING_PATH_DATA) {
      state.notes.add("the SVG is too large; the rest of it is not drawn");
      return;
    }
    state.paths.push(path);
  };

  const viewBox = viewBoxOf(root);
  walk(root, ROOT_STYLE, IDENTITY, 1, 0, 0);
  return {
    viewBox,
    aspect: aspectOf(root.attrs.preserveaspectratio),
    paths: state.paths,
    ...(state.texts.length > 0 ? { texts: state.texts } : {}),
    notes: [...state.notes],
  };
}

function collectIds(node: SvgNode, ids: Map<string, SvgNode>, depth: number): void {
  if (depth > MAX_DEPTH || ids.size > MAX_NODES) return;
  const id = node.attrs.id;
  if (id !== undefined && !ids.has(id)) ids.set(id, node);
  for (const child of node.children) collectIds(child, ids, depth + 1);
}

const STYLE_KEYS = new Set(["fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity", "stroke-dasharray", "stroke-linecap", "stroke-linejoin", "opacity", "color", "display", "visibility", "font-family", "font-size", "font-weight", "font-style", "text-anchor"]);

/** Presentation attributes overridden by the `style` attribute (the CSS cascade for one element). */
function properties(attrs: Readonly<Record<string, string>>, notes: Set<string>): Record<string, string> {
  const props: Record<string, string> = {};
  for (const key of STYLE_KEYS) {
    const value = attrs[key];
    if (value !== undefined) props[key] = isExternal(value, notes) ? "none" : value;
  }
  const style = attrs.style;
  if (style !== undefined) {
    for (const declaration of style.slice(0, 10_000).split(";")) {
      const colon = declaration.indexOf(":");
      if (colon < 0) continue;
      const key = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration.slice(colon + 1).replace(/!important/i, "").trim();
      if (STYLE_KEYS.has(key)) props[key] = isExternal(value, notes) ? "none" : value;
    }
  }
  return props;
}

/**
 * True (and noted) for a value that points outside the SVG: `url(…)` not starting with `#`, or `@import`.
 * Such a value becomes `none`, as a browser paints an unresolvable paint server without fallback.
 */
function isExternal(value: string, notes: Set<string>): boolean {
  if (!/url\(\s*['"]?\s*(?!#)/i.test(value) && !/@import/i.test(value)) return false;
  notes.add("external references in SVG (url(), @import) are never fetched; removed");
  return true;
}

function cascade(parent: Style, props: Record<string, string>): Style {
  const number = (key: string, fallback: number, lo: number, hi: number): number => {
    const value = props[key];
    if (value === undefined) return fallback;
    const n = value.trim().endsWith("%") ? Number.parseFloat(value) / 100 : Number.parseFloat(value);
    return Number.isFinite(n) ? clamp(n, lo, hi) : fallback;
  };
  const paint = (key: string, fallback: Paint): Paint => (props[key] === undefined ? fallback : parsePaint(props[key]!) ?? fallback);
  const rule = props["fill-rule"]?.trim();
  const color = paint("color", parent.color);
  return {
    fill: paint("fill", parent.fill),
    fillServer: props.fill === undefined ? parent.fillServer : paintServerId(props.fill),
    fillOpacity: number("fill-opacity", parent.fillOpacity, 0, 1),
    fillRule: rule === "evenodd" ? "evenodd" : rule === "nonzero" ? "nonzero" : parent.fillRule,
    stroke: paint("stroke", parent.stroke),
    strokeOpacity: number("stroke-opacity", parent.strokeOpacity, 0, 1),
    strokeWidth: number("stroke-width", parent.strokeWidth, 0, 1e5),
    dash: props["stroke-dasharray"] === undefined ? parent.dash : dashOf(props["stroke-dasharray"]!),
    cap: oneOf(props["stroke-linecap"], ["butt", "round", "square"] as const) ?? parent.cap,
    join: oneOf(props["stroke-linejoin"], ["miter", "round", "bevel"] as const) ?? parent.join,
    color: color.kind === "none" ? parent.color : color,
    fontFamily: props["font-family"]?.trim() || parent.fontFamily,
    fontSize: fontSizeOf(props["font-size"], parent.fontSize),
    fontWeight: fontWeightOf(props["font-weight"], parent.fontWeight),
    italic: props["font-style"] === undefined ? parent.italic : /^(italic|oblique)/i.test(props["font-style"].trim()),
    anchor: oneOf(props["text-anchor"], ["start", "middle", "end"] as const) ?? parent.anchor,
  };
}

function oneOf<T extends string>(value: string | undefined, options: readonly T[]): T | undefined {
  const v = value?.trim().toLowerCase();
  return options.find((o) => o === v);
}

function dashOf(value: string): readonly number[] | undefined {
  const parts = value.split(/[\s,]+/).filter(Boolean).slice(0, 32).map(Number);
  if (parts.length === 0 || parts.some((p) => !Number.isFinite(p) || p < 0 || p > 1e5)) return undefined;
  return parts.some((p) => p > 0) ? (parts.length % 2 === 1 ? [...parts, ...parts] : parts) : undefined;
}

type Resolved = ReturnType<typeof resolveGradient>;

/** The style with the fill a resolved gradient implies: its single stop, none, or its first stop as the fallback. */
function withGradient(style: Style, gradient: Resolved): Style {
  if (gradient === undefined) return style; // not a gradient: the url()'s fallback colour, as before
  if (gradient === "none") return { ...style, fill: { kind: "none" } };
  const colour = "solid" in gradient ? gradient.solid : gradient.stops[0]!.color;
  return { ...style, fill: colour === "currentColor" ? { kind: "current" } : { kind: "colour", colour, alpha: 1 } };
}

/** The element's bounding box for objectBoundingBox gradients: exact for basic shapes, else from its path data. */
function shapeBox(tag: string, attrs: Readonly<Record<string, string>>, d: string): Box | undefined {
  const n = (name: string): number => length(attrs[name]) ?? 0;
  if (tag === "rect") return { x: n("x"), y: n("y"), width: n("width"), height: n("height") };
  if (tag === "circle") return { x: n("cx") - n("r"), y: n("cy") - n("r"), width: 2 * n("r"), height: 2 * n("r") };
  if (tag === "ellipse") return { x: n("cx") - n("rx"), y: n("cy") - n("ry"), width: 2 * n("rx"), height: 2 * n("ry") };
  return pathBox(d);
}

function paintedPath(d: string, style: Style, matrix: Matrix, opacity: number, strokeOnly: boolean, gradient?: Resolved): SvgPath | undefined {
  const resolve = (paint: Paint): { colour: string; alpha: number } | undefined => {
    const p = paint.kind === "current" ? style.color : paint;
    if (p.kind === "current") return { colour: "currentColor", alpha: 1 };
    return p.kind === "colour" ? p : undefined;
  };
  const fill = strokeOnly ? undefined : resolve(style.fill);
  const stroke = style.strokeWidth > 0 ? resolve(style.stroke) : undefined;
  if ((!fill || fill.alpha * style.fillOpacity <= 0) && (!stroke || stroke.alpha * style.strokeOpacity <= 0)) return undefined;
  if (opacity <= 0) return undefined;
  const fillOpacity = fill ? fill.alpha * style.fillOpacity : 1;
  const strokeOpacity = stroke ? stroke.alpha * style.strokeOpacity : 1;
  return {
    d,
    ...(matrix !== IDENTITY ? { transform: matrix } : {}),
    ...(fill ? { fill: fill.colour, fillRule: style.fillRule, ...(fillOpacity < 1 ? { fillOpacity } : {}) } : {}),
    ...(fill && gradient !== undefined && gradient !== "none" && !("solid" in gradient) ? { fillGradient: gradient } : {}),
    ...(stroke ? { stroke: stroke.colour, strokeWidth: style.strokeWidth, ...(strokeOpacity < 1 ? { strokeOpacity } : {}) } : {}),
    ...(stroke && style.dash ? { dash: style.dash } : {}),
    ...(stroke && style.cap !== "butt" ? { cap: style.cap } : {}),
    ...(stroke && style.join !== "miter" ? { join: style.join } : {}),
    ...(opacity < 1 ? { opacity } : {}),
  };
}

function viewBoxOf(root: SvgNode): SvgDrawing["viewBox"] {
  const values = (root.attrs.viewbox ?? "").trim().split(/[\s,]+/).map(Number);
  if (values.length === 4 && values.every((v) => Number.isFinite(v) && Math.abs(v) <= 1e6)) {
    const [x, y, width, height] = values as [number, number, number, number];
    if (width > 1e-6 && height > 1e-6) return { x, y, width, height };
  }
  const width = length(root.attrs.width);
  const height = length(root.attrs.height);
  // Without a usable viewBox the user space is the viewport: the width and height, else the CSS default.
  return { x: 0, y: 0, width: width !== undefined && width > 1e-6 ? width : 300, height: height !== undefined && height > 1e-6 ? height : 150 };
}

function aspectOf(value: string | undefined): SvgDrawing["aspect"] {
  const text = (value ?? "").trim().toLowerCase();
  if (text.startsWith("none")) return { x: "mid", y: "mid", mode: "none" };
  const align = /x(min|mid|max)y(min|mid|max)/.exec(text);
  return {
    x: (align?.[1] as SvgAlign | undefined) ?? "mid",
    y: (align?.[2] as SvgAlign | undefined) ?? "mid",
    mode: /\bslice\b/.test(text) ? "slice" : "meet",
  };
}

const MAX_TEXTS = 1000;

/** A font-size in user units (px, pt, or a number); percentages and keywords keep the inherited size. */
function fontSizeOf(value: string | undefined, inherited: number): number {
  const n = length(value);
  return n !== undefined && n > 0 && n <= 10_000 ? n : inherited;
}

function fontWeightOf(value: string | undefined, inherited: number): number {
  const text = value?.trim().toLowerCase();
  if (text === undefined) return inherited;
  if (text === "bold" || text === "bolder") return 700;
  if (text === "normal" || text === "lighter") return 400;
  const n = Number(text);
  return Number.isFinite(n) && n >= 1 && n <= 1000 ? n : inherited;
}

/** The first number of a coordinate list (`x="10 20 30"` positions each glyph in SVG; one line is drawn). */
function firstLength(value: string | undefined): number {
  return length(value?.trim().split(/[\s,]+/)[0]) ?? 0;
}

/** A `<text>` as one line at (x, y), or undefined when it prints nothing. */
function svgText(node: SvgNode, style: Style, matrix: Matrix, opacity: number, notes: Set<string>): SvgText | undefined {
  const text = (node.text ?? "").replace(/\s+/g, " ").trim();
  if (text === "" || opacity <= 0) return undefined;
  const fill = style.fill.kind === "current" ? style.color : style.fill;
  const colour = fill.kind === "colour" ? fill.colour : fill.kind === "current" ? "currentColor" : undefined;
  if (colour === undefined) return undefined;
  const alpha = opacity * style.fillOpacity * (fill.kind === "colour" ? fill.alpha : 1);
  if (alpha <= 0) return undefined;
  if (node.children.some((c) => c.tag === "tspan" && ["x", "y", "dx", "dy"].some((k) => c.attrs[k] !== undefined))) {
    notes.add("positioned <tspan>s in SVG text are drawn inline, on the text's line");
  }
  if (node.children.some((c) => c.tag === "textpath")) notes.add("SVG text on a path is drawn on a straight line");
  if (node.children.some((c) => c.tag === "tspan" && Object.keys(c.attrs).some((k) => k === "style" || k.startsWith("font") || k === "fill"))) {
    notes.add("styled <tspan>s in SVG text take the style of their <text>");
  }
  return {
    text,
    x: firstLength(node.attrs.x) + firstLength(node.attrs.dx),
    y: firstLength(node.attrs.y) + firstLength(node.attrs.dy),
    ...(matrix !== IDENTITY ? { transform: matrix } : {}),
    ...(style.fontFamily !== undefined ? { family: style.fontFamily } : {}),
    size: style.fontSize,
    weight: style.fontWeight,
    italic: style.italic,
    anchor: style.anchor,
    fill: colour,
    opacity: alpha,
  };
}
