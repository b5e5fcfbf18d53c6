// HTML templates through the layout engine (no browser): parse and sanitise (parse5), style sheets
// (css-tree) — both once per template, see compileHtml — then per render: tokens and data-each/data-if,
// the cascade (css-select), boxes that implement the flow's split contract, the one pagination loop, and
// finalize with margin boxes. The result is the same LayoutResult the band flow produces.
import { resolvePalette } from "../brand/palette.js";
import { DiagnosticSink, type Diagnostic } from "../diagnostics.js";
import { ImageStore } from "../elements/image-store.js";
import { pageGeometry, type PageGeometry } from "../flow/page.js";
import { paginate } from "../flow/paginate.js";
import { collectFaces } from "../frame/faces.js";
import type { LayoutResult } from "../frame/result.js";
import type { LayoutOptions } from "../layout.js";
import type { TokenContext } from "../tokens/types.js";
import { cascade } from "./cascade.js";
import { parseStyleSheets, type StyleSheet } from "./css.js";
import type { HtmlElement } from "./dom.js";
import { expandTemplate } from "./expand.js";
import { finalizeHtmlPages } from "./finalize.js";
import { stampHtmlPages } from "./stamps.js";
import { BoxBlock, plainDecoration } from "./layout/box.js";
import type { Absolute, HtmlContext } from "./layout/context.js";
import { layoutBlockBox } from "./layout/flow.js";
import { FixedLayer } from "./layout/positioned.js";
import { RootContextBlock } from "./layout/stacking.js";
import { pageSetup, type PageSetup } from "./layout/page.js";
import { parseHtml } from "./parse.js";
import { pageViewport } from "./viewport.js";
import { propagateCanvas } from "./layout/canvas.js";
import type { ComputedStyle } from "./style.js";
import { documentFonts } from "./web-fonts.js";
import { fontUnitsOf } from "./font-units.js";
import { parseTemplate } from "../tokens/parse.js";
import { resolveText } from "../tokens/resolve.js";
import { generateContent } from "./generated-content.js";
import { PagedState } from "./layout/paged-state.js";
import { footnoteArea, Footnotes, paginateHtml } from "./layout/footnotes.js";

/** An HTML template parsed, sanitised and with its style sheets read: build once per template version. */
export interface CompiledHtml {
  readonly root: HtmlElement;
  readonly sheet: StyleSheet;
  /** Problems found while parsing (dropped scripts, unreadable CSS); repeated in every render's result. */
  readonly diagnostics: readonly Diagnostic[];
  readonly lang: string | undefined;
  /** `<title>` (tokens unresolved): the PDF's title when the caller gives none. */
  readonly title?: string;
}

/** Parses and sanitises HTML and reads its style sheets (`css` is an extra sheet after the document's own); throws HtmlLimitError past the limits. */
export function compileHtml(html: string, css?: string): CompiledHtml {
  const sink = new DiagnosticSink();
  const parsed = parseHtml(html, sink);
  const sheet = parseStyleSheets(css === undefined ? parsed.styles : [...parsed.styles, css], sink);
  return { root: parsed.root, sheet, diagnostics: sink.items, lang: parsed.root.attrs.get("lang"), ...(parsed.title !== undefined ? { title: parsed.title } : {}) };
}

/** Lays an HTML template out with its data: pages of positioned items, like layoutDocument; throws HtmlLimitError past the limits. */
export function layoutHtml(template: string | CompiledHtml, data: unknown, options: LayoutOptions): LayoutResult {
  const compiled = typeof template === "string" ? compileHtml(template) : template;
  const first = layoutPass(compiled, data, options, undefined);
  // target-counter() needs the pages of its targets: a second pass prints them (page-marks.ts records them).
  if (!first.paged.needsTargetPages) return first.result;
  return layoutPass(compiled, data, options, { pages: first.paged.placedTargets, counters: first.paged.counterSnapshots }).result;
}

function layoutPass(template: CompiledHtml, data: unknown, options: LayoutOptions, known: KnownTargets | undefined): { result: LayoutResult; paged: PagedState } {
  const { root, ctx, setup, geometry, contentWidth, diagnostics, title } = prepareHtml(template, data, options, undefined, known);
  const paged = ctx.paged as PagedState;
  // 4. boxes: the root element laid out in the page's content width; absolutes are placed from the first page
  const absolutes: Absolute[] = [];
  const laid = layoutBlockBox(root, ctx, contentWidth, absolutes);
  const first = setup.firstMargins ? pageGeometry(setup.size, setup.firstMargins, 0, 0, diagnostics) : geometry;
  // The initial containing block of the absolutes is the first page's area (as Chromium prints: `bottom: 0`
  // is the foot of the first page, not of the content).
  const flow = new BoxBlock(plainDecoration(contentWidth, null), laid?.block ?? null, 0, { dx: 0, dy: 0, absolutes, avoidBreak: false, valign: 0, pageBody: geometry.body, ...(setup.size.roll ? {} : { containingHeight: first.body }) });
  // 5. paginate with the band flow's loop; 6. finalize with page numbers. With footnotes, each page keeps room
  // at its foot for the footnotes it calls (layout/footnotes.ts).
  const notes = paged.footnotes.length > 0 ? new Footnotes(ctx, contentWidth, footnoteArea(setup.footnote, setup.root, contentWidth)) : undefined;
  const { pages: paginated, overflowed } = notes || paged.sides
    ? paginateHtml(flow, geometry.body, first.body, options.limits?.maxPages, paged, notes)
    : paginate(flow, geometry.body, first.body, options.limits?.maxPages);
  if (overflowed) diagnostics.add("layout.overflow", "some content cannot fit any page and overflows its page body", "html");
  // position: fixed boxes on every page, in its page area.
  const fixed = ctx.fixed ?? [];
  // Each page's body is the root stacking context (z-indexed boxes drawn over the rest: layout/stacking.ts).
  const bodies = paginated.map((body, i) => (fixed.length === 0 ? new RootContextBlock(body) : new FixedLayer(new RootContextBlock(body), fixed, contentWidth, i === 0 ? first.body : geometry.body)));
  // A page with no body is blank (break-before: left/right), whatever the wrappers around it: @page :blank applies.
  const finished = finalizeHtmlPages(bodies, geometry, setup, ctx, first, notes, (i) => paginated[i] === null);
  // 7. the render's stamps (an HTML template has no document-level list)
  const pages = options.stamps !== undefined && options.stamps.length > 0 ? stampHtmlPages(finished, options.stamps, ctx, options.theme) : finished;
  // The PDF's /Lang and reading direction come from <html lang dir> (or CSS direction on the root).
  const lang = root.attrs.get("lang");
  const result: LayoutResult = {
    ...(title ? { title } : {}),
    pages,
    faces: collectFaces(pages, ctx.fonts),
    images: ctx.images.images,
    diagnostics: diagnostics.items,
    ...(lang !== undefined && LANGUAGE_TAG.test(lang.trim()) ? { language: lang.trim() } : {}),
    direction: ctx.styles.get(root)?.direction ?? "ltr",
  };
  return { result, paged };
}

/** What a first pass learnt about target-counter() targets: their pages and counters. */
type KnownTargets = ConstructorParameters<typeof PagedState>[0];

/** A BCP 47 language tag's shape (`en`, `en-US`, `ar-EG`, `zh-Hant-TW`); anything else is not written to /Lang. */
const LANGUAGE_TAG = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/;

/** What laying out an HTML template starts from: the tree with data, its styles, the page set-up. */
export interface PreparedHtml {
  readonly root: HtmlElement;
  readonly ctx: HtmlContext;
  readonly setup: PageSetup;
  readonly geometry: PageGeometry;
  readonly contentWidth: number;
  readonly diagnostics: DiagnosticSink;
  /** `<title>` with its tokens resolved (absent when empty). */
  readonly title?: string;
}

/** Applies the data (or, with `keptTokens`, keeps tokens as placeholders: see expandTemplate), runs the cascade and reads @page. */
export function prepareHtml(template: string | CompiledHtml, data: unknown, options: LayoutOptions, keptTokens?: string[], known?: KnownTargets): PreparedHtml {
  const compiled = typeof template === "string" ? compileHtml(template) : template;
  const diagnostics = new DiagnosticSink();
  for (const d of compiled.diagnostics) diagnostics.add(d.code, d.message, d.path);
  const tokens: TokenContext = { root: data, locale: compiled.lang ?? "en-US", timezone: "UTC", now: options.now ?? new Date() };
  // 1. data: tokens, repetition and conditions → a new tree; 2. the cascade on it
  const root = expandTemplate(compiled.root, tokens, diagnostics, keptTokens);
  const fonts = compiled.sheet.fontFaces ? documentFonts(compiled.sheet, options, diagnostics) : options.fonts;
  const styles = cascade(root, compiled.sheet, diagnostics, pageViewport(compiled.sheet), fontUnitsOf(fonts));
  // ::before/::after/::marker, counters and string-set (a no-op for sheets without generated content)
  const paged = new PagedState(known);
  generateContent(root, compiled.sheet, styles as Map<HtmlElement, ComputedStyle>, paged, diagnostics);
  // 3. pages: size, margins, margin boxes; the body every page offers the flow
  const rootStyle = styles.get(root);
  if (!rootStyle) throw new Error("the cascade gave the root element no style");
  const pages = pageSetup(compiled.sheet.pages, rootStyle, diagnostics);
  const canvas = propagateCanvas(root, styles as Map<HtmlElement, ComputedStyle>);
  const setup = canvas ? { ...pages, canvasStyle: canvas } : pages;
  const geometry = pageGeometry(setup.size, setup.margins, 0, 0, diagnostics);
  const ctx: HtmlContext = {
    fonts,
    images: new ImageStore(options.resources, options.limits?.maxImagePixels),
    tokens,
    diagnostics,
    styles,
    pageBody: geometry.body,
    familyCache: new Map(),
    palette: resolvePalette(undefined, options.theme),
    fixed: [],
    paged,
    ...(options.forms === true ? { forms: true } : {}),
    ...(options.tagged === true ? { tagged: true } : {}),
    ...(options.limits?.maxBackgroundTiles !== undefined ? { maxBackgroundTiles: options.limits.maxBackgroundTiles } : {}),
  };
  const contentWidth = Math.max(1, geometry.width - setup.margins.left - setup.margins.right);
  const title = compiled.title === undefined ? undefined : resolveText(parseTemplate(compiled.title), tokens, undefined).trim();
  return { root, ctx, setup, geometry, contentWidth, diagnostics, ...(title ? { title } : {}) };
}
