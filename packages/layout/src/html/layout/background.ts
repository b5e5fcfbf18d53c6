// Background layers of a box (`background-image` with `background-size/position/repeat/origin/clip`), as
// CSS Backgrounds 3 paints them: the first layer on top; each tile sized against the origin box, placed by
// the position, repeated over the clip box and clipped to it, rounded by `border-radius`. Images are
// decoded once per render by the ImageStore (data: URLs only — nothing is fetched); gradients become PDF
// shadings. `space` and `round` repeat as `repeat`; `background-attachment` has no meaning on paper.
// Bounded: at most MAX_TILES tiles per box fragment (a 1 px pattern over a page would be millions).
import type { FrameItem, FrameGradient, ShapeGeometry, ShapeItem } from "../../frame/types.js";
import type { PageNumbers } from "../../elements/block.js";
import { SvgBlock } from "../../elements/svg-block.js";
import type { SvgDrawing } from "../../elements/image-resources.js";
import { splitLayers } from "../background-shorthand.js";
import { parseImages, positionOf, type ColourStop, type CssImage } from "../background-image.js";
import type { ComputedStyle } from "../style.js";
import { parseLength, resolveLength, splitValue, type Length } from "../values.js";
import type { HtmlContext } from "./context.js";

/** Tiles drawn per layer and box fragment at most (LayoutLimits.maxBackgroundTiles); the rest of a finer pattern is left out. */
export const MAX_TILES = 2_000;

const PX = 0.75;
const IDENTITY = [1, 0, 0, 1, 0, 0] as const;

type Box = "border-box" | "padding-box" | "content-box";

type Picture =
  | { readonly kind: "raster"; readonly key: string; readonly width: number; readonly height: number }
  | { readonly kind: "svg"; readonly drawing: SvgDrawing; readonly width: number; readonly height: number }
  | { readonly kind: "gradient"; readonly image: Exclude<CssImage, { kind: "url" }> };

interface Layer {
  readonly picture: Picture;
  readonly size: string;
  readonly position: readonly [Length, Length];
  readonly repeat: readonly [boolean, boolean];
  readonly origin: Box;
  readonly clip: Box;
}

interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** What a box's background images paint, given the box's border-box rectangle at place time. */
export class BackgroundPaint {
  constructor(
    private readonly layers: readonly Layer[],
    /** Border widths and padding, per side (top, right, bottom, left). */
    private readonly border: readonly [number, number, number, number],
    private readonly padding: readonly [number, number, number, number],
    private readonly radius: number,
    /** What `currentColor` paints in an SVG background. */
    private readonly colour: string,
    /** The box's background colour (under its bottom layer); null: none, the paper shows. */
    private readonly under: string | null = null,
    /** Tiles per layer and fragment at most. */
    private readonly maxTiles = MAX_TILES,
  ) {}

  place(out: FrameItem[], x: number, y: number, width: number, height: number, page: PageNumbers): void {
    const outer = { x, y, width, height };
    for (let i = this.layers.length - 1; i >= 0; i--) {
      const layer = this.layers[i] as Layer;
      const origin = this.boxOf(outer, layer.origin);
      const clip = this.boxOf(outer, layer.clip);
      if (origin.width <= 0 || origin.height <= 0 || clip.width <= 0 || clip.height <= 0) continue;
      // The bottom layer fades to what is under it: the box's colour, else the (white) paper.
      const fadeTo = i === this.layers.length - 1 ? this.under ?? "#ffffff" : undefined;
      const items = tiles(layer, origin, clip, this.colour, page, fadeTo, this.maxTiles);
      if (items.length === 0) continue;
      const inset = layer.clip === "border-box" ? 0 : layer.clip === "padding-box" ? Math.max(...this.border) : Math.max(...this.border) + Math.max(...this.padding);
      const radius = Math.max(0, this.radius - inset);
      out.push({ kind: "group", clip: { ...clip, ...(radius > 0 ? { radius } : {}) }, items });
    }
  }

  private boxOf(outer: Rect, box: Box): Rect {
    if (box === "border-box") return outer;
    const b = this.border;
    const p = box === "content-box" ? this.padding : [0, 0, 0, 0];
    const t = b[0] + (p[0] as number);
    const r = b[1] + (p[1] as number);
    const bo = b[2] + (p[2] as number);
    const l = b[3] + (p[3] as number);
    return { x: outer.x + l, y: outer.y + t, width: outer.width - l - r, height: outer.height - t - bo };
  }
}

// Per render and style: the layers with their images loaded (styles are shared by many elements).
const resolved = new WeakMap<HtmlContext, WeakMap<ComputedStyle, readonly Layer[]>>();

/** The background images of a box with this style (undefined: none), `insets` being border + padding. */
export function backgroundOf(style: ComputedStyle, insets: readonly [number, number, number, number], width: number, ctx: HtmlContext, path: string): BackgroundPaint | undefined {
  const spec = style.backgroundLayers;
  if (spec === null) return undefined;
  let byStyle = resolved.get(ctx);
  if (!byStyle) resolved.set(ctx, (byStyle = new WeakMap()));
  let layers = byStyle.get(style);
  if (!layers) byStyle.set(style, (layers = resolveLayers(style, ctx, path, width)));
  if (layers.length === 0) return undefined;
  const border = style.borderWidth;
  const padding = insets.map((v, i) => Math.max(0, v - (border[i] as number))) as [number, number, number, number];
  return new BackgroundPaint(layers, border, padding, style.radius, style.color, style.background, ctx.maxBackgroundTiles ?? MAX_TILES);
}

function resolveLayers(style: ComputedStyle, ctx: HtmlContext, path: string, width: number): Layer[] {
  const spec = style.backgroundLayers;
  if (!spec) return [];
  const images = parseImages(spec.image, { em: style.size, rem: style.size });
  if (!images) {
    ctx.diagnostics.add("css.unsupported", `background-image: ${spec.image.slice(0, 80)} is not supported; the background is drawn without it`, path);
    return [];
  }
  const pick = (list: string, i: number, fallback: string): string => {
    const values = splitLayers(list);
    return values.length === 0 ? fallback : (values[i % values.length] as string);
  };
  const layers: Layer[] = [];
  images.forEach((image, i) => {
    if (!image) return;
    const picture = pictureOf(image, ctx, path, width);
    if (!picture) return;
    const repeatWords = splitValue(pick(spec.repeat, i, "repeat").toLowerCase());
    const single = repeatWords[0] ?? "repeat";
    const repeat: [boolean, boolean] = single === "repeat-x" ? [true, false] : single === "repeat-y" ? [false, true] : [single !== "no-repeat", (repeatWords[1] ?? single) !== "no-repeat"];
    const position = positionOf(pick(spec.position, i, "0% 0%"), { em: style.size, rem: style.size }) ?? [{ pt: 0, pct: 0 }, { pt: 0, pct: 0 }];
    const box = (v: string, fallback: Box): Box => (v === "border-box" || v === "padding-box" || v === "content-box" ? v : fallback);
    layers.push({ picture, size: pick(spec.size, i, "auto").toLowerCase(), position, repeat, origin: box(pick(spec.origin, i, "padding-box"), "padding-box"), clip: box(pick(spec.clip, i, "border-box"), "border-box") });
  });
  return layers;
}

function pictureOf(image: CssImage, ctx: HtmlContext, path: string, width: number): Picture | undefined {
  if (image.kind !== "url") {
    if (image.repeating) ctx.diagnostics.add("css.unsupported", "repeating gradients are drawn once, not repeated", path);
    return { kind: "gradient", image };
  }
  const side = Math.max(1, Math.min(2000, width));
  const loaded = ctx.images.load(image.src, { width: side, height: side, fit: "contain" });
  if (loaded.kind === "failed") {
    ctx.diagnostics.add(loaded.code, `background-image: ${loaded.message}`, path);
    return undefined;
  }
  if (loaded.kind === "pending") return undefined;
  if (loaded.kind === "svg") {
    for (const note of loaded.drawing.notes) ctx.diagnostics.add("svg.dropped", note, path);
    const vb = loaded.drawing.viewBox;
    return { kind: "svg", drawing: loaded.drawing, width: vb.width * PX, height: vb.height * PX };
  }
  return { kind: "raster", key: loaded.key, width: loaded.image.width * PX, height: loaded.image.height * PX };
}

// The tile size of a layer in its origin box.
function tileSize(layer: Layer, origin: Rect): { width: number; height: number } {
  const p = layer.picture;
  const intrinsic = p.kind === "gradient" ? undefined : { width: p.width, height: p.height };
  const ratio = intrinsic && intrinsic.width > 0 ? intrinsic.height / intrinsic.width : undefined;
  const words = splitValue(layer.size);
  if (words[0] === "cover" || words[0] === "contain") {
    if (!intrinsic || ratio === undefined) return { width: origin.width, height: origin.height };
    const scale = words[0] === "cover" ? Math.max(origin.width / intrinsic.width, origin.height / intrinsic.height) : Math.min(origin.width / intrinsic.width, origin.height / intrinsic.height);
    return { width: intrinsic.width * scale, height: intrinsic.height * scale };
  }
  const len = (w: string | undefined, reference: number): number | undefined => {
    if (w === undefined || w === "auto") return undefined;
    const l = parseLength(w, { em: 12, rem: 12 });
    return l ? Math.max(0, resolveLength(l, reference)) : undefined;
  };
  const w = len(words[0], origin.width);
  const h = len(words[1], origin.height);
  if (w !== undefined && h !== undefined) return { width: w, height: h };
  if (w !== undefined) return { width: w, height: ratio !== undefined ? w * ratio : origin.height };
  if (h !== undefined) return { width: ratio !== undefined && ratio > 0 ? h / ratio : origin.width, height: h };
  return intrinsic ?? { width: origin.width, height: origin.height };
}

function tiles(layer: Layer, origin: Rect, clip: Rect, colour: string, page: PageNumbers, fadeTo: string | undefined, maxTiles: number): FrameItem[] {
  const { width: tw, height: th } = tileSize(layer, origin);
  if (!(tw > 0.01 && th > 0.01)) return [];
  const x0 = origin.x + layer.position[0].pt + (layer.position[0].pct * (origin.width - tw)) / 100;
  const y0 = origin.y + layer.position[1].pt + (layer.position[1].pct * (origin.height - th)) / 100;
  const xs = starts(x0, tw, clip.x, clip.width, layer.repeat[0], maxTiles);
  const ys = starts(y0, th, clip.y, clip.height, layer.repeat[1], maxTiles);
  const out: FrameItem[] = [];
  for (const y of ys) {
    for (const x of xs) {
      if (out.length >= maxTiles) return out;
      tile(out, layer.picture, { x, y, width: tw, height: th }, colour, page, fadeTo);
    }
  }
  return out;
}

function starts(first: number, size: number, from: number, length: number, repeat: boolean, maxTiles: number): number[] {
  if (!repeat) return first + size > from && first < from + length ? [first] : [];
  const out: number[] = [];
  let s = first - Math.ceil((first - from) / size) * size;
  for (; s < from + length && out.length <= maxTiles; s += size) out.push(s);
  return out;
}

function tile(out: FrameItem[], picture: Picture, r: Rect, colour: string, page: PageNumbers, fadeTo: string | undefined): void {
  if (picture.kind === "raster") out.push({ kind: "image", x: r.x, y: r.y, width: r.width, height: r.height, image: picture.key });
  else if (picture.kind === "svg") new SvgBlock(picture.drawing, r.width, r.height, "own", colour).place(out, r.x, r.y, page);
  else {
    // Over a known colour a transparent stop is that colour (what premultiplied interpolation shows); over
    // other layers the part past the fade is left unpainted.
    const image = fadeTo === undefined ? picture.image : { ...picture.image, stops: picture.image.stops.map((s) => (s.clear ? { color: fadeTo, at: s.at } : s)) };
    const gradient = gradientOf(image, r);
    if (!gradient) return;
    const geometry = visiblePart(image, gradient, r);
    if (!geometry) return;
    const item: ShapeItem = { kind: "shape", geometry, fill: gradient.stops[0]?.color ?? colour, fillGradient: gradient };
    out.push(item);
  }
}

/**
 * The part of a tile a gradient paints: transparent stops at either end leave their side unpainted, cut
 * halfway through the fade (a radial one becomes an ellipse, a linear one the band between two lines).
 */
function visiblePart(image: Exclude<CssImage, { kind: "url" }>, gradient: FrameGradient, r: Rect): ShapeGeometry | undefined {
  const rect: ShapeGeometry = { type: "rect", ...r };
  const clear = image.stops.map((s) => s.clear === true);
  if (!clear.some(Boolean)) return rect;
  const offsets = gradient.stops.map((s) => s.offset);
  let first = 0;
  while (first < clear.length && clear[first]) first++;
  let last = clear.length - 1;
  while (last >= 0 && clear[last]) last--;
  if (first > last) return undefined;
  const from = first > 0 ? ((offsets[first - 1] as number) + (offsets[first] as number)) / 2 : 0;
  const to = last < clear.length - 1 ? ((offsets[last] as number) + (offsets[last + 1] as number)) / 2 : 1;
  if (gradient.type === "radial") {
    const [rx, , , ry, cx, cy] = gradient.matrix;
    return to < 1 ? { type: "ellipse", cx, cy, rx: rx * to, ry: ry * to } : rect;
  }
  const [x1, y1, x2, y2] = gradient.coords as [number, number, number, number];
  let polygon: [number, number][] = [[r.x, r.y], [r.x + r.width, r.y], [r.x + r.width, r.y + r.height], [r.x, r.y + r.height]];
  const dx = x2 - x1;
  const dy = y2 - y1;
  const along = (p: [number, number]): number => ((p[0] - x1) * dx + (p[1] - y1) * dy) / (dx * dx + dy * dy);
  polygon = clipPolygon(polygon, (p) => along(p) - from);
  polygon = clipPolygon(polygon, (p) => to - along(p));
  if (polygon.length < 3) return undefined;
  return { type: "path", d: `M${polygon.map(([x, y]) => `${x.toFixed(3)} ${y.toFixed(3)}`).join("L")}Z` };
}

// Sutherland–Hodgman against one half-plane (`inside(p) >= 0`), the boundary being a line across the gradient.
function clipPolygon(points: [number, number][], inside: (p: [number, number]) => number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < points.length; i++) {
    const a = points[i] as [number, number];
    const b = points[(i + 1) % points.length] as [number, number];
    const da = inside(a);
    const db = inside(b);
    if (da >= 0) out.push(a);
    if ((da >= 0) !== (db >= 0)) {
      const t = da / (da - db);
      out.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
    }
  }
  return out;
}

/** The PDF-ready gradient of a CSS gradient over a tile. */
export function gradientOf(image: Exclude<CssImage, { kind: "url" }>, r: Rect): FrameGradient | undefined {
  if (image.kind === "linear") {
    let dx: number;
    let dy: number;
    if (typeof image.angle === "number") {
      const a = (image.angle * Math.PI) / 180;
      dx = Math.sin(a);
      dy = -Math.cos(a);
    } else {
      // `to top right`: perpendicular to the diagonal through the two other corners
      const n = Math.hypot(r.width, r.height) || 1;
      dx = (image.angle.x * r.height) / n;
      dy = (image.angle.y * r.width) / n;
    }
    const length = Math.abs(r.width * dx) + Math.abs(r.height * dy);
    if (length <= 0) return undefined;
    const cx = r.x + r.width / 2;
    const cy = r.y + r.height / 2;
    return {
      type: "linear",
      coords: [cx - (dx * length) / 2, cy - (dy * length) / 2, cx + (dx * length) / 2, cy + (dy * length) / 2],
      stops: offsets(image.stops, length),
      matrix: IDENTITY,
    };
  }
  const cx = r.x + resolveLength(image.position[0], r.width);
  const cy = r.y + resolveLength(image.position[1], r.height);
  const near = [Math.abs(cx - r.x), Math.abs(r.x + r.width - cx)];
  const nearY = [Math.abs(cy - r.y), Math.abs(r.y + r.height - cy)];
  const [cxs, fxs] = [Math.min(...near), Math.max(...near)];
  const [cys, fys] = [Math.min(...nearY), Math.max(...nearY)];
  let rx: number;
  let ry: number;
  const size = image.size;
  if (typeof size !== "string") {
    rx = resolveLength(size[0], r.width);
    ry = image.circle ? rx : resolveLength(size[1], r.height);
  } else if (image.circle) {
    rx = ry = size === "closest-side" ? Math.min(cxs, cys) : size === "farthest-side" ? Math.max(fxs, fys) : size === "closest-corner" ? Math.hypot(cxs, cys) : Math.hypot(fxs, fys);
  } else {
    const [sx, sy] = size.startsWith("closest") ? [cxs, cys] : [fxs, fys];
    const k = size.endsWith("corner") ? Math.SQRT2 : 1;
    rx = sx * k;
    ry = sy * k;
  }
  if (!(rx > 0 && ry > 0)) return undefined;
  return { type: "radial", coords: [0, 0, 0, 0, 0, 1], stops: offsets(image.stops, rx), matrix: [rx, 0, 0, ry, cx, cy] };
}

// Stop positions as fractions of the gradient line: unpositioned stops spread evenly, never going back.
function offsets(stops: readonly ColourStop[], length: number): { offset: number; color: string }[] {
  const at = stops.map((s) => (s.at === undefined ? undefined : resolveLength(s.at, length) / length));
  if (at[0] === undefined) at[0] = 0;
  if (at[at.length - 1] === undefined) at[at.length - 1] = 1;
  let max = at[0] as number;
  for (let i = 0; i < at.length; i++) {
    const v = at[i];
    if (v !== undefined) {
      max = Math.max(max, v);
      at[i] = max;
    }
  }
  for (let i = 0; i < at.length; i++) {
    if (at[i] !== undefined) continue;
    let j = i;
    while (at[j] === undefined) j++;
    const from = at[i - 1] as number;
    const to = at[j] as number;
    for (let k = i; k < j; k++) at[k] = from + ((to - from) * (k - i + 1)) / (j - i + 1);
  }
  return stops.map((s, i) => ({ offset: Math.min(1, Math.max(0, at[i] as number)), color: s.color }));
}
