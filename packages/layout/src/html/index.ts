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
import { pageSetup, type PageSetup } from "./layout/page.js";
import { parseHtml } from "./parse.js";

/** An HTML template parsed, sanitised and with its style sheets read: build once per template version. */
export interface CompiledHtml {
  readonly root: HtmlElement;
  readonly sheet: StyleSheet;
  /** Problems found while parsing (dropped scripts, unreadable CSS); repeated in every render's result. */
  readonly diagnostics: readonly Diagnostic[];
  readonly lang: string | undefined;
}

/** Parses and sanitises HTML and reads its style sheets (`css` is an extra sheet after the document's own); throws HtmlLimitError past the limits. */
export function compileHtml(html: string, css?: string): CompiledHtml {
  const sink = new DiagnosticSink();
  const parsed = parseHtml(html, sink);
  const sheet = parseStyleSheets(css === undefined ? parsed.styles : [...parsed.styles, css], sink);
  return { root: parsed.root, sheet, diagnostics: sink.items, lang: parsed.root.attrs.get("lang") };
}

/** Lays an HTML template out with its data: pages of positioned items, like layoutDocument; throws HtmlLimitError past the limits. */
export function layoutHtml(template: string | CompiledHtml, data: unknown, options: LayoutOptions): LayoutResult {
  const { root, ctx, setup, geometry, contentWidth, diagnostics } = prepareHtml(template, data, options);
  // 4. boxes: the root element laid out in the page's content width; absolutes are placed from the first page
  const absolutes: Absolute[] = [];
  const laid = layoutBlockBox(root, ctx, contentWidth, absolutes);
  const flow = new BoxBlock(plainDecoration(contentWidth, null), laid?.block ?? null, 0, { dx: 0, dy: 0, absolutes, avoidBreak: false, valign: 0, pageBody: geometry.body });
  // 5. paginate with the band flow's loop; 6. finalize with page numbers
  const first = setup.firstMargins ? pageGeometry(setup.size, setup.firstMargins, 0, 0, diagnostics) : geometry;
  const { pages: bodies, overflowed } = paginate(flow, geometry.body, first.body, options.limits?.maxPages);
  if (overflowed) diagnostics.add("layout.overflow", "some content cannot fit any page and overflows its page body", "html");
  const finished = finalizeHtmlPages(bodies, geometry, setup, ctx, first);
  // 7. the render's stamps (an HTML template has no document-level list)
  const pages = options.stamps !== undefined && options.stamps.length > 0 ? stampHtmlPages(finished, options.stamps, ctx, options.theme) : finished;
  // The PDF's /Lang and reading direction come from <html lang dir> (or CSS direction on the root).
  const lang = root.attrs.get("lang");
  return {
    pages,
    faces: collectFaces(pages, options.fonts),
    images: ctx.images.images,
    diagnostics: diagnostics.items,
    ...(lang !== undefined && LANGUAGE_TAG.test(lang.trim()) ? { language: lang.trim() } : {}),
    direction: ctx.styles.get(root)?.direction ?? "ltr",
  };
}

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
}

/** Applies the data (or, with `keptTokens`, keeps tokens as placeholders: see expandTemplate), runs the cascade and reads @page. */
export function prepareHtml(template: string | CompiledHtml, data: unknown, options: LayoutOptions, keptTokens?: string[]): PreparedHtml {
  const compiled = typeof template === "string" ? compileHtml(template) : template;
  const diagnostics = new DiagnosticSink();
  for (const d of compiled.diagnostics) diagnostics.add(d.code, d.message, d.path);
  const tokens: TokenContext = { root: data, locale: compiled.lang ?? "en-US", timezone: "UTC", now: options.now ?? new Date() };
  // 1. data: tokens, repetition and conditions → a new tree; 2. the cascade on it
  const root = expandTemplate(compiled.root, tokens, diagnostics, keptTokens);
  const styles = cascade(root, compiled.sheet, diagnostics);
  // 3. pages: size, margins, margin boxes; the body every page offers the flow
  const rootStyle = styles.get(root);
  if (!rootStyle) throw new Error("the cascade gave the root element no style");
  const setup = pageSetup(compiled.sheet.pages, rootStyle, diagnostics);
  const geometry = pageGeometry(setup.size, setup.margins, 0, 0, diagnostics);
  const ctx: HtmlContext = {
    fonts: options.fonts,
    images: new ImageStore(options.resources, options.limits?.maxImagePixels),
    tokens,
    diagnostics,
    styles,
    pageBody: geometry.body,
    familyCache: new Map(),
    palette: resolvePalette(undefined, options.theme),
    ...(options.forms === true ? { forms: true } : {}),
  };
  const contentWidth = Math.max(1, geometry.width - setup.margins.left - setup.margins.right);
  return { root, ctx, setup, geometry, contentWidth, diagnostics };
}
