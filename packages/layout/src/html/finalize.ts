// Finalize for HTML documents: with the page count known, every page's body is placed inside its margins
// and the @page margin boxes are laid out with their page numbers (the band flow's finalize step, for CSS).
// When boxes mark pages (string-set, running elements, named pages, targets: layout/page-marks.ts), the
// pages are first walked once to record the marks, so each page's margin boxes and @page rules know them.
import type { Block, PageNumbers } from "../elements/block.js";
import type { FrameItem, Page } from "../frame/types.js";
import { pageHeight, type PageGeometry } from "../flow/page.js";
import { pushArtifact } from "../flow/finalize.js";
import { resolveText } from "../tokens/resolve.js";
import { placePageBackground } from "./layout/page-background.js";
import { paragraphBlock } from "./layout/inline.js";
import type { HtmlContext } from "./layout/context.js";
import type { Footnotes } from "./layout/footnotes.js";
import { pageStyleFor, type MarginBox, type PageSetup } from "./layout/page.js";
import { marginBoxContent } from "./margin-content.js";
import { sideBoxArea } from "./side-boxes.js";
import type { ComputedStyle } from "./style.js";

/** Places each page's body with its margin boxes (`first`: the first page's geometry); returns the finished pages. */
export function finalizeHtmlPages(bodies: readonly (Block | null)[], every: PageGeometry, setup: PageSetup, ctx: HtmlContext, first: PageGeometry = every, notes?: Footnotes, blank: (index: number) => boolean = (i) => bodies[i] === null): Page[] {
  const pages = bodies.length;
  const paged = ctx.paged;
  if (paged?.marking === true) {
    paged.recording = true;
    bodies.forEach((body, i) => body?.place([], 0, 0, { page: i + 1, pages }));
    paged.recording = false;
  }
  const rtl = setup.root.direction === "rtl";
  return bodies.map((body, i): Page => {
    // The first page has its own margins under `@page :first`.
    const geometry = i === 0 ? first : every;
    const numbers: PageNumbers = { page: i + 1, pages };
    const height = pageHeight(geometry, body?.height ?? 0);
    // Rules for :left/:right/:blank and named pages: the first page is a right page (left-to-right).
    const style = setup.selective ? pageStyleFor(setup, { index: i, right: (i % 2 === 0) !== rtl, name: paged?.pages[i]?.name, blank: blank(i) }, geometry.margins) : undefined;
    const margins = style ? { ...geometry.margins, left: style.left, right: style.right } : geometry.margins;
    const items: FrameItem[] = [];
    if (setup.pageStyle) placePageBackground(items, setup.pageStyle, geometry.width, height, numbers, ctx);
    if (setup.canvasStyle) placePageBackground(items, setup.canvasStyle, geometry.width, height, numbers, ctx);
    body?.place(items, margins.left, margins.top, numbers);
    // Footnotes at the foot of the page body (its room was kept by footnotes.ts).
    if (notes) notes.place(items, paged?.pageFootnotes[i] ?? [], margins.left, margins.top + geometry.body, numbers);
    const boxes = style ? style.boxes : i === 0 && setup.firstBoxes ? setup.firstBoxes : setup.boxes;
    const placed = { ...geometry, margins };
    const names = new Set(boxes.map((b) => b.name));
    // Margin boxes (running headers, page numbers) are artifacts in a tagged PDF.
    const margin: FrameItem[] = [];
    for (const box of boxes) placeMarginBox(margin, box, numbers, placed, height, ctx, i, names);
    pushArtifact(items, margin, { role: "Artifact", artifact: "Pagination" }, ctx.tagged === true);
    return { width: geometry.width, height, items };
  });
}

// The three boxes of a margin share the width between the left and right page margins; each is centred
// vertically in its margin and aligned by its position unless it sets text-align itself.
function placeMarginBox(out: FrameItem[], box: MarginBox, page: PageNumbers, geometry: PageGeometry, height: number, ctx: HtmlContext, index: number, present: ReadonlySet<string>): void {
  const { margins, width } = geometry;
  const third = (width - margins.left - margins.right) / 3;
  const side = sideBoxArea(box.name, margins, width, height);
  if (side) {
    placeSideBox(out, box, side, page, ctx, index);
    return;
  }
  const [edge, where] = box.name.split("-") as [string, string];
  // A left or right box takes the width of the empty boxes beside it (a long running footer on its own).
  const free = (name: string): boolean => !present.has(`${edge}-${name}`);
  const span = where === "center" ? 1 : free("center") ? (free(where === "left" ? "right" : "left") ? 3 : 2) : 1;
  const style = marginBoxStyle(box, where);
  const path = `@page @${box.name}`;
  let block: Block | null;
  const boxWidth = third * span;
  if (box.parts) block = marginBoxContent(box.parts, style, boxWidth, ctx, index, page, path);
  else {
    const text = resolveText(box.text, { ...ctx.tokens, page: page.page, pages: page.pages });
    block = paragraphBlock([{ text, style, path }], style, boxWidth, ctx, path);
  }
  if (!block) return;
  const x = margins.left + (where === "left" ? 0 : where === "center" ? third : 3 * third - boxWidth);
  const area = edge === "top" ? margins.top : margins.bottom;
  const top = edge === "top" ? 0 : height - margins.bottom;
  block.place(out, x, top + Math.max(0, (area - block.height) / 2), page);
}

// A side box or corner: its text centred in its area (the default alignment of those boxes in CSS Paged Media).
function placeSideBox(out: FrameItem[], box: MarginBox, area: { x: number; y: number; width: number; height: number }, page: PageNumbers, ctx: HtmlContext, index: number): void {
  const style = marginBoxStyle(box, "center");
  const path = `@page @${box.name}`;
  const block = box.parts
    ? marginBoxContent(box.parts, style, area.width, ctx, index, page, path)
    : paragraphBlock([{ text: resolveText(box.text, { ...ctx.tokens, page: page.page, pages: page.pages }), style, path }], style, area.width, ctx, path);
  block?.place(out, area.x, area.y + Math.max(0, (area.height - block.height) / 2), page);
}

// A margin box's style (aligned by its position unless it sets text-align itself), made once per box rather
// than per page: the text engine's caches key on the style object.
const marginStyles = new WeakMap<MarginBox, ComputedStyle>();

function marginBoxStyle(box: MarginBox, where: string): ComputedStyle {
  let style = marginStyles.get(box);
  if (!style) {
    const align = box.style.textAlign !== "start" ? box.style.textAlign : where === "left" ? "left" : where === "right" ? "right" : "center";
    style = { ...box.style, textAlign: align, whiteSpace: "pre-line" as const };
    marginStyles.set(box, style);
  }
  return style;
}
