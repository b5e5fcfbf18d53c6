// import-html: an HTML template → a v4 report document a person can go on editing in the band designer.
// The template is laid out once with its tokens as written; then each block of <body> becomes a band of
// positioned elements, a table whose row has data-each becomes a detail band bound to that array (its
// <thead> a detail-header repeated on every page, its <tfoot> a detail-footer), and the @page margin boxes
// become page header and footer bands with {{$page}} / {{$pages}}. Fonts, sizes and colours carry over.
// A report table's columns are fixed while the HTML table's follow its content (no column narrower than its
// widest unbreakable value): given sample data, the tables' columns are sized as the HTML render with that
// data sizes them, so the imported template wraps and paginates like the HTML it came from.
import type { Block } from "../../elements/block.js";
import type { Diagnostic, DiagnosticSink } from "../../diagnostics.js";
import type { FrameItem } from "../../frame/types.js";
import { findPageSizePreset } from "../../model/page-sizes.js";
import type { Band, Element, PageSizeSpec, TemplateDocument } from "../../model/types.js";
import type { FontRegistry } from "../../text/registry.js";
import { elementChildren, type HtmlElement } from "../dom.js";
import { compileHtml, prepareHtml, type CompiledHtml } from "../index.js";
import { flowItems } from "../layout/collect.js";
import { styleOf, type Absolute, type ColumnIntrinsics, type HtmlContext } from "../layout/context.js";
import { collapse, edgesOf, marginX, sizeOf } from "../layout/edges.js";
import { layoutFlowItem } from "../layout/flow.js";
import { paragraphBlock } from "../layout/inline.js";
import type { MarginBox, PageSetup } from "../layout/page.js";
import { tableColumnIntrinsics, tableParts } from "../layout/table.js";
import { carriedConditions } from "./conditions.js";
import { elementsOf } from "./elements.js";
import { schemaOf } from "./schema.js";

/** Options of an import. */
export interface ImportHtmlOptions {
  readonly fonts: FontRegistry;
  /** An extra style sheet, applied after the document's own. */
  readonly css?: string;
  /**
   * Data like the data the template will be rendered with: the tables' column widths are taken from the HTML
   * laid out with it. Without it, columns are sized from the template's text with each token counted as a
   * short word, narrower than real values usually need. It is also the schema's sample: the fields the
   * template reads are typed from it, and the top-level values are kept as the fields' samples.
   */
  readonly sampleData?: unknown;
}

/** The imported document and what could not be carried over. */
export interface ImportHtmlResult {
  readonly document: TemplateDocument;
  readonly diagnostics: readonly Diagnostic[];
}

/** Converts an HTML template into a v4 report document (pure; throws HtmlLimitError past the HTML limits). */
export function importHtml(html: string, options: ImportHtmlOptions): ImportHtmlResult {
  // Tokens are laid out as short placeholders (a token never wraps inside itself) and written back as text.
  const tokens: string[] = [];
  const compiled = compileHtml(html, options.css);
  const prepared = prepareHtml(compiled, {}, { fonts: options.fonts }, tokens);
  const { root, setup, contentWidth, diagnostics } = prepared;
  const ctx: HtmlContext = options.sampleData === undefined ? prepared.ctx : { ...prepared.ctx, columnHints: sampleColumns(compiled, options.sampleData, options.fonts) };
  let n = 0;
  const nextId = (): string => `e${++n}`;
  const body = elementChildren(root).find((e) => e.tag === "body") ?? root;
  const bodyStyle = styleOf(ctx, body);
  const edges = edgesOf(bodyStyle, contentWidth);
  const left = (Number.isNaN(edges.margin[3]) ? 0 : edges.margin[3]) + edges.insets[3];
  const width = Math.max(1, contentWidth - marginX(edges) - edges.insets[1] - edges.insets[3]);
  const convert = (block: Block, x: number, at: number, path: string): Element[] => {
    const items: FrameItem[] = [];
    block.place(items, x, at, { page: 1, pages: 1 });
    return elementsOf(items, { fonts: options.fonts, width: contentWidth, nextId, diagnostics, path, tokens });
  };
  const bands: Band[] = [...marginBands(setup, contentWidth, ctx, nextId)];
  const sink: Absolute[] = [];
  // data-if on a block becomes its band's visibleIf; on a repeated table (or its row), the detail band's.
  // Every other data-if and data-each is reported below as not carried over.
  const carried = carriedConditions();
  // The blocks of `container` (at `x`, `w` wide) as bands, after `gap` points of collapsed margin; answers the
  // margin left after the last one. A plain wrapper whose blocks carry data-if is opened: its blocks become
  // bands of their own (a condition can only hide a whole band).
  const flow = (container: HtmlElement, x: number, w: number, gapIn: number): number => {
    let gap = gapIn;
    for (const item of flowItems(container, ctx)) {
      if (item.kind === "block" && opensUp(item.element, ctx)) {
        const e = edgesOf(styleOf(ctx, item.element), w);
        const inner = flow(item.element, x + orZero(e.margin[3]) + e.insets[3], Math.max(1, w - marginX(e) - e.insets[1] - e.insets[3]), collapse(gap, orZero(e.margin[0])));
        gap = collapse(inner, orZero(e.margin[2]));
        continue;
      }
      const table = item.kind === "block" ? repeatedTable(item.element, ctx) : undefined;
      if (table && item.kind === "block") {
        bands.push(...carried.table(item.element, table.row, tableBands(item.element, table, w, ctx, sink, (block, path) => convert(block, x, 0, path), () => `b${bands.length + 1}`, gap)));
        gap = 0;
        continue;
      }
      const laid = layoutFlowItem(item, container, w, ctx, sink);
      if (!laid) continue;
      const top = collapse(gap, laid.marginTop);
      const path = item.kind === "block" ? item.element.path : container.path;
      const visibleIf = item.kind === "block" ? carried.block(item.element) : undefined;
      bands.push({ id: `b${bands.length + 1}`, kind: "detail", name: nameOf(item.kind === "block" ? item.element : container), height: top + laid.block.height, elements: convert(laid.block, x, top, path), ...(visibleIf !== undefined ? { visibleIf } : {}) });
      gap = laid.marginBottom;
    }
    return gap;
  };
  flow(body, left, width, Number.isNaN(edges.margin[0]) ? 0 : edges.margin[0] + edges.insets[0]);
  carried.reportOthers(root, diagnostics);
  if (bands.some((b) => b.bindingField !== undefined)) reportRowPositionRules(compiled, diagnostics);
  if (sink.length > 0) diagnostics.add("import.dropped", "absolutely positioned boxes are not imported; place them as elements of a band", body.path);
  const margins = setup.margins;
  const hasHeader = bands.some((b) => b.kind === "page-header");
  const hasFooter = bands.some((b) => b.kind === "page-footer");
  const document: TemplateDocument = {
    version: 4,
    pageSize: pageSizeOf(setup),
    // Margin boxes live in the page margins; as bands they take the margin's place inside the content box.
    margins: { top: hasHeader ? 0 : margins.top, right: margins.right, bottom: hasFooter ? 0 : margins.bottom, left: margins.left },
    ...(bodyStyle.direction === "rtl" ? { direction: "rtl" as const } : {}),
    ...(ctx.tokens.locale !== "en-US" ? { locale: ctx.tokens.locale } : {}),
    bands,
    schema: schemaOf(compiled.root, setup.boxes.map((b) => b.text), options.sampleData),
  };
  // Images are laid out from their tokens as written, which are not image data: say once per image why it is
  // missing instead of passing on the decoder's complaint.
  // Charts likewise: laid out without data they draw nothing (chart.empty), so say what to do instead.
  const notes = diagnostics.items.filter((d) => !d.code.startsWith("image.") && !d.code.startsWith("chart.") && d.code !== "html.chart");
  for (const d of diagnostics.items) {
    if (d.code.startsWith("image.")) notes.push({ code: "import.dropped", message: "images are not imported; add an image element bound to the same value", path: d.path });
    if (d.code === "chart.empty" || d.code === "html.chart") notes.push({ code: "import.dropped", message: "charts are not imported; add a chart element with the figure's data-chart options", path: d.path });
  }
  return { document, diagnostics: notes };
}

// Every table of the template laid out with the sample data: its columns' intrinsic widths by source path (a
// table repeated by data-each: the widest of its copies, so every copy's values fit).
function sampleColumns(compiled: CompiledHtml, data: unknown, fonts: FontRegistry): Map<string, ColumnIntrinsics> {
  const { root, ctx } = prepareHtml(compiled, data, { fonts });
  const hints = new Map<string, ColumnIntrinsics>();
  const work: HtmlElement[] = [root];
  while (work.length > 0) {
    const el = work.pop() as HtmlElement;
    const display = styleOf(ctx, el).display;
    if (display === "none") continue;
    if (display === "table") {
      const own = tableColumnIntrinsics(el, ctx);
      const seen = hints.get(el.path);
      const widest = (a: readonly number[], b: readonly number[]): number[] => Array.from({ length: Math.max(a.length, b.length) }, (_, i) => Math.max(a[i] ?? 0, b[i] ?? 0));
      hints.set(el.path, seen ? { min: widest(seen.min, own.min), max: widest(seen.max, own.max) } : own);
    }
    work.push(...elementChildren(el));
  }
  return hints;
}

// The report lays a repeated row out once, as designed: a rule that picks rows by their position among the
// printed ones (striping with :nth-child(even), the last row's border) styles that one row or none.
const ROW_POSITION = /:(nth-child|nth-last-child|nth-of-type|nth-last-of-type|last-child|last-of-type|only-child|only-of-type)\b/;

function reportRowPositionRules(compiled: CompiledHtml, diagnostics: DiagnosticSink): void {
  for (const rule of compiled.sheet.rules) {
    if (ROW_POSITION.test(rule.selector)) diagnostics.add("import.dropped", `the rule ${rule.selector} picks elements by their position among the printed rows; the report lays out one designed row, so it is not carried over per row (a table element's stripes can do it)`, rule.selector);
  }
}

const orZero = (n: number): number => (Number.isNaN(n) ? 0 : n);

// A wrapper that only groups blocks (no background, border, vertical padding, size or condition of its own)
// and holds a block with data-if, directly or in such a wrapper: opening it loses nothing it draws.
function opensUp(el: HtmlElement, ctx: HtmlContext): boolean {
  const style = styleOf(ctx, el);
  const plain = style.display === "block" && style.position === "static" && style.background === null && style.borderWidth.every((b) => b === 0)
    && style.padding[0].pt === 0 && style.padding[2].pt === 0 && style.width === "auto" && style.height === "auto"
    && !el.attrs.has("data-if") && !el.attrs.has("data-each");
  if (!plain) return false;
  return elementChildren(el).some((c) => {
    const display = styleOf(ctx, c).display;
    return display !== "none" && display !== "inline" && display !== "inline-block" && (c.attrs.has("data-if") || opensUp(c, ctx));
  });
}

function nameOf(el: HtmlElement): string {
  const cls = el.attrs.get("class")?.trim().split(/\s+/)[0];
  return cls ? `${el.tag}.${cls}` : el.tag;
}

/** The data-each path of a table's repeated row, when it has one. */
function repeatedTable(el: HtmlElement, ctx: HtmlContext): { readonly row: HtmlElement; readonly path: string } | undefined {
  if (styleOf(ctx, el).display !== "table") return undefined;
  const rows = elementChildren(el).flatMap((c) => (c.tag === "tr" ? [c] : elementChildren(c).filter((r) => r.tag === "tr")));
  const row = rows.find((r) => r.attrs.has("data-each"));
  const path = row?.attrs.get("data-each")?.replace(/^\s*\{\{|\}\}\s*$/g, "").trim();
  return row && path ? { row, path } : undefined;
}

// A repeated table: header rows (and static rows before the repeated one) → detail-header, the repeated row →
// the detail band, rows after it and the footer → detail-footer.
function tableBands(
  el: HtmlElement,
  table: { readonly row: HtmlElement; readonly path: string },
  width: number,
  ctx: HtmlContext,
  sink: Absolute[],
  convert: (block: Block, path: string) => Element[],
  nextBandId: () => string,
  gap: number,
): Band[] {
  const style = styleOf(ctx, el);
  const edges = edgesOf(style, width);
  const inner = (sizeOf(style.width, width) ?? width - marginX(edges)) - edges.insets[1] - edges.insets[3];
  const parts = tableParts(el, style, inner, ctx, sink);
  const index = parts.body.findIndex((r) => r.element === table.row);
  const stack = (blocks: readonly Block[], path: string): { height: number; elements: Element[] } => {
    let y = 0;
    const elements: Element[] = [];
    for (const block of blocks) {
      for (const e of convert(block, path)) elements.push({ ...e, y: e.y + y });
      y += block.height;
    }
    return { height: y, elements };
  };
  const detailId = nextBandId();
  const header = stack([...parts.captions, ...parts.header, ...parts.body.slice(0, index).map((r) => r.block)], el.path);
  const row = stack([parts.body[index]?.block].filter((b): b is Block => b !== undefined), table.row.path);
  const footer = stack([...parts.body.slice(index + 1).map((r) => r.block), ...parts.footer], el.path);
  const bands: Band[] = [];
  if (gap > 0) bands.push({ id: `${detailId}-gap`, kind: "detail", height: gap, elements: [] });
  bands.push({ id: detailId, kind: "detail", name: nameOf(el), bindingField: table.path, height: row.height, elements: row.elements });
  if (header.elements.length > 0) bands.push({ id: `${detailId}-header`, kind: "detail-header", parentId: detailId, height: header.height, elements: header.elements });
  if (footer.elements.length > 0) bands.push({ id: `${detailId}-footer`, kind: "detail-footer", parentId: detailId, keepTogether: true, height: footer.height, elements: footer.elements });
  return bands;
}

// @top-* boxes → a page-header band as tall as the top margin; @bottom-* → a page-footer band.
function marginBands(setup: PageSetup, width: number, ctx: HtmlContext, nextId: () => string): Band[] {
  const bands: Band[] = [];
  for (const [edge, kind, height] of [["top", "page-header", setup.margins.top], ["bottom", "page-footer", setup.margins.bottom]] as const) {
    const boxes = setup.boxes.filter((b) => b.name.startsWith(`${edge}-`));
    if (boxes.length === 0) continue;
    bands.push({ id: kind, kind, height, elements: boxes.map((box) => marginElement(box, width, height, ctx, nextId)) });
  }
  if (setup.firstMargins) ctx.diagnostics.add("import.dropped", "@page :first margins are not imported; every page has the same margins", "@page :first");
  if (setup.firstBoxes) ctx.diagnostics.add("import.dropped", "@page :first margin boxes are not imported; the page bands print on every page", "@page :first");
  return bands;
}

function marginElement(box: MarginBox, width: number, height: number, ctx: HtmlContext, nextId: () => string): Element {
  const third = width / 3;
  const where = box.name.split("-")[1];
  const align = box.style.textAlign !== "start" ? box.style.textAlign : where === "left" ? "left" : where === "right" ? "right" : "center";
  const style = { ...box.style, textAlign: align, whiteSpace: "pre-line" as const };
  const measured = paragraphBlock([{ text: box.text, style, path: `@page @${box.name}` }], style, third, ctx, `@page @${box.name}`);
  const h = measured?.height ?? box.style.size * 1.2;
  return {
    id: nextId(),
    type: "text",
    x: where === "left" ? 0 : where === "center" ? third : 2 * third,
    y: Math.max(0, (height - h) / 2),
    width: third,
    height: h,
    text: box.text,
    fontSize: box.style.size,
    fontWeight: box.style.weight,
    ...(box.style.italic ? { italic: true } : {}),
    color: box.style.color,
    align,
  };
}

function pageSizeOf(setup: PageSetup): PageSizeSpec {
  const { size } = setup;
  const preset = findPageSizePreset(size.id);
  if (preset) return size.width > size.height && !preset.roll ? { id: preset.id, orientation: "landscape" } : { id: preset.id };
  return { id: "custom", width: size.width, height: size.roll ? 3370 : size.height };
}
