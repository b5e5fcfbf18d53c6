// A table measured: columns placed (mirrored in RTL), header and every row laid out once, row heights
// fixed. A row keeps the designed rowHeight unless one of its cells wraps onto more lines, then it grows.
import type { TableColumn, TableElement } from "../model/types.js";
import { parseTemplate } from "../tokens/parse.js";
import { evaluate, resolveDisplayText } from "../tokens/resolve.js";
import type { RowScope, TemplateText } from "../tokens/types.js";
import type { ParagraphLayout, ParagraphStyle } from "../text/types.js";
import { colourOf, num, report, text, type MeasureContext } from "./context.js";
import { DEFAULT_FONT_SIZE, DEFAULT_LINE_HEIGHT, isolatingTokens, withDirection } from "./text-style.js";
import { fitsBox, shrinkToFit } from "./shrink.js";
import { decimalColumns } from "./table-decimal.js";
import { makeStyle } from "../text/style-object.js";

/** Defaults of the table keys (document-model.md gives header 20 and row 18). */
export const TABLE_DEFAULTS = { headerHeight: 20, rowHeight: 18, padding: 4, borderWidth: 0.5, borderColor: "#d1d5db" } as const;

/** One laid-out row (or part of a row split between pages). */
export interface RowLayout {
  readonly cells: readonly ParagraphLayout[];
  readonly height: number;
  /** 0-based data index: stripes follow it. */
  readonly index: number;
  /** Top of the cell content within the row. */
  readonly offset: number;
}

/** Everything a table block needs to draw any slice of the table. */
export interface TableModel {
  /** Left edge of each column relative to the element (first column at the right in RTL). */
  readonly columnX: readonly number[];
  readonly columnWidth: readonly number[];
  /** Left and width of the ruled area. */
  readonly left: number;
  readonly width: number;
  readonly header: RowLayout;
  readonly rows: readonly RowLayout[];
  /** prefix[i] = total height of rows[0..i). */
  readonly prefix: Float64Array;
  readonly padding: number;
  readonly headerBg: string | undefined;
  readonly stripeBg: string | undefined;
  readonly border: { readonly color: string; readonly width: number } | undefined;
  readonly pageBody: number;
  /** The data rows, by index: a row placed on a page is reported to it (`PageNumbers.rows`). */
  readonly data: readonly unknown[];
  /** Rows and cells carry structure tags (LayoutEnv.tagged; ./table-tags.ts). */
  readonly tagged: boolean;
}

/** Measures a table element in its row scope. */
export function measureTable(element: TableElement, ctx: MeasureContext): TableModel {
  const columns = (Array.isArray(element.columns) ? element.columns : []).filter((c) => num(c.width, 0) > 0);
  const widths = columns.map((c) => c.width);
  const total = widths.reduce((a, b) => a + b, 0);
  // The table's own ltr/rtl orders its columns and sets its cells; `auto` keeps the document's column
  // order and gives each cell the direction of its first strong character.
  const direction = element.direction === "ltr" || element.direction === "rtl" ? element.direction : ctx.env.direction;
  const rtl = direction === "rtl";
  const tokens = isolatingTokens(ctx.tokens, element.direction);
  const elementWidth = num(element.width, total);
  const columnX: number[] = [];
  let cum = 0;
  for (const w of widths) {
    columnX.push(rtl ? elementWidth - cum - w : cum);
    cum += w;
  }
  const padding = Math.max(0, num(element.padding, TABLE_DEFAULTS.padding));
  const size = num(element.fontSize, DEFAULT_FONT_SIZE) > 0 ? num(element.fontSize, DEFAULT_FONT_SIZE) : DEFAULT_FONT_SIZE;
  const family = text(element.fontFamily) ?? ctx.env.bodyFamily;
  const base = (column: TableColumn, weight: number, color: string, keepWords?: boolean): ParagraphStyle =>
    makeStyle(
      family,
      weight,
      false,
      size,
      DEFAULT_LINE_HEIGHT,
      0,
      // A decimal column is right-aligned, each cell moved left by what its fraction lacks (below).
      column.align === "decimal" ? "right" : column.align ?? "start",
      direction,
      color,
      // Tabular figures by default: amounts line up digit under digit.
      { keepWords, numeric: column.numeric ?? element.numeric ?? "tabular" },
    );
  const headerColor = (element.headerColor === undefined ? "#000000" : colourOf(ctx, element.headerColor, "headerColor")) ?? "#000000";
  const textColor = (element.color === undefined ? "#000000" : colourOf(ctx, element.color, "color")) ?? "#000000";
  // Header words break only at break opportunities (never `Positio`/`n`): too long a word shrinks the cell.
  const headerStyles = columns.map((c) => base(c, 700, headerColor, true));
  const cellStyles = columns.map((c) => base(c, 400, textColor));
  const inner = widths.map((w) => Math.max(0, w - 2 * padding));
  const diag = (code: string, message: string): void => report(ctx, code, message);
  const overflowing = new Set<number>();
  // A cell whose number (never cut) or header word is wider than the column is set smaller, down to the
  // shrink floor; below that it overflows, reported once per column.
  const lay = (text: string, style: ParagraphStyle, col: number, width = inner[col] ?? 0): ParagraphLayout => {
    style = withDirection(style, element.direction, text);
    const layout = ctx.env.paragraphs.layout(text, style, width, diag);
    if (fitsBox(layout, width, Infinity)) return layout;
    const shrunk = shrinkToFit(style, (s) => ctx.env.paragraphs.layout(text, s, width, diag), (l) => fitsBox(l, width, Infinity));
    if (!shrunk.fits && !overflowing.has(col)) {
      overflowing.add(col);
      report(ctx, "table.overflow", `column ${col + 1} is too narrow for '${text.slice(0, 40)}' even at ${shrunk.style.size} pt`);
    }
    return ctx.env.paragraphs.layout(text, shrunk.style, width, diag);
  };

  const headerHeight = Math.max(0, num(element.headerHeight, TABLE_DEFAULTS.headerHeight));
  const headerCells = columns.map((c, i) =>
    lay(resolveDisplayText(parseTemplate(String(c.header ?? "")), tokens, ctx.scope), headerStyles[i] as ParagraphStyle, i),
  );
  const header = fixedRow(headerCells, headerHeight, -1);

  const rowHeight = Math.max(0, num(element.rowHeight, TABLE_DEFAULTS.rowHeight));
  const templates = columns.map((c) => cellTemplate(c.key, c.format));
  const data = rowsOf(element, ctx);
  ctx.env.rows.take(data.length, `the table at ${ctx.path}`);
  const rows: RowLayout[] = [];
  const prefix = new Float64Array(data.length + 1);
  const scopes = data.map((row, i): RowScope => (ctx.scope ? { row, index: i, parent: ctx.scope } : { row, index: i }));
  const decimal = decimalColumns(columns, templates, scopes, cellStyles, tokens, ctx);
  for (let i = 0; i < data.length; i++) {
    const scope = scopes[i]!;
    const cells: ParagraphLayout[] = new Array<ParagraphLayout>(templates.length);
    for (let c = 0; c < templates.length; c++) {
      const aligned = decimal[c];
      if (aligned) cells[c] = lay(aligned.texts[i]!, cellStyles[c]!, c, Math.max(0, (inner[c] ?? 0) - aligned.shifts[i]!));
      else cells[c] = lay(resolveDisplayText(templates[c] as TemplateText, tokens, scope), cellStyles[c] as ParagraphStyle, c);
    }
    const row = measuredRow(cells, rowHeight, padding, i);
    rows.push(row);
    prefix[i + 1] = (prefix[i] as number) + row.height;
  }

  const borderWidth = Math.max(0, num(element.borderWidth, TABLE_DEFAULTS.borderWidth));
  const borderColor = element.borderColor === undefined ? TABLE_DEFAULTS.borderColor : colourOf(ctx, element.borderColor, "borderColor");
  return {
    columnX,
    columnWidth: widths,
    left: rtl ? elementWidth - total : 0,
    width: total,
    header,
    rows,
    prefix,
    padding,
    headerBg: colourOf(ctx, element.headerBg, "headerBg"),
    stripeBg: colourOf(ctx, element.stripeBg, "stripeBg"),
    border: borderColor && borderWidth > 0 ? { color: borderColor, width: borderWidth } : undefined,
    pageBody: ctx.env.pageBody,
    data,
    tagged: ctx.env.tagged === true,
  };
}

// A row that keeps its designed height whatever its content (the header): content centred vertically.
function fixedRow(cells: readonly ParagraphLayout[], height: number, index: number): RowLayout {
  let content = 0;
  for (const c of cells) content = Math.max(content, c.height);
  return { cells, height, index, offset: (height - content) / 2 };
}

// A body row. Vertically, the padding is at most what the designed height leaves around one line, so a
// row of single lines keeps its designed height (its text centred); a row whose cells wrap grows by what
// its extra lines need, and its first line stays where a single line sits.
function measuredRow(cells: readonly ParagraphLayout[], rowHeight: number, padding: number, index: number): RowLayout {
  let content = 0;
  let firstLine = 0;
  for (const c of cells) {
    content = Math.max(content, c.height);
    firstLine = Math.max(firstLine, c.lines[0]?.height ?? 0);
  }
  const vpad = Math.min(padding, Math.max(0, (rowHeight - firstLine) / 2));
  const height = Math.max(rowHeight, content + 2 * vpad);
  return { cells, height, index, offset: (height - content) / 2 };
}

const PLAIN_PATH = /^[\p{L}\p{N}_$][\p{L}\p{N}_$.[\]-]*$/u;

/** The `{{key | format}}` template of a column, parsed once per table. */
export function cellTemplate(key: unknown, format: unknown): TemplateText {
  const name = typeof key === "string" ? key : String(key ?? "");
  const path = PLAIN_PATH.test(name) ? name : `[${JSON.stringify(name)}]`;
  const pipe = text(format)?.replace(/^\|\s*/, "");
  return parseTemplate(`{{${path}${pipe ? ` | ${pipe}` : ""}}}`);
}

function rowsOf(element: TableElement, ctx: MeasureContext): readonly unknown[] {
  const binding = typeof element.bindingField === "string" ? element.bindingField.trim() : "";
  if (!binding) return [];
  const value = evaluate(binding, ctx.tokens, ctx.scope);
  if (Array.isArray(value)) return value;
  if (value !== undefined && value !== null && value !== "") {
    report(ctx, "table.binding", `bindingField ${JSON.stringify(binding)} is not an array; the table has no rows`);
  }
  return [];
}
