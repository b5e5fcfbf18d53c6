import {
  compileHtml,
  layoutDocument,
  layoutHtml,
  parseDocument,
  type CompiledHtml,
  type Diagnostic,
  type LayoutLimits,
  type LayoutOptions,
  type LayoutResult,
  type Stamp,
  type FontRegistry,
  type TemplateDocument,
  type Theme,
  type BuiltEinvoice,
  type EinvoiceRequest,
} from "@docsvc/layout";
import { renderEinvoice } from "./einvoice/build.js";
import { einvoiceStandards } from "./einvoice/standards.js";
import { loadDesignerFonts } from "./fonts/load.js";
import type { BaseLayer } from "./base/background.js";
import { loadBasePdf } from "./base/base-pdf.js";
import { paintPdf } from "./paint/document.js";
import { RenderResources } from "./resources/resources.js";
import { renderNow, type RenderClock } from "./clock.js";
import { WeightedLru } from "./resources/lru.js";
import { protectPdf, type ProtectOptions } from "./protect/protect.js";
import { pdfStandardsProblem, standardsWithProtectProblem, type PdfStandard } from "./standards/levels.js";
import { standardsPlan, type StandardsPlan } from "./standards/write.js";

/** Options of one render; every key is optional. */
export interface RenderOptions {
  /** Render-time palette (already validated by the caller; see `validateTheme`). */
  readonly theme?: Theme;
  /**
   * The clock for `$now`/`$today` and the PDF dates (a Date, an ISO 8601 string or epoch milliseconds; the current
   * time when absent); fixing it makes output byte-identical. Anything else is a TypeError before any work.
   */
  readonly now?: RenderClock;
  /** Document title (the template's name). */
  readonly title?: string;
  /** Font registry; defaults to the designer fonts shipped in `fonts/`, loaded once per process. */
  readonly fonts?: FontRegistry;
  /** Receives content problems (missing fonts, broken images, missing glyphs); they never abort a render. */
  readonly diagnostics?: (diagnostic: Diagnostic) => void;
  /** A base PDF drawn behind every page: output page i on base page i, the last repeating (parsed once per bytes). */
  readonly basePdf?: Uint8Array;
  /** PNG rasters of the base pages, drawn where a page cannot be imported as vectors. */
  readonly basePdfRasters?: readonly (Uint8Array | undefined)[];
  /** HTML templates: `<input>`, `<textarea>` and `<select>` become form fields (without it they print as text). */
  readonly forms?: boolean;
  /** Form fields drawn as plain content with their values, and no interactive form (docs/forms.md). */
  readonly flatten?: boolean;
  /** Stamps given at render time (validated with parseStamps), after a report's own; the only stamps of HTML. */
  readonly stamps?: readonly Stamp[];
  /** Passwords and permissions: the finished PDF is encrypted with AES-256 as the render's last step. */
  readonly protect?: ProtectOptions;
  /** Caps on pages and band instances plus table rows (default: the layout's MAX_PAGES, MAX_ROWS). */
  readonly limits?: LayoutLimits;
  /**
   * An e-invoice embedded in the PDF (`{format:"factur-x", profile:"en16931"}`; docs/einvoicing.md), built from
   * the data through the template's `einvoice.mapping`; `false` turns off the template's default. A data error
   * throws EinvoiceError (naming the EN 16931 rule) before any layout work.
   */
  readonly einvoice?: EinvoiceRequest | false;
  /**
   * Standards the PDF declares and follows (docs/archiving.md): one PDF/A level (`a-2b`, `a-2u`, `a-3b`, `a-3u`)
   * and/or `ua-1`. A document that cannot conform throws a StandardsError naming the rule; a PDF/A level with
   * `protect` is a TypeError before any work. Default: the template's own `pdfStandards`, else none.
   */
  readonly pdfStandards?: readonly PdfStandard[];
  /** Extra XMP rdf:Description fragments (e.g. Factur-X's `fx:` properties); see the package README. */
  readonly xmpExtensions?: readonly string[];
  /** PDF/A extension schema entries (`<rdf:li rdf:parseType="Resource">…`) describing the extensions' schemas. */
  readonly xmpExtensionSchemas?: readonly string[];
  /** `false`: an untagged PDF (no structure tree, no outline), a few percent faster (docs/accessibility.md). */
  readonly tagged?: boolean;
}

/** A finished render: the PDF, its page count and the content problems met on the way. */
export interface RenderReport {
  readonly pdf: Uint8Array;
  readonly pageCount: number;
  readonly diagnostics: readonly Diagnostic[];
  /** The embedded e-invoice (its XML, file name, and the XMP fragment announcing it), when one was made. */
  readonly einvoice?: BuiltEinvoice;
}

/** Thrown when the template content is not a valid version-4 document; `errors` maps JSON paths to messages. */
export class InvalidDocumentError extends Error {
  constructor(readonly errors: Readonly<Record<string, readonly string[]>>) {
    super(`The template document is invalid: ${Object.entries(errors).map(([p, m]) => `${p || "$"}: ${m.join("; ")}`).join(", ")}`);
    this.name = "InvalidDocumentError";
  }
}

// Parsed documents by their exact JSON text: a service renders the same few templates over and over. Bounded by
// the text's size rather than an entry count: one template can be megabytes, and its parsed form is of the same order.
/** Bytes of template JSON text (UTF-16 code units × 2) whose parsed documents are kept. */
export const PARSED_CACHE_BYTES = 16 * 1024 * 1024;
const parsedByContent = new WeightedLru<string, { document: TemplateDocument; weight: number }>(PARSED_CACHE_BYTES, (entry) => entry.weight);

/** Parses template JSON once per distinct string (cache bounded by PARSED_CACHE_BYTES); throws InvalidDocumentError. */
export function parseTemplateContent(content: string | TemplateDocument): TemplateDocument {
  if (typeof content !== "string") return content;
  const cached = parsedByContent.get(content);
  if (cached) return cached.document;
  const parsed = parseDocument(content);
  if (!parsed.ok) throw new InvalidDocumentError(parsed.errors);
  parsedByContent.set(content, { document: parsed.document, weight: content.length * 2 });
  return parsed.document;
}

/** A template ready to lay out: a report document (JSON text or parsed) or an HTML template compiled once. */
export type TemplateContent = string | TemplateDocument | CompiledHtml;

/** The layout function of a template: parses report JSON (cached per distinct content; throws InvalidDocumentError). */
export function templateLayout(content: TemplateContent): (data: unknown, options: LayoutOptions) => LayoutResult {
  if (typeof content !== "string" && "sheet" in content) return (data, options) => layoutHtml(content, data, options);
  const document = parseTemplateContent(content);
  return (data, options) => layoutDocument(document, data, options);
}

/** The standards a report template declares itself (`pdfStandards` document key); HTML templates declare none. */
export function templatePdfStandards(content: TemplateContent): readonly PdfStandard[] | undefined {
  if (typeof content !== "string" && "sheet" in content) return undefined;
  return parseTemplateContent(content).pdfStandards;
}

/** Renders a template (report JSON text, a parsed document or compiled HTML) with its data into a PDF plus a report. */
export async function renderDocument(
  content: TemplateContent,
  data: unknown,
  options: RenderOptions = {},
): Promise<RenderReport> {
  // 1. model: parse and validate the template (cached per distinct content)
  const layout = templateLayout(content);
  // 1c. the e-invoice, when asked for: from the data, before any layout (a broken invoice fails fast)
  const einvoice = renderEinvoice(reportDocument(content), data, options.einvoice, options.limits);
  return renderLayout((layoutOptions) => layout(data, layoutOptions), options, templatePdfStandards(content), einvoice);
}

/** The parsed report document of a template, undefined for HTML (already parsed by templateLayout: cached). */
export function reportDocument(content: TemplateContent): TemplateDocument | undefined {
  if (typeof content !== "string" && "sheet" in content) return undefined;
  return parseTemplateContent(content);
}

/** Renders an HTML template (text, or compiled once with compileHtml) with its data into a PDF plus a report. */
export async function renderHtml(
  html: string | CompiledHtml,
  data: unknown,
  options: RenderOptions = {},
): Promise<RenderReport> {
  return renderDocument(typeof html === "string" ? compileHtml(html) : html, data, options);
}

// The steps every front end shares once its content is parsed: fonts, layout, resources, base layer, paint.
async function renderLayout(layoutWith: (options: LayoutOptions) => LayoutResult, options: RenderOptions, templateStandards?: readonly PdfStandard[], einvoice?: BuiltEinvoice): Promise<RenderReport> {
  // An e-invoice makes the file PDF/A-3 with the Factur-X XMP extension (einvoice/standards.ts).
  const standards = einvoice === undefined
    ? await renderStandards(options, templateStandards)
    : await renderStandards({ ...einvoiceStandards(options, templateStandards, einvoice), protect: options.protect });
  const { layout, base, diagnostics, now } = await laidOut(layoutWith, options);
  // 5. paint: translate the items into PDF operators (the e-invoice XML embedded as an associated file)
  const painted = await paintPdf(layout, { title: options.title, now, ...(base.layer ? { base: base.layer } : {}), ...(options.flatten === true ? { flatten: true } : {}), ...(einvoice ? { einvoice } : {}), ...(standards !== undefined ? { standards } : {}), ...(options.tagged === false ? { tagged: false } : {}) });
  // 6. protect: encrypted last, over the finished bytes
  const pdf = await protectedPdf(painted, options);
  if (options.diagnostics) diagnostics.forEach(options.diagnostics);
  return { pdf, pageCount: layout.pages.length, diagnostics, ...(einvoice ? { einvoice } : {}) };
}

/**
 * The standards plan of a render: the options' `pdfStandards`, else the template's own; checked before any work
 * (an unknown level, two PDF/A levels, or a PDF/A level with `protect`, are TypeErrors).
 */
export async function renderStandards(options: Pick<RenderOptions, "pdfStandards" | "xmpExtensions" | "xmpExtensionSchemas" | "protect">, templateStandards?: readonly PdfStandard[]): Promise<StandardsPlan | undefined> {
  const pdfStandards = options.pdfStandards ?? templateStandards;
  if (pdfStandards === undefined) return undefined;
  const problem = pdfStandardsProblem(pdfStandards) ?? standardsWithProtectProblem(pdfStandards, options.protect);
  if (problem !== undefined) throw new TypeError(problem);
  return standardsPlan({ ...options, pdfStandards });
}

/** A document laid out and its base layer loaded: everything a render does before painting. */
export interface LaidOut {
  readonly layout: LayoutResult;
  readonly base: { readonly layer?: BaseLayer; readonly problem?: Diagnostic };
  /** The layout's diagnostics plus the base layer's problem, if any. */
  readonly diagnostics: readonly Diagnostic[];
  /** The render's clock, as the layout saw it: the paint's dates use the same instant. */
  readonly now: Date;
}

/** Steps 2 to 4 of a render (fonts, layout with its resources, base layer); shared with batch rows. */
export async function laidOut(layoutWith: (options: LayoutOptions) => LayoutResult, options: Omit<RenderOptions, "diagnostics">): Promise<LaidOut> {
  // 1b. the clock: checked before any work (a string from a JavaScript caller would fail deep in the paint)
  const now = renderNow(options.now);
  // 2. fonts: the process-wide registry, parsed once
  const fonts = options.fonts ?? (await loadDesignerFonts());
  // 3. layout: tokens, measuring, flow, pagination and finalize → pages of positioned items; images and
  //    SVGs come from the process caches through synchronous lookups
  const resources = new RenderResources();
  const layoutOptions = { fonts, theme: options.theme, now, resources, stamps: options.stamps, ...(options.forms === true ? { forms: true } : {}), ...(options.limits !== undefined ? { limits: options.limits } : {}), tagged: options.tagged !== false };
  let layout = layoutWith(layoutOptions);
  // 3b. resources layout met for the first time (a GIF to convert, an SVG to sanitise) are prepared, and the
  //     document is laid out once more with them; a render of known resources is one pass
  if (resources.hasPending) {
    await resources.prepare();
    layout = layoutWith(layoutOptions);
  }
  // 4. base layer: the base PDF parsed (cached per bytes), drawn under each page by the painter
  const base = await baseLayer(options);
  const diagnostics = base.problem === undefined ? layout.diagnostics : [...layout.diagnostics, base.problem];
  return { layout, base, diagnostics, now };
}

/** Renders a template with its data into PDF bytes (the embedder's one-call API). */
export async function renderPdf(
  content: TemplateContent,
  data: unknown,
  options: RenderOptions = {},
): Promise<Uint8Array> {
  return (await renderDocument(content, data, options)).pdf;
}

/** The base layer of a render, or a diagnostic when the base PDF cannot be read (rasters, if any, still draw). */
export async function baseLayer(options: Pick<RenderOptions, "basePdf" | "basePdfRasters">): Promise<{ layer?: BaseLayer; problem?: Diagnostic }> {
  if (options.basePdf === undefined) return {};
  const rasters = options.basePdfRasters;
  try {
    return { layer: { pdf: await loadBasePdf(options.basePdf), ...(rasters ? { rasters } : {}) } };
  } catch (error) {
    const problem = { code: "base.unreadable", message: `the base PDF could not be read: ${error instanceof Error ? error.message : String(error)}`, path: "$" };
    return rasters ? { layer: { pdf: undefined, rasters }, problem } : { problem };
  }
}

/** The finished PDF encrypted when the render asks for `protect`, as is otherwise (every render path's last step). */
export function protectedPdf(pdf: Uint8Array, options: Pick<RenderOptions, "protect">): Promise<Uint8Array> {
  return options.protect === undefined ? Promise.resolve(pdf) : protectPdf(pdf, options.protect);
}
