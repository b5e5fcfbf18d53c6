// List markers: `disc`, `circle`, `square`, `decimal`, `lower-`/`upper-alpha` (and `-latin`),
// `lower-`/`upper-roman`, `none`; numbered by the item's position among its list's items (`<ol start>`,
// `<li value>`), drawn right-aligned just left of the item's content (outside, as browsers do).
import { atomicSplit, type Block, type PageNumbers, type Split } from "../../elements/block.js";
import type { FrameItem } from "../../frame/types.js";
import type { HtmlElement } from "../dom.js";
import type { ComputedStyle } from "../style.js";
import { styleOf, type HtmlContext } from "./context.js";
import { imageMarkerOf } from "./image-marker.js";
import { paragraphBlock } from "./inline.js";
import { markerText } from "../counter-style.js";

/** The marker of a list item, or undefined for `list-style-type: none`. */
export function markerOf(el: HtmlElement, style: ComputedStyle, ctx: HtmlContext): { block: Block; x: number } | undefined {
  // A ::marker with content (or a ::marker style) replaces the list-style marker (generated-content.ts).
  const generated = ctx.paged?.markers.get(el);
  // Its content holds its own spacing (`"\2713  "`): the marker ends where the content starts, as in Chromium.
  if (generated) return generatedMarker(el, generated.text, generated.style, ctx, generated.content ? 0 : undefined);
  const image = style.listStyleImage !== null ? imageMarkerOf(style, ctx, el.path) : undefined;
  if (image) return image;
  const type = style.listStyleType;
  if (type === "disc" || type === "circle" || type === "square") {
    // Drawn, not typeset: not every designer font has the circle and square bullets.
    const size = style.size * 0.36;
    const line = "mult" in style.lineHeight ? style.lineHeight.mult * style.size : style.lineHeight.pt;
    return { block: new BulletBlock(type, size, (line - size) / 2, style.color), x: -size - style.size * 0.55 };
  }
  const text = markerText(style.listStyleType, ordinal(el, ctx));
  if (text === undefined) return undefined;
  return generatedMarker(el, text, style, ctx);
}

function generatedMarker(el: HtmlElement, text: string, style: ComputedStyle, ctx: HtmlContext, gapOverride?: number): { block: Block; x: number } | undefined {
  if (text === "") return undefined;
  const markerStyle: ComputedStyle = { ...style, textAlign: "left", textTransform: "none", whiteSpace: gapOverride === 0 ? "pre" : "nowrap", underline: false, strike: false };
  const box = paragraphBlock([{ text, style: markerStyle, path: el.path }], markerStyle, Infinity, ctx, el.path);
  if (!box) return undefined;
  const width = box.width;
  const gap = gapOverride ?? style.size * 0.5;
  return { block: box, x: -width - gap };
}

function ordinal(el: HtmlElement, ctx: HtmlContext): number {
  const list = el.parent;
  let n = Number(list?.tag === "ol" ? list.attrs.get("start") ?? 1 : 1);
  if (!Number.isFinite(n)) n = 1;
  if (list?.attrs.has("reversed")) n = Number(list.attrs.get("start") ?? countItems(list, ctx));
  const step = list?.attrs.has("reversed") ? -1 : 1;
  for (const sibling of list?.children ?? []) {
    if (sibling === el) break;
    if (sibling.kind !== "element" || styleOf(ctx, sibling).display !== "list-item") continue;
    const value = Number(sibling.attrs.get("value"));
    n = (Number.isFinite(value) && sibling.attrs.has("value") ? value : n) + step;
  }
  const own = Number(el.attrs.get("value"));
  return el.attrs.has("value") && Number.isFinite(own) ? own : n;
}

function countItems(list: HtmlElement, ctx: HtmlContext): number {
  return list.children.filter((c) => c.kind === "element" && styleOf(ctx, c).display === "list-item").length;
}

/** A disc, circle or square bullet, centred on the first line. */
class BulletBlock implements Block {
  readonly height: number;

  constructor(
    private readonly shape: "disc" | "circle" | "square",
    private readonly size: number,
    private readonly top: number,
    private readonly colour: string,
  ) {
    this.height = top + size;
  }

  split(available: number): Split {
    return atomicSplit(this, available);
  }

  place(out: FrameItem[], x: number, y: number, _page: PageNumbers): void {
    const s = this.size;
    const top = y + this.top;
    if (this.shape === "square") out.push({ kind: "shape", geometry: { type: "rect", x, y: top, width: s, height: s }, fill: this.colour });
    else if (this.shape === "disc") out.push({ kind: "shape", geometry: { type: "ellipse", cx: x + s / 2, cy: top + s / 2, rx: s / 2, ry: s / 2 }, fill: this.colour });
    else out.push({ kind: "shape", geometry: { type: "ellipse", cx: x + s / 2, cy: top + s / 2, rx: s / 2 - s / 10, ry: s / 2 - s / 10 }, stroke: { color: this.colour, width: s / 5 } });
  }
}
