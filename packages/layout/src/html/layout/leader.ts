// leader() in generated content (GCPM §7): the fill string repeated across the free space of its line, so
// that what follows (a page number) ends at the line's end — a table of contents' dotted leaders. The
// paragraph is laid out once with the leader empty to measure its line, then again with the leader as an
// inline object exactly as wide as the free space, drawing as many fill strings as fit, flush right.
import type { FrameItem } from "../../frame/types.js";
import type { HtmlElement } from "../dom.js";
import type { ComputedStyle } from "../style.js";
import type { HtmlContext } from "./context.js";
import type { InlinePiece, ObjectBox, ObjectLayout, ParagraphBlock } from "./inline.js";

/** The tag generated-content.ts gives a leader (its `fill` attribute is the string to repeat). */
export const LEADER_TAG = "::leader";

type Layout = (pieces: readonly InlinePiece[], block: ComputedStyle, width: number, ctx: HtmlContext, path: string, objects?: ObjectLayout) => ParagraphBlock | null;

const MAX_FILL = 8;
const MAX_REPEAT = 400;

const EMPTY: ObjectBox = { block: null, width: 0, height: 0, dx: 0, dy: 0 };

/** Lays out a paragraph holding leaders (object pieces of LEADER_TAG elements) with `layout`. */
export function leaderParagraph(layout: Layout, pieces: readonly InlinePiece[], block: ComputedStyle, width: number, ctx: HtmlContext, path: string, objects: ObjectLayout): ParagraphBlock | null {
  const own = (el: HtmlElement): boolean => el.tag === LEADER_TAG;
  const measured = layout(pieces, block, width, ctx, path, (el) => (own(el) ? EMPTY : objects(el)));
  if (!measured || !Number.isFinite(width)) return measured;
  // Object ids follow the order of the object pieces; a leader's line is the line holding its id.
  const free = new Map<HtmlElement, number>();
  const ids = pieces.filter((p) => p.object).map((p) => p.object as HtmlElement);
  ids.forEach((el, id) => {
    if (!own(el)) return;
    const line = measured.lines.find((l) => l.objects?.some((o) => o.id === id));
    const sharing = line?.objects?.filter((o) => own(ids[o.id] as HtmlElement)).length ?? 1;
    free.set(el, line ? Math.max(0, (width - line.width) / sharing - 0.01) : 0);
  });
  return layout(pieces, block, width, ctx, path, (el) => (own(el) ? leaderBox(el, free.get(el) ?? 0, pieces, ctx, path, layout) : objects(el)));
}

// The fill strings that fit `width`, right-aligned, their baseline on the line's (the box ends at the baseline).
function leaderBox(el: HtmlElement, width: number, pieces: readonly InlinePiece[], ctx: HtmlContext, path: string, layout: Layout): ObjectBox {
  const piece = pieces.find((p) => p.object === el);
  // Bounded work: a fill of at most MAX_FILL characters, repeated at most MAX_REPEAT times.
  const fill = [...(el.attrs.get("fill") ?? ".")].slice(0, MAX_FILL).join("");
  if (!piece || width <= 0 || fill === "") return EMPTY;
  const style: ComputedStyle = { ...piece.style, textAlign: "right", whiteSpace: "pre", underline: false, strike: false };
  const one = layout([{ text: fill.repeat(10), style, path }], style, Infinity, ctx, path);
  const advance = one ? one.width / 10 : 0;
  if (advance <= 0) return EMPTY;
  const count = Math.min(MAX_REPEAT, Math.floor(width / advance));
  const dots = count > 0 ? layout([{ text: fill.repeat(count), style, path }], style, width + 0.01, ctx, path) : null;
  if (!dots) return { ...EMPTY, width };
  const probe: FrameItem[] = [];
  dots.place(probe, 0, 0, { page: 1, pages: 1 });
  const baseline = firstText(probe)?.y ?? dots.height;
  return { block: dots, width, height: baseline, dx: 0, dy: 0 };
}

// The first text item, inside groups too (a tagged paragraph places its lines inside a group carrying its tag).
function firstText(items: readonly FrameItem[]): Extract<FrameItem, { kind: "text" }> | undefined {
  for (const item of items) {
    if (item.kind === "text") return item;
    if (item.kind === "group") {
      const found = firstText(item.items);
      if (found) return found;
    }
  }
  return undefined;
}
