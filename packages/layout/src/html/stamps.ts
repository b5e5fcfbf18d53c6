// The `stamps` render option on HTML templates: the report engine's stamp step (flow/stamps.ts) over the
// finished HTML pages, with an element environment made from the HTML context (same fonts, images, tokens).
import { resolvePalette } from "../brand/palette.js";
import type { LayoutEnv } from "../elements/context.js";
import { ParagraphCache } from "../elements/paragraphs.js";
import { RenderMemo } from "../elements/render-memo.js";
import { RowBudget } from "../flow/budget.js";
import { withStamps } from "../flow/stamps.js";
import type { Page } from "../frame/types.js";
import type { Stamp, Theme } from "../model/types.js";
import type { TokenContext } from "../tokens/types.js";
import type { HtmlContext } from "./layout/context.js";

/** The pages with the stamps each chooses (its `pages` and `visibleIf`), under or over the page's items. */
export function stampHtmlPages(pages: readonly Page[], stamps: readonly Stamp[], ctx: HtmlContext, theme: Theme | undefined): Page[] {
  const env: LayoutEnv = {
    fonts: ctx.fonts,
    palette: resolvePalette(undefined, theme),
    tokens: ctx.tokens,
    direction: "ltr",
    bodyFamily: undefined,
    headingFamily: undefined,
    diagnostics: ctx.diagnostics,
    paragraphs: new ParagraphCache(ctx.fonts),
    images: ctx.images,
    pageBody: ctx.pageBody,
    rows: new RowBudget(),
    memo: new RenderMemo(),
  };
  return pages.map((page, index) => {
    const tokens: TokenContext = Object.assign({}, ctx.tokens, { page: index + 1, pages: pages.length });
    const stamped = { index, count: pages.length, width: page.width, height: page.height, tokens };
    return { ...page, items: withStamps([...page.items], stamps, stamped, env) };
  });
}
