// A CSS box around its content: background, borders per side, padding, a forced or minimum height, a
// relative offset, the list marker, and the absolutely positioned boxes it contains. It implements the
// split contract by splitting its content; every fragment draws its own background and borders (CSS
// `box-decoration-break: clone`), the marker and absolutes go with the first fragment.
import { EPSILON, type Block, type PageNumbers, type Split } from "../../elements/block.js";
import type { FrameItem } from "../../frame/types.js";
import type { Absolute } from "./context.js";

/** The painted and spacing parts of a box. */
export interface BoxDecoration {
  /** Border + padding per side: top, right, bottom, left. */
  readonly insets: readonly [number, number, number, number];
  readonly borderWidth: readonly [number, number, number, number];
  readonly borderStyle: readonly [string, string, string, string];
  readonly borderColor: readonly [string, string, string, string];
  readonly background: string | null;
  readonly radius: number;
  /** The border-box width. */
  readonly width: number;
}

/** A decoration with no borders or padding: only a background (or nothing), `width` wide. */
export function plainDecoration(width: number, background: string | null): BoxDecoration {
  return { insets: [0, 0, 0, 0], borderWidth: [0, 0, 0, 0], borderStyle: ["none", "none", "none", "none"], borderColor: ["", "", "", ""], background, radius: 0, width };
}

/** What the first fragment of a box carries besides its content. */
export interface BoxExtras {
  /** Offset of `position: relative`. */
  readonly dx: number;
  readonly dy: number;
  /** The list marker, placed left of the content's first line. */
  readonly marker?: { readonly block: Block; readonly x: number };
  readonly absolutes: readonly Absolute[];
  /** Avoid splitting (`break-inside: avoid`) unless taller than a page. */
  readonly avoidBreak: boolean;
  /** Vertical position of the content in a taller box (table cells): 0 top, 0.5 middle, 1 bottom. */
  readonly valign: number;
  /** Height of an empty page body. */
  readonly pageBody: number;
}

/** A box: decoration around a content block. */
export class BoxBlock implements Block {
  readonly height: number;
  readonly breaks: boolean;

  constructor(
    private readonly deco: BoxDecoration,
    private readonly content: Block | null,
    /** The content height the box shows (at least the content's). */
    private readonly contentHeight: number,
    private readonly extras: BoxExtras,
  ) {
    // Indexed reads, not destructuring: a box is made per cell and row, and destructuring allocates.
    this.height = deco.insets[0] + Math.max(contentHeight, content?.height ?? 0) + deco.insets[2];
    this.breaks = content?.breaks === true;
  }

  /** The last box `stretched` made: a cell shared by many rows of the same height stretches once. */
  private lastStretch: { readonly height: number; readonly valign: number; readonly box: BoxBlock } | undefined;

  /** The same box at least `height` tall (rows stretch their cells), its content placed by `valign`. */
  stretched(height: number, valign = this.extras.valign): BoxBlock {
    const last = this.lastStretch;
    if (last && last.height === height && last.valign === valign) return last.box;
    const insets = this.deco.insets;
    const box = new BoxBlock(this.deco, this.content, Math.max(this.contentHeight, height - insets[0] - insets[2]), { ...this.extras, valign });
    this.lastStretch = { height, valign, box };
    return box;
  }

  /** The same box painting other borders (border-collapse draws a shared border once); its insets stay. */
  repainted(borderWidth: BoxDecoration["borderWidth"], borderStyle: BoxDecoration["borderStyle"], borderColor: BoxDecoration["borderColor"]): BoxBlock {
    return new BoxBlock({ ...this.deco, borderWidth, borderStyle, borderColor }, this.content, this.contentHeight, this.extras);
  }

  split(available: number, atTop: boolean): Split {
    if (this.height <= available + EPSILON && !this.breaks) return { fits: this, rest: null };
    const { pageBody, avoidBreak } = this.extras;
    if (avoidBreak && !atTop && !this.breaks && this.height <= pageBody + EPSILON) return { fits: null, rest: this };
    if (!this.content) return { fits: null, rest: this };
    const part = this.content.split(available - this.deco.insets[0] - this.deco.insets[2], atTop);
    if (!part.fits) return { fits: null, rest: this };
    // All the content fits but a set height does not: the box moves to the next page whole (at the top of a
    // page it stays, as anything taller than a page does).
    if (!part.rest && !atTop && this.height > available + EPSILON) return { fits: null, rest: this };
    const fits = new BoxBlock(this.deco, part.fits, part.rest ? part.fits.height : this.contentHeight, this.extras);
    if (!part.rest) return { fits, rest: null };
    // The marker and the absolutes belong to the first fragment only.
    const { marker: _marker, ...later } = this.extras;
    const rest = new BoxBlock(this.deco, part.rest, Math.max(0, this.contentHeight - part.fits.height), { ...later, absolutes: [] });
    return { fits, rest };
  }

  place(out: FrameItem[], x0: number, y0: number, page: PageNumbers): void {
    const x = x0 + this.extras.dx;
    const y = y0 + this.extras.dy;
    const { deco } = this;
    const h = this.height;
    if (deco.background) {
      out.push({ kind: "shape", geometry: { type: "rect", x, y, width: deco.width, height: h, ...(deco.radius > 0 ? { radius: deco.radius } : {}) }, fill: deco.background });
    }
    drawBorders(out, deco, x, y, h);
    const top = deco.insets[0];
    const left = deco.insets[3];
    const inner = Math.max(this.contentHeight, this.content?.height ?? 0);
    const offset = this.content ? (inner - this.content.height) * this.extras.valign : 0;
    this.content?.place(out, x + left, y + top + offset, page);
    const marker = this.extras.marker;
    if (marker) marker.block.place(out, x + left + marker.x, y + top + offset, page);
    if (this.extras.absolutes.length === 0) return;
    const bw = deco.borderWidth;
    const paddingBox = { x: x + bw[3], y: y + bw[0], width: deco.width - bw[1] - bw[3], height: h - bw[0] - bw[2] };
    for (const a of this.extras.absolutes) {
      const ax = a.left !== undefined ? paddingBox.x + a.left : a.right !== undefined ? paddingBox.x + paddingBox.width - a.right - a.width : paddingBox.x;
      const ay = a.top !== undefined ? paddingBox.y + a.top : a.bottom !== undefined ? paddingBox.y + paddingBox.height - a.bottom - a.block.height : paddingBox.y;
      a.block.place(out, ax, ay, page);
    }
  }
}

function drawBorders(out: FrameItem[], deco: BoxDecoration, x: number, y: number, h: number): void {
  const bw = deco.borderWidth;
  const t = bw[0];
  const r = bw[1];
  const b = bw[2];
  const l = bw[3];
  if (t + r + b + l <= 0) return;
  const w = deco.width;
  if (deco.radius > 0 && t === r && r === b && b === l && allSame(deco.borderColor) && allSame(deco.borderStyle)) {
    out.push({ kind: "shape", geometry: { type: "rect", x: x + t / 2, y: y + t / 2, width: w - t, height: h - t, radius: deco.radius }, stroke: strokeOf(deco, 0) });
    return;
  }
  // Each side a line along the middle of its border, from outer corner to outer corner.
  const strokes = sideStrokes(deco);
  if (t > 0) out.push({ kind: "shape", geometry: { type: "line", x1: x, y1: y + t / 2, x2: x + w, y2: y + t / 2 }, stroke: strokes[0] });
  if (r > 0) out.push({ kind: "shape", geometry: { type: "line", x1: x + w - r / 2, y1: y, x2: x + w - r / 2, y2: y + h }, stroke: strokes[1] });
  if (b > 0) out.push({ kind: "shape", geometry: { type: "line", x1: x, y1: y + h - b / 2, x2: x + w, y2: y + h - b / 2 }, stroke: strokes[2] });
  if (l > 0) out.push({ kind: "shape", geometry: { type: "line", x1: x + l / 2, y1: y, x2: x + l / 2, y2: y + h }, stroke: strokes[3] });
}

type Stroke = ReturnType<typeof strokeOf>;

// The four side strokes of a decoration, made once: a cell's decoration is shared by every row and page that
// shows it, and painting only reads strokes.
const strokesOf = new WeakMap<BoxDecoration, readonly [Stroke, Stroke, Stroke, Stroke]>();

function sideStrokes(deco: BoxDecoration): readonly [Stroke, Stroke, Stroke, Stroke] {
  let strokes = strokesOf.get(deco);
  if (!strokes) strokesOf.set(deco, (strokes = [strokeOf(deco, 0), strokeOf(deco, 1), strokeOf(deco, 2), strokeOf(deco, 3)]));
  return strokes;
}

function allSame(values: readonly [string, string, string, string]): boolean {
  return values[0] === values[1] && values[1] === values[2] && values[2] === values[3];
}

function strokeOf(deco: BoxDecoration, side: number): { color: string; width: number; dash?: number[]; cap?: "round" } {
  const width = deco.borderWidth[side] ?? 0;
  const style = deco.borderStyle[side];
  const color = deco.borderColor[side] ?? "#000000";
  if (style === "dashed") return { color, width, dash: [width * 3, width * 3] };
  if (style === "dotted") return { color, width, dash: [0, width * 2], cap: "round" };
  return { color, width };
}

/** Vertical space between boxes (a collapsed margin): truncated at a page break, never carried over. */
export class GapBlock implements Block {
  constructor(readonly height: number) {}

  split(available: number): Split {
    return { fits: new GapBlock(Math.max(0, Math.min(this.height, available))), rest: null };
  }

  place(): void {}
}

/** Blocks side by side at fixed offsets (a flex line, a row of inline boxes): moves to the next page whole. */
export class RowBlock implements Block {
  constructor(
    private readonly cells: readonly { readonly block: Block; readonly x: number; readonly y: number }[],
    readonly height: number,
  ) {}

  split(available: number): Split {
    return this.height <= available + EPSILON ? { fits: this, rest: null } : { fits: null, rest: this };
  }

  place(out: FrameItem[], x: number, y: number, page: PageNumbers): void {
    for (const c of this.cells) c.block.place(out, x + c.x, y + c.y, page);
  }
}

/** A block moved right by `dx` (centred or end-aligned boxes). */
export class ShiftBlock implements Block {
  constructor(private readonly inner: Block, private readonly dx: number) {}

  get height(): number {
    return this.inner.height;
  }

  get breaks(): boolean {
    return this.inner.breaks === true;
  }

  split(available: number, atTop: boolean): Split {
    const part = this.inner.split(available, atTop);
    return { fits: part.fits && new ShiftBlock(part.fits, this.dx), rest: part.rest && new ShiftBlock(part.rest, this.dx) };
  }

  place(out: FrameItem[], x: number, y: number, page: PageNumbers): void {
    this.inner.place(out, x + this.dx, y, page);
  }
}
