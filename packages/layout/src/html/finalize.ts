// Finalize for HTML documents: with the page count known, every page's body is placed inside its margins
// and the @page margin boxes are laid out with their page numbers (the band flow's finalize step, for CSS).
import type { Block, PageNumbers } from "../elements/block.js";
import type { FrameItem, Page } from "../frame/types.js";
import { pageHeight, type PageGeometry } from "../flow/page.js";
import { pushArtifact } from "../flow/finalize.js";
import { resolveText } from "../tokens/resolve.js";
import { placePageBackground } from "./layout/page-background.js";
import { paragraphBlock } from "./layout/inline.js";
import type { HtmlContext } from "./layout/context.js";
import type { MarginBox, PageSetup } from "./layout/page.js";
import type { ComputedStyle } from "./style.js";

/** Places each page's body with its margin boxes (`first`: the first page's geometry); returns the finished pages. */
export function finalizeHtmlPages(bodies: readonly (Block | null)[], every: PageGeometry, setup: PageSetup, ctx: HtmlContext, first: PageGeometry = every): Page[] {
  const pages = bodies.length;
  return bodies.map((body, i): Page => {
    // The first page has its own margins under `@page :first`.
    const geometry = i === 0 ? first : every;
    const { margins } = geometry;
    const numbers: PageNumbers = { page: i + 1, pages };
    const height = pageHeight(geometry, body?.height ?? 0);
    const items: FrameItem[] = [];
    if (setup.pageStyle) placePageBackground(items, setup.pageStyle, geometry.width, height, numbers, ctx);
    if (setup.canvasStyle) placePageBackground(items, setup.canvasStyle, geometry.width, height, numbers, ctx);
    body?.place(items, margins.left, margins.top, numbers);
    const boxes = i === 0 && setup.firstBoxes ? setup.firstBoxes : setup.boxes;
    // Margin boxes (running headers, page numbers) are artifacts in a tagged PDF.
    const margin: FrameItem[] = [];
    for (const box of boxes) placeMarginBox(margin, box, numbers, geometry, height, ctx);
    pushArtifact(items, margin, { role: "Artifact", artifact: "Pagination" }, ctx.tagged === true);
    return { width: geometry.width, height, items };
  });
}

// The three boxes of a margin share the width between the left and right page margins; each is centred
// vertically in its margin and aligned by its position unless it sets text-align itself.
function placeMarginBox(out: FrameItem[], box: MarginBox, page: PageNumbers, geometry: PageGeometry, height: number, ctx: HtmlContext): void {
  const { margins, width } = geometry;
  const third = (width - margins.left - margins.right) / 3;
  const [edge, where] = box.name.split("-") as [string, string];
  const text = resolveText(box.text, { ...ctx.tokens, page: page.page, pages: page.pages });
  const style = marginBoxStyle(box, where);
  const block = paragraphBlock([{ text, style, path: `@page @${box.name}` }], style, third, ctx, `@page @${box.name}`);
  if (!block) return;
  const x = margins.left + (where === "left" ? 0 : where === "center" ? third : 2 * third);
  const area = edge === "top" ? margins.top : margins.bottom;
  const top = edge === "top" ? 0 : height - margins.bottom;
  block.place(out, x, top + Math.max(0, (area - block.height) / 2), page);
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
