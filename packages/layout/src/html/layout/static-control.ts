// Form controls printed as Chromium prints them when the render does not make form fields: a text input,
// select or textarea is a white box with a 1px #767676 border (2px corners) holding its value (a placeholder
// in grey; a select's chosen option with a chevron at the right; a password as dots); a checkbox a 13px
// rounded square, filled with Chromium's accent blue (#0075ff) and a white tick when checked; a radio button a
// 13px circle with a blue ring and dot when checked. Nothing here is a form field: the text prints as text.
import { EPSILON, type Block, type PageNumbers, type Split } from "../../elements/block.js";
import type { FieldKind } from "../../model/types.js";
import type { FrameItem } from "../../frame/types.js";
import type { HtmlElement, HtmlNode } from "../dom.js";
import type { ComputedStyle } from "../style.js";
import type { HtmlContext } from "./context.js";
import { paragraphBlock } from "./inline.js";

const BORDER = "#767676";
const ACCENT = "#0075ff";
const PLACEHOLDER = "#757575";
/** 1 CSS pixel in points. */
const PX = 0.75;

/** The static drawing of a control `width` × `height` (its content box). */
export function staticControlBlock(el: HtmlElement, style: ComputedStyle, kind: FieldKind, width: number, height: number, ctx: HtmlContext): Block {
  const attr = (name: string): string | undefined => el.attrs.get(name);
  const items: FrameItem[] = [];
  const stroke = { color: BORDER, width: PX };
  if (kind === "checkbox") {
    const checked = attr("checked") !== undefined;
    items.push({ kind: "shape", geometry: { type: "rect", x: PX / 2, y: PX / 2, width: width - PX, height: height - PX, radius: 2 * PX }, fill: checked ? ACCENT : "#ffffff", stroke: checked ? { color: ACCENT, width: PX } : stroke });
    if (checked) items.push({ kind: "shape", geometry: { type: "path", d: `M ${width * 0.22} ${height * 0.52} L ${width * 0.42} ${height * 0.72} L ${width * 0.78} ${height * 0.3}` }, stroke: { color: "#ffffff", width: 1.5 * PX } });
    return new StaticBlock(items, height, null, 0, 0);
  }
  if (kind === "radio") {
    const checked = attr("checked") !== undefined;
    const r = Math.min(width, height) / 2;
    items.push({ kind: "shape", geometry: { type: "ellipse", cx: width / 2, cy: height / 2, rx: r - PX / 2, ry: r - PX / 2 }, fill: "#ffffff", stroke: checked ? { color: ACCENT, width: PX } : stroke });
    if (checked) items.push({ kind: "shape", geometry: { type: "ellipse", cx: width / 2, cy: height / 2, rx: r * 0.55, ry: r * 0.55 }, fill: ACCENT });
    return new StaticBlock(items, height, null, 0, 0);
  }
  items.push({ kind: "shape", geometry: { type: "rect", x: PX / 2, y: PX / 2, width: width - PX, height: height - PX, radius: 2 * PX }, fill: style.background ?? "#ffffff", stroke });
  const { text, grey } = shownText(el, kind);
  const chevron = kind === "dropdown" ? style.size : 0;
  if (chevron > 0) {
    const cx = width - chevron * 0.9;
    const cy = height / 2;
    const s = chevron * 0.22;
    items.push({ kind: "shape", geometry: { type: "path", d: `M ${cx - s} ${cy - s / 2} L ${cx} ${cy + s / 2} L ${cx + s} ${cy - s / 2}` }, stroke: { color: style.color, width: 1.5 * PX } });
  }
  const pad = kind === "multiline" ? 2 * PX : 2 * PX;
  const inner = Math.max(0, width - 2 * (PX + pad) - chevron);
  const textStyle: ComputedStyle = grey ? { ...style, color: PLACEHOLDER } : style;
  const paragraph = text === "" ? null : paragraphBlock([{ text, style: textStyle, path: el.path }], { ...textStyle, whiteSpace: kind === "multiline" ? "pre-wrap" : "pre", textIndent: { pt: 0, pct: 0 } }, inner, ctx, el.path);
  // Single-line controls centre their text vertically; a textarea starts at the top.
  const dy = paragraph ? (kind === "multiline" ? PX + pad : Math.max(0, (height - paragraph.height) / 2)) : 0;
  return new StaticBlock(items, height, paragraph, PX + pad, dy);
}

/** What a control shows: its value, a placeholder (grey) when it has none, dots for a password. */
function shownText(el: HtmlElement, kind: FieldKind): { text: string; grey: boolean } {
  const attr = (name: string): string | undefined => el.attrs.get(name);
  let value: string;
  if (kind === "multiline") value = textOf(el.children);
  else if (kind === "dropdown") {
    const options = optionLabels(el);
    value = (options.find((o) => o.selected) ?? options[0])?.label ?? "";
  } else value = attr("value") ?? "";
  if (attr("type") === "password") value = "\u2022".repeat([...value].length);
  if (value === "" && attr("placeholder")) return { text: attr("placeholder") as string, grey: true };
  return { text: value, grey: false };
}

function optionLabels(el: HtmlElement): { label: string; selected: boolean }[] {
  const out: { label: string; selected: boolean }[] = [];
  const visit = (nodes: readonly HtmlNode[]): void => {
    for (const n of nodes) {
      if (n.kind !== "element") continue;
      if (n.tag === "option") out.push({ label: textOf(n.children).trim(), selected: n.attrs.has("selected") });
      else if (n.tag === "optgroup") visit(n.children);
    }
  };
  visit(el.children);
  return out;
}

function textOf(nodes: readonly HtmlNode[]): string {
  return nodes.map((n) => (n.kind === "text" ? n.text : textOf(n.children))).join("");
}

/** A drawn control: moves to the next page whole, like a field. */
class StaticBlock implements Block {
  constructor(
    private readonly items: readonly FrameItem[],
    readonly height: number,
    private readonly text: Block | null,
    private readonly dx: number,
    private readonly dy: number,
  ) {}

  split(available: number): Split {
    return this.height <= available + EPSILON ? { fits: this, rest: null } : { fits: null, rest: this };
  }

  place(out: FrameItem[], x: number, y: number, page: PageNumbers): void {
    for (const item of this.items) out.push(moved(item, x, y));
    this.text?.place(out, x + this.dx, y + this.dy, page);
  }
}

function moved(item: FrameItem, x: number, y: number): FrameItem {
  if (item.kind !== "shape") return item;
  const g = item.geometry;
  switch (g.type) {
    case "rect":
      return { ...item, geometry: { ...g, x: g.x + x, y: g.y + y } };
    case "ellipse":
      return { ...item, geometry: { ...g, cx: g.cx + x, cy: g.cy + y } };
    case "path":
      return { ...item, geometry: { ...g, d: g.d.replace(/(-?[\d.]+) (-?[\d.]+)/g, (_, a: string, b: string) => `${Number(a) + x} ${Number(b) + y}`) } };
    default:
      return item;
  }
}
