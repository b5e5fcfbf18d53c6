// The content of a margin box that needs the page it is on (GCPM): string(name, first|start|last|
// first-except) from `string-set`, element(name, …) — a running element laid out in the box — and
// counter(page|pages, style). Values carry over from earlier pages as GCPM says: a page that sets no
// string shows the last value set before it.
import type { Block, PageNumbers } from "../elements/block.js";
import type { ContentPart } from "./content-value.js";
import { formatCounter } from "./counter-style.js";
import type { HtmlElement } from "./dom.js";
import type { HtmlContext } from "./layout/context.js";
import { layoutBlockBox } from "./layout/flow.js";
import { paragraphBlock } from "./layout/inline.js";
import type { PagedState } from "./layout/paged-state.js";
import type { ComputedStyle } from "./style.js";

/** The block of a margin box on page `index` (0-based), or null when it prints nothing there. */
export function marginBoxContent(parts: readonly ContentPart[], style: ComputedStyle, width: number, ctx: HtmlContext, index: number, page: PageNumbers, path: string): Block | null {
  const paged = ctx.paged;
  const running = parts.find((p) => p.kind === "element");
  if (running && running.kind === "element") {
    const el = paged ? pick(paged, index, (r) => r.running.get(running.name), running.which) : undefined;
    return el ? runningBlock(el, width, ctx) : null;
  }
  let text = "";
  for (const part of parts) {
    if (part.kind === "text") text += part.text;
    else if (part.kind === "counter") text += formatCounter(part.name === "pages" ? page.pages : part.name === "page" ? page.page : 0, part.style);
    else if (part.kind === "string" && paged) text += pick(paged, index, (r) => r.strings.get(part.name), part.which) ?? "";
  }
  return text === "" ? null : paragraphBlock([{ text, style, path }], style, width, ctx, path);
}

// GCPM's choice among the values of page `index`: first (default), start, last, first-except; a page
// without any takes the last value of the pages before it.
function pick<T>(paged: PagedState, index: number, of: (r: PagedState["pages"][number]) => readonly T[] | undefined, which: string): T | undefined {
  const own = paged.pages[index] ? of(paged.pages[index]) : undefined;
  let before: T | undefined;
  for (let i = index - 1; i >= 0 && before === undefined; i--) {
    const list = paged.pages[i] ? of(paged.pages[i] as PagedState["pages"][number]) : undefined;
    if (list && list.length > 0) before = list[list.length - 1];
  }
  if (!own || own.length === 0) return which === "first-except" ? before : before;
  switch (which) {
    case "last":
      return own[own.length - 1];
    case "start":
      return before ?? own[0];
    case "first-except":
      return undefined;
    default:
      return own[0];
  }
}

// A running element laid out in the margin box's width (its own styles; it is not a mark there).
function runningBlock(el: HtmlElement, width: number, ctx: HtmlContext): Block | null {
  const paged = ctx.paged as PagedState;
  paged.inMarginBox = true;
  try {
    return layoutBlockBox(el, ctx, width, [])?.block ?? null;
  } finally {
    paged.inMarginBox = false;
  }
}
