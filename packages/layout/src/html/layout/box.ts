// A CSS box around its content: background, borders per side, padding, a forced or minimum height, a
// relative offset, the list marker, and the absolutely positioned boxes it contains. It implements the
// split contract by splitting its content; every fragment draws its own background and borders (CSS
// `box-decoration-break: clone`), the marker and absolutes go with the first fragment.
import { EPSILON, type Block, type PageNumbers, type Split } from "../../elements/block.js";
import { WrapperBlock } from "../../elements/wrapper-block.js";
import type { FrameItem, FrameTag } from "../../frame/types.js";
import type { BackgroundPaint } from "./background.js";
import type { Absolute } from "./context.js";
import { placeAbsolutes, stackingOrder } from "./positioned.js";
import { drawDoubleSides, isDouble } from "./border-double.js";
import { drawBoxShadows, type Shadow } from "./shadow.js";

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
  /** Background images over the colour (layout/background.ts). */
  readonly images?: BackgroundPaint;
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
  /** The height absolutes are placed in when it is not the box's own (the root: the first page's area). */
  readonly containingHeight?: number | undefined;
  /** `overflow: hidden`: content and absolutes are clipped to the padding box. */
  readonly clip?: boolean | undefined;
  /** The box is as tall as its content height says, whatever its content (overflow: hidden with a height). */
  readonly exact?: boolean | undefined;
  /** `box-shadow`, drawn under the background (shadow.ts). */
  readonly shadows?: readonly Shadow[] | undefined;
  /** The element's structure tag (./tags.ts); its fragments on later pages carry the same one. */
  readonly tag?: FrameTag;
  /** A list item's marker (Lbl) and body (LBody): tags of its own per item, kept by its fragments. */
  readonly listBody?: { readonly label: FrameTag; readonly body: FrameTag };
  /** The tag of the box's background and borders (an artifact) in a tagged document. */
  readonly decoration?: FrameTag;
  /** `box-decoration-break: slice`: no bottom edge where the box breaks, no top edge where it continues. */
  readonly slice?: boolean;
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
    this.height = deco.insets[0] + (extras.exact ? contentHeight : Math.max(contentHeight, content?.height ?? 0)) + deco.insets[2];
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
    // A clipped box of a set height is not split: it moves on whole (or, at a page's top, overflows it).
    if (this.extras.exact) return atTop ? { fits: this, rest: null } : { fits: null, rest: this };
    if (!this.content) return { fits: null, rest: this };
    const part = this.content.split(available - this.deco.insets[0] - this.deco.insets[2], atTop);
    if (!part.fits) return { fits: null, rest: this };
    // All the content fits but a set height does not: the box moves to the next page whole (at the top of a
    // page it stays, as anything taller than a page does).
    if (!part.rest && !atTop && this.height > available + EPSILON) return { fits: null, rest: this };
    const slice = this.extras.slice === true && part.rest !== null;
    const fits = new BoxBlock(slice ? sliced(this.deco, 2) : this.deco, part.fits, part.rest ? part.fits.height : this.contentHeight, this.extras);
    if (!part.rest) return { fits, rest: null };
    // The marker and the absolutes belong to the first fragment only.
    const { marker: _marker, ...later } = this.extras;
    const rest = new BoxBlock(slice ? sliced(this.deco, 0) : this.deco, part.rest, Math.max(0, this.contentHeight - part.fits.height), { ...later, absolutes: [] });
    return { fits, rest };
  }

  place(target: FrameItem[], x0: number, y0: number, page: PageNumbers): void {
    const tag = this.extras.tag;
    // A tagged box's items go into one group carrying its tag; its shadows, background and borders are decoration.
    const out: FrameItem[] = tag === undefined ? target : [];
    const x = x0 + this.extras.dx;
    const y = y0 + this.extras.dy;
    const { deco } = this;
    const h = this.height;
    // Decoration is an artifact in a tagged document, whether or not the box has a tag of its own.
    const decorationTag = this.extras.decoration;
    const decoration: FrameItem[] = decorationTag === undefined ? out : [];
    if (this.extras.shadows) drawBoxShadows(decoration, this.extras.shadows, x, y, deco.width, h, deco.radius);
    if (deco.background) {
      decoration.push({ kind: "shape", geometry: { type: "rect", x, y, width: deco.width, height: h, ...(deco.radius > 0 ? { radius: deco.radius } : {}) }, fill: deco.background });
    }
    deco.images?.place(decoration, x, y, deco.width, h, page);
    drawBorders(decoration, deco, x, y, h);
    if (decorationTag !== undefined && decoration.length > 0) out.push({ kind: "group", tag: decorationTag, items: decoration });
    const top = deco.insets[0];
    const left = deco.insets[3];
    const inner = Math.max(this.contentHeight, this.content?.height ?? 0);
    const offset = this.content ? (inner - this.content.height) * this.extras.valign : 0;
    if (this.extras.absolutes.length === 0 && !this.extras.clip) {
      // The usual box (every table cell): content and marker only, nothing allocated.
      this.placeContent(out, x + left, y + top + offset, page);
    } else {
      const bw = deco.borderWidth;
      const paddingBox = { x: x + bw[3], y: y + bw[0], width: deco.width - bw[1] - bw[3], height: (this.extras.containingHeight ?? h) - bw[0] - bw[2] };
      const { below, above } = stackingOrder(this.extras.absolutes);
      // overflow: hidden draws what is inside the padding box through a clip of it.
      const inside: FrameItem[] = this.extras.clip ? [] : out;
      placeAbsolutes(inside, below, paddingBox, page);
      this.placeContent(inside, x + left, y + top + offset, page);
      placeAbsolutes(inside, above, paddingBox, page);
      if (this.extras.clip && inside.length > 0) {
        const radius = Math.max(0, deco.radius - Math.max(...bw));
        out.push({ kind: "group", clip: { ...paddingBox, height: h - bw[0] - bw[2], ...(radius > 0 ? { radius } : {}) }, items: inside });
      }
    }
    if (tag !== undefined && out.length > 0) target.push({ kind: "group", tag, items: out });
  }

  /** The content and the list marker at the content box's corner (x, y). */
  private placeContent(out: FrameItem[], x: number, y: number, page: PageNumbers): void {
    const marker = this.extras.marker;
    const listBody = this.extras.listBody;
    if (listBody !== undefined) {
      // A list item reads marker first (Lbl), then its body (LBody); the two do not overlap, so the order they
      // are painted in changes no pixel.
      if (marker) pushGroup(out, listBody.label, (items) => marker.block.place(items, x + marker.x, y, page));
      pushGroup(out, listBody.body, (items) => this.content?.place(items, x, y, page));
      return;
    }
    this.content?.place(out, x, y, page);
    if (marker) marker.block.place(out, x + marker.x, y, page);
  }
}

/** Places what `place` draws into a group carrying `tag` (nothing when it draws nothing). */
function pushGroup(out: FrameItem[], tag: FrameTag, place: (items: FrameItem[]) => void): void {
  const items: FrameItem[] = [];
  place(items);
  if (items.length > 0) out.push({ kind: "group", tag, items });
}

// A decoration without its top (0) or bottom (2) border and padding: the cut edge of a sliced box.
function sliced(deco: BoxDecoration, side: 0 | 2): BoxDecoration {
  const insets = [...deco.insets] as [number, number, number, number];
  const borderWidth = [...deco.borderWidth] as [number, number, number, number];
  insets[side] = 0;
  borderWidth[side] = 0;
  return { ...deco, insets, borderWidth, radius: 0 };
}

function drawBorders(out: FrameItem[], deco: BoxDecoration, x: number, y: number, h: number): void {
  const bw = deco.borderWidth;
  const t = bw[0];
  const r = bw[1];
  const b = bw[2];
  const l = bw[3];
  if (t + r + b + l <= 0) return;
  const w = deco.width;
  // Double sides two lines each (border-double.ts); the other sides as below.
  const double = deco.borderStyle.includes("double") ? [isDouble(deco, 0), isDouble(deco, 1), isDouble(deco, 2), isDouble(deco, 3)] : undefined;
  if (double?.some(Boolean)) {
    drawDoubleSides(out, deco, x, y, h);
    if (double.every(Boolean)) return;
  }
  if (deco.radius > 0 && t === r && r === b && b === l && allSame(deco.borderColor) && allSame(deco.borderStyle) && !double?.some(Boolean)) {
    out.push({ kind: "shape", geometry: { type: "rect", x: x + t / 2, y: y + t / 2, width: w - t, height: h - t, radius: deco.radius }, stroke: strokeOf(deco, 0) });
    return;
  }
  // Each side a line along the middle of its border, from outer corner to outer corner.
  const strokes = sideStrokes(deco);
  if (t > 0 && !double?.[0]) out.push({ kind: "shape", geometry: { type: "line", x1: x, y1: y + t / 2, x2: x + w, y2: y + t / 2 }, stroke: strokes[0] });
  if (r > 0 && !double?.[1]) out.push({ kind: "shape", geometry: { type: "line", x1: x + w - r / 2, y1: y, x2: x + w - r / 2, y2: y + h }, stroke: strokes[1] });
  if (b > 0 && !double?.[2]) out.push({ kind: "shape", geometry: { type: "line", x1: x, y1: y + h - b / 2, x2: x + w, y2: y + h - b / 2 }, stroke: strokes[2] });
  if (l > 0 && !double?.[3]) out.push({ kind: "shape", geometry: { type: "line", x1: x + l / 2, y1: y, x2: x + l / 2, y2: y + h }, stroke: strokes[3] });
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
export class ShiftBlock extends WrapperBlock {
  constructor(inner: Block, private readonly dx: number) {
    super(inner);
  }

  protected wrap(block: Block): Block {
    return new ShiftBlock(block, this.dx);
  }

  place(out: FrameItem[], x: number, y: number, page: PageNumbers): void {
    this.inner.place(out, x + this.dx, y, page);
  }
}
