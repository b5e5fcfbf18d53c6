// Painted effects of a box that do not change layout: `transform` (translate, rotate, scale, skew, matrix)
// about `transform-origin`, `clip-path: inset()|circle()`, and `opacity`. The box's frame items are drawn as
// one group item (frame/types.ts GroupItem: transform, then clip, then opacity, as the painter applies
// them), so a PDF gets one `q cm W n gs … Q` per box. As in CSS, none of them moves other boxes.
import type { Block, PageNumbers, Split } from "../../elements/block.js";
import { WrapperBlock } from "../../elements/wrapper-block.js";
import type { FrameItem, GroupItem, Matrix } from "../../frame/types.js";
import type { ComputedStyle } from "../style.js";
import { parseLength, splitValue } from "../values.js";
import type { HtmlContext } from "./context.js";
import { asStackingContext } from "./stacking.js";

type Clip = NonNullable<GroupItem["clip"]>;

/** What a box's effects need at paint time, in its border box's coordinates (origin its top-left). */
export interface Effects {
  /** The transform about the origin, for a border box `width` × `height`. */
  readonly transform?: (width: number, height: number) => Matrix | undefined;
  readonly clip?: (width: number, height: number) => Clip | undefined;
  readonly opacity?: number;
}

/** The effects of a style (undefined when it has none); unreadable values are reported once per feature. */
export function effectsOf(style: ComputedStyle, ctx: HtmlContext, path: string): Effects | undefined {
  if (style.transform === undefined && style.clipPath === undefined && style.opacity >= 1) return undefined;
  const base = { em: style.size, rem: style.size };
  let transform: Effects["transform"];
  if (style.transform !== undefined) {
    const fns = parseTransform(style.transform);
    if (!fns) ctx.diagnostics.add("css.unsupported", `transform ${JSON.stringify(style.transform)} is not supported (translate, rotate, scale, skew and matrix are); the box is drawn untransformed`, path);
    else {
      const origin = splitValue(style.transformOrigin ?? "50% 50%");
      transform = (w, h) => {
        const [ox, oy] = originOf(origin, w, h, base);
        let m: Matrix = [1, 0, 0, 1, ox, oy];
        for (const fn of fns) {
          const step = fn(w, h, base);
          if (!step) return undefined;
          m = multiply(m, step);
        }
        return multiply(m, [1, 0, 0, 1, -ox, -oy]);
      };
    }
  }
  let clip: Effects["clip"];
  if (style.clipPath !== undefined) {
    clip = clipPathOf(style.clipPath, base);
    if (!clip) ctx.diagnostics.add("css.unsupported", `clip-path ${JSON.stringify(style.clipPath)} is not supported (inset() and circle() are); the box is not clipped`, path);
  }
  if (!transform && !clip && style.opacity >= 1) return undefined;
  return { ...(transform ? { transform } : {}), ...(clip ? { clip } : {}), ...(style.opacity < 1 ? { opacity: style.opacity } : {}) };
}

/** `a × b` for matrices [a b c d e f] acting on column vectors (b applied first). */
export function multiply(a: Matrix, b: Matrix): Matrix {
  return [
    a[0] * b[0] + a[2] * b[1], a[1] * b[0] + a[3] * b[1],
    a[0] * b[2] + a[2] * b[3], a[1] * b[2] + a[3] * b[3],
    a[0] * b[4] + a[2] * b[5] + a[4], a[1] * b[4] + a[3] * b[5] + a[5],
  ];
}

type Base = { em: number; rem: number };
type Step = (w: number, h: number, base: Base) => Matrix | undefined;

// Each transform function as a matrix in the page's y-down space (where CSS angles turn clockwise).
export function parseTransform(value: string): Step[] | undefined {
  const steps: Step[] = [];
  const re = /([a-z0-9]+)\(([^)]*)\)/gi;
  let rest = value;
  for (let m = re.exec(value); m; m = re.exec(value)) {
    rest = rest.replace(m[0], "");
    const name = (m[1] as string).toLowerCase();
    const args = (m[2] as string).split(/\s*,\s*|\s+/).filter((a) => a !== "");
    const step = stepOf(name, args);
    if (!step) return undefined;
    steps.push(step);
  }
  return steps.length > 0 && rest.trim() === "" ? steps : undefined;
}

function stepOf(name: string, args: readonly string[]): Step | undefined {
  const len = (a: string | undefined, ref: number, base: Base): number | undefined => {
    if (a === undefined) return 0;
    const l = parseLength(a, base);
    return l ? l.pt + (l.pct * ref) / 100 : undefined;
  };
  const num = (a: string | undefined, fallback: number): number | undefined => (a === undefined ? fallback : Number.isFinite(Number(a)) ? Number(a) : a.endsWith("%") ? Number(a.slice(0, -1)) / 100 : undefined);
  switch (name) {
    case "translate": case "translatex": case "translatey":
      return (w, h, base) => {
        const x = name === "translatey" ? 0 : len(args[0], w, base);
        const y = name === "translatey" ? len(args[0], h, base) : name === "translatex" ? 0 : len(args[1], h, base);
        return x === undefined || y === undefined ? undefined : [1, 0, 0, 1, x, y];
      };
    case "scale": case "scalex": case "scaley": {
      const sx = name === "scaley" ? 1 : num(args[0], 1);
      const sy = name === "scalex" ? 1 : name === "scaley" ? num(args[0], 1) : num(args[1], sx ?? 1);
      return sx === undefined || sy === undefined || Number.isNaN(sx) || Number.isNaN(sy) ? undefined : () => [sx, 0, 0, sy, 0, 0];
    }
    case "rotate": case "rotatez": {
      const a = angle(args[0]);
      return a === undefined || args.length !== 1 ? undefined : () => [Math.cos(a), Math.sin(a), -Math.sin(a), Math.cos(a), 0, 0];
    }
    case "skew": case "skewx": case "skewy": {
      const ax = name === "skewy" ? 0 : angle(args[0]);
      const ay = name === "skewy" ? angle(args[0]) : name === "skewx" ? 0 : args[1] === undefined ? 0 : angle(args[1]);
      return ax === undefined || ay === undefined ? undefined : () => [1, Math.tan(ay), Math.tan(ax), 1, 0, 0];
    }
    case "matrix": {
      const n = args.map(Number);
      // CSS pixels for the translation part (matrix() takes numbers, which are px).
      return n.length === 6 && n.every(Number.isFinite) ? () => [n[0] as number, n[1] as number, n[2] as number, n[3] as number, (n[4] as number) * 0.75, (n[5] as number) * 0.75] : undefined;
    }
    default:
      return undefined;
  }
}

function angle(a: string | undefined): number | undefined {
  const m = /^(-?[\d.]+)(deg|rad|turn|grad)?$/i.exec(a?.trim() ?? "");
  if (!m) return a?.trim() === "0" ? 0 : undefined;
  const v = Number(m[1]);
  switch ((m[2] ?? "").toLowerCase()) {
    case "rad": return v;
    case "turn": return v * 2 * Math.PI;
    case "grad": return (v * Math.PI) / 200;
    case "deg": return (v * Math.PI) / 180;
    default: return v === 0 ? 0 : undefined;
  }
}

const KEYWORD: Readonly<Record<string, number>> = { left: 0, top: 0, center: 50, right: 100, bottom: 100 };

/** `transform-origin` (keywords, lengths, percentages) as a point of a `w` × `h` border box. */
function originOf(parts: readonly string[], w: number, h: number, base: Base): [number, number] {
  let [a, b] = [parts[0] ?? "50%", parts[1] ?? "50%"];
  // `top left` / `bottom right`: a vertical keyword first swaps.
  if (a === "top" || a === "bottom" || (b === "left" || b === "right")) [a, b] = [b, a];
  const at = (v: string, ref: number): number => {
    if (v in KEYWORD) return ((KEYWORD[v] as number) * ref) / 100;
    const l = parseLength(v, base);
    return l ? l.pt + (l.pct * ref) / 100 : ref / 2;
  };
  return [at(a, w), at(b, h)];
}

/** `inset(t r b l round R)` and `circle(r at x y)` (a circle is a square clip with a full radius). */
function clipPathOf(value: string, base: Base): Effects["clip"] {
  const m = /^(inset|circle)\((.*)\)$/i.exec(value.trim());
  if (!m) return undefined;
  const kind = (m[1] as string).toLowerCase();
  const body = (m[2] as string).trim();
  const len = (v: string, ref: number): number | undefined => {
    const l = parseLength(v, base);
    return l ? l.pt + (l.pct * ref) / 100 : undefined;
  };
  if (kind === "inset") {
    const [edges = "", round] = body.split(/\s+round\s+/i);
    const p = splitValue(edges);
    if (p.length < 1 || p.length > 4) return undefined;
    const t = p[0] as string, r = p[1] ?? t, b = p[2] ?? t, l = p[3] ?? r;
    return (w, h) => {
      const [ti, ri, bi, li] = [len(t, h), len(r, w), len(b, h), len(l, w)];
      if (ti === undefined || ri === undefined || bi === undefined || li === undefined) return undefined;
      const radius = round !== undefined ? len(splitValue(round)[0] ?? "0", w) ?? 0 : 0;
      return { x: li, y: ti, width: Math.max(0, w - li - ri), height: Math.max(0, h - ti - bi), ...(radius > 0 ? { radius } : {}) };
    };
  }
  const [radiusText = "closest-side", at] = body.split(/\s*\bat\b\s*/i).map((s) => s.trim());
  const centre = splitValue(at ?? "50% 50%");
  return (w, h) => {
    const [cx, cy] = originOf(centre, w, h, base);
    const r = radiusText === "" || radiusText === "closest-side" ? Math.min(cx, cy, w - cx, h - cy)
      : radiusText === "farthest-side" ? Math.max(cx, cy, w - cx, h - cy)
      : len(radiusText, Math.hypot(w, h) / Math.SQRT2);
    if (r === undefined || r <= 0) return { x: cx, y: cy, width: 0, height: 0 };
    return { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r, radius: r };
  };
}

/** A block drawn through its effects: each fragment is one group, sized by the fragment's own box. */
export class EffectsBlock extends WrapperBlock {
  constructor(inner: Block, private readonly effects: Effects, private readonly width: number, private readonly dx: number, private readonly dy: number) {
    super(inner);
  }

  protected wrap(block: Block): Block {
    return new EffectsBlock(block, this.effects, this.width, this.dx, this.dy);
  }

  place(out: FrameItem[], x: number, y: number, page: PageNumbers): void {
    const items: FrameItem[] = [];
    // A transformed, clipped or translucent box is a stacking context: what it lifts stays in its group.
    asStackingContext(items, (into) => this.inner.place(into, x, y, page));
    const bx = x + this.dx;
    const by = y + this.dy;
    const h = this.inner.height;
    const local = this.effects.transform?.(this.width, h);
    const transform = local && multiply(multiply([1, 0, 0, 1, bx, by], local), [1, 0, 0, 1, -bx, -by]);
    const c = this.effects.clip?.(this.width, h);
    out.push({
      kind: "group",
      ...(transform ? { transform } : {}),
      ...(c ? { clip: { ...c, x: c.x + bx, y: c.y + by } } : {}),
      ...(this.effects.opacity !== undefined ? { opacity: this.effects.opacity } : {}),
      items,
    });
  }
}
