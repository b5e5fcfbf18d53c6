// The render engine's layout core: template document + data → pages of positioned items.
import { resolvePalette } from "./brand/palette.js";
import { DiagnosticSink } from "./diagnostics.js";
import { ImageStore } from "./elements/image-store.js";
import type { LayoutResources } from "./elements/image-resources.js";
import { ParagraphCache } from "./elements/paragraphs.js";
import { text, type LayoutEnv } from "./elements/context.js";
import { RenderMemo } from "./elements/render-memo.js";
import { finalizePages } from "./flow/finalize.js";
import { RowBudget, type LayoutLimits } from "./flow/budget.js";
import { buildFlow } from "./flow/instances.js";
import { pageBandsOf } from "./flow/page-bands.js";
import { pageGeometry } from "./flow/page.js";
import { paginate } from "./flow/paginate.js";
import { buildBandTree } from "./flow/tree.js";
import { collectFaces } from "./frame/faces.js";
import type { LayoutResult } from "./frame/result.js";
import { resolveMargins } from "./model/margins.js";
import { resolvePageSize } from "./model/page-sizes.js";
import type { Stamp, TemplateDocument, Theme } from "./model/types.js";
import type { FontRegistry } from "./text/registry.js";
import type { TokenContext } from "./tokens/types.js";

/** Options of one layout. */
export interface LayoutOptions {
  /** The font registry text is measured with (the painter embeds the same faces). */
  readonly fonts: FontRegistry;
  /** Render-time palette override (validated by the caller). */
  readonly theme?: Theme;
  /** The clock for `$now` / `$today`; defaults to the current time. */
  readonly now?: Date;
  /**
   * Synchronous image and SVG lookups (GIF, WebP, BMP, SVG, rotated or oversized PNG/JPEG, inline icons);
   * without them those draw nothing, with a diagnostic. `@docsvc/pdf` provides them.
   */
  readonly resources?: LayoutResources;
  /** HTML templates: `<input>`, `<textarea>` and `<select>` become form fields (report documents' `field` elements always are). */
  readonly forms?: boolean;
  /** Stamps given at render time (validated with parseStamps), drawn after the document's own `stamps`. */
  readonly stamps?: readonly Stamp[];
  /** Caps on pages and on band instances plus table rows (default MAX_PAGES, MAX_ROWS). */
  readonly limits?: LayoutLimits;
  /**
   * Structure for a tagged PDF: groups carry FrameTags (what each element is, artifacts for page bands and
   * decoration). Off by default, so frames stay plain for callers that do not paint them; @docsvc/pdf turns it on.
   */
  readonly tagged?: boolean;
}

/** Lays a template document out with its data: pages of positioned items plus faces, images and diagnostics. */
export function layoutDocument(document: TemplateDocument, data: unknown, options: LayoutOptions): LayoutResult {
  const diagnostics = new DiagnosticSink();
  // 1. page size, margins, palette and the token context (no page numbers yet)
  const size = resolvePageSize(document.pageSize);
  const margins = resolveMargins(document);
  const palette = resolvePalette(document.brand, options.theme);
  const tokens: TokenContext = {
    root: data,
    locale: typeof document.locale === "string" && document.locale ? document.locale : "en-US",
    timezone: typeof document.timezone === "string" && document.timezone ? document.timezone : "UTC",
    now: options.now ?? new Date(),
    ...(document.digits ? { digits: document.digits } : {}),
    isolateValues: document.direction === "rtl",
  };
  // 2. band tree: page bands apart, nested bands under their parents
  const tree = buildBandTree(document.bands, diagnostics);
  const pageBands = pageBandsOf(tree, tokens);
  // 3. page geometry: the body every page offers the flow
  const geometry = pageGeometry(size, margins, pageBands.headerHeight, pageBands.footerHeight, diagnostics);
  const env: LayoutEnv = {
    fonts: options.fonts,
    palette,
    tokens,
    direction: document.direction === "rtl" ? "rtl" : "ltr",
    bodyFamily: text(document.fonts?.body),
    headingFamily: text(document.fonts?.heading),
    diagnostics,
    paragraphs: new ParagraphCache(options.fonts),
    images: new ImageStore(options.resources, options.limits?.maxImagePixels),
    pageBody: geometry.body,
    rows: new RowBudget(options.limits?.maxRows),
    memo: new RenderMemo(),
    tagged: options.tagged === true,
  };
  // 4. measure the flow: band instances per row, grown and pushed down, as one splittable block
  const flow = buildFlow(tree.flow, env);
  // 5. paginate: one loop splitting the flow into page bodies
  const { pages: bodies, overflowed } = paginate(flow, geometry.body, geometry.body, options.limits?.maxPages);
  if (overflowed) diagnostics.add("layout.overflow", "some content cannot fit any page and overflows its page body", "bands");
  // 6. finalize: page headers, footers and backgrounds per page, page numbers resolved, items placed
  const pages = finalizePages(bodies, geometry, pageBands, env, options.stamps === undefined ? document.stamps : [...(document.stamps ?? []), ...options.stamps]);
  // 7. result: pages plus the faces and images their items reference
  return {
    pages,
    faces: collectFaces(pages, options.fonts),
    images: env.images.images,
    diagnostics: diagnostics.items,
    ...(typeof document.locale === "string" && document.locale ? { language: document.locale } : {}),
    direction: env.direction,
  };
}
