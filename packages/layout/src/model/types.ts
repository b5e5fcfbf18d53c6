// The template document (stored content, version 4), as ../shared/docs/document-model.md defines it.
// Every node is readonly; element and band unions are keyed by `type` / `kind`.
import type { TemplateEinvoice } from "../einvoice/types.js";

/** The only document version this engine accepts. */
export const DOCUMENT_VERSION = 4;

/** A colour: `#rgb`, `#rrggbb`, `transparent`, or a brand slot such as `@primary`. */
export type Colour = string;

export type PageOrientation = "portrait" | "landscape";

/** `{id}`, `{id, orientation}` or `{id: "custom", width, height}`; unknown ids render as A4. */
export interface PageSizeSpec {
  readonly id: string;
  readonly orientation?: PageOrientation;
  readonly width?: number;
  readonly height?: number;
}

export interface Margins {
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly left: number;
}

export interface Brand {
  readonly primary?: Colour;
  readonly accent?: Colour;
}

export interface DocumentFonts {
  readonly body?: string;
  readonly heading?: string;
}

export type SchemaFieldType = "string" | "number" | "date" | "datetime" | "boolean" | "image" | "array" | "object";

export interface SchemaField {
  readonly key: string;
  readonly type: SchemaFieldType;
  readonly label?: string;
  readonly fields?: readonly SchemaField[];
  readonly sample?: unknown;
}

// ---------------------------------------------------------------- elements

interface ElementBase {
  readonly id: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly visibleIf?: string;
  /** 0–1. */
  readonly opacity?: number;
  /** Degrees, clockwise, about the element's centre. */
  readonly rotation?: number;
}

/** Typography and structure: `h1`–`h6` and `p` name the tagged PDF's heading levels and paragraphs directly. */
export type TextRole = "title" | "heading" | "subheading" | "body" | "label" | "caption" | "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "p";
export type TextAlign = "left" | "center" | "right" | "justify" | "start" | "end";
export type VerticalAlign = "top" | "middle" | "bottom";
export type TextOverflow = "grow" | "clip" | "shrink";

export interface Border {
  readonly width?: number;
  readonly color?: Colour;
  readonly radius?: number;
}

/** The font and paragraph keys shared by text and markdown elements. */
export interface TextStyleKeys {
  readonly role?: TextRole;
  readonly fontFamily?: string;
  readonly fontSize?: number;
  readonly fontWeight?: number;
  readonly italic?: boolean;
  readonly color?: Colour;
  readonly bg?: Colour;
  readonly align?: TextAlign;
  readonly verticalAlign?: VerticalAlign;
  readonly lineHeight?: number;
  readonly letterSpacing?: number;
  readonly padding?: number;
  readonly border?: Border;
  readonly underline?: boolean;
  readonly strike?: boolean;
  readonly overflow?: TextOverflow;
  /** Figures: `tabular` (every digit one width: amounts line up) or `proportional`; absent: see docs/model.md. */
  readonly numeric?: NumericStyle;
  /** This element's paragraph direction, instead of the document's. */
  readonly direction?: ElementDirection;
  /** Hyphenation: `none`, `manual` (at soft hyphens only) or `auto` (by the locale's patterns); default `auto` when justified, else `manual`. */
  readonly hyphens?: Hyphens;
}

/** Where words may break with a visible hyphen (CSS `hyphens`). */
export type Hyphens = "none" | "manual" | "auto";

export type NumericStyle = "tabular" | "proportional";

/** A numbering system for printed numbers and dates (Unicode CLDR names). */
export type Digits = "latn" | "arab" | "arabext";

/** An element's own paragraph direction; `auto` takes the first strong character's. */
export type ElementDirection = "ltr" | "rtl" | "auto";

export interface TextElement extends ElementBase, TextStyleKeys {
  readonly type: "text";
  readonly text: string;
}

export type ImageFit = "contain" | "cover" | "fill";

export interface ImageElement extends ElementBase {
  readonly type: "image";
  readonly src?: string;
  readonly bindingField?: string;
  readonly fit?: ImageFit;
  /** Text alternative (tokens resolve) for the tagged PDF's Figure. */
  readonly alt?: string;
}

/** `decimal`: right-aligned with every cell's decimal separator on one vertical line. */
export type ColumnAlign = "left" | "center" | "right" | "start" | "end" | "decimal";

export interface TableColumn {
  readonly key: string;
  readonly header: string;
  readonly width: number;
  readonly align?: ColumnAlign;
  /** A token pipe such as `number:"#,##0.00"`. */
  readonly format?: string;
  /** Figures of this column's cells and header; default the table's `numeric`, else `tabular`. */
  readonly numeric?: NumericStyle;
}

export interface TableElement extends ElementBase {
  readonly type: "table";
  readonly bindingField: string;
  readonly columns: readonly TableColumn[];
  readonly headerHeight?: number;
  readonly rowHeight?: number;
  readonly fontSize?: number;
  readonly fontFamily?: string;
  readonly headerBg?: Colour;
  readonly headerColor?: Colour;
  readonly color?: Colour;
  readonly stripeBg?: Colour;
  readonly borderColor?: Colour;
  readonly borderWidth?: number;
  readonly padding?: number;
  /** Figures of every column without its own `numeric`; default `tabular`. */
  readonly numeric?: NumericStyle;
  /** Column order and cell direction, instead of the document's (`auto`: per cell, columns as the document). */
  readonly direction?: ElementDirection;
}

export interface LineElement extends ElementBase {
  readonly type: "line";
  readonly stroke?: Colour;
  readonly strokeWidth?: number;
  readonly dash?: readonly number[];
}

export interface RectElement extends ElementBase {
  readonly type: "rect";
  readonly fill?: Colour;
  readonly stroke?: Colour;
  readonly strokeWidth?: number;
  readonly dash?: readonly number[];
  readonly radius?: number;
}

export interface EllipseElement extends ElementBase {
  readonly type: "ellipse";
  readonly fill?: Colour;
  readonly stroke?: Colour;
  readonly strokeWidth?: number;
  readonly dash?: readonly number[];
}

export type BarcodeFormat = "qr" | "code128" | "code39" | "ean13" | "ean8" | "upca" | "itf14" | "datamatrix" | "pdf417";

export interface BarcodeElement extends ElementBase {
  readonly type: "barcode";
  readonly format: BarcodeFormat;
  readonly value: string;
  readonly showText?: boolean;
  readonly color?: Colour;
  /** The printer's resolution (203, 300, 600 …): module widths become whole dots. */
  readonly dpi?: number;
  /** Text alternative (tokens resolve) for the tagged PDF's Figure; defaults to the value. */
  readonly alt?: string;
}

export interface MarkdownElement extends ElementBase, TextStyleKeys {
  readonly type: "markdown";
  readonly text: string;
}

export interface IconElement extends ElementBase {
  readonly type: "icon";
  readonly name?: string;
  readonly svg?: string;
  readonly color?: Colour;
}

/** The chart kinds a `chart` element draws. */
export type ChartType = "bar" | "stackedBar" | "line" | "area" | "pie" | "donut" | "scatter";

export const CHART_TYPES: readonly ChartType[] = ["bar", "stackedBar", "line", "area", "pie", "donut", "scatter"];

/** Where a chart's legend goes; `auto`: below the plot when there are several series or slices. */
export type ChartLegend = "auto" | "none" | "top" | "bottom" | "right";

/** One series of a chart: the row key it reads, its legend label and colour. */
export interface ChartSeries {
  /** A path inside each row, like a table column's `key`. */
  readonly valueKey: string;
  /** Legend and alt-text name; default the value key. Tokens resolve against the data. */
  readonly label?: string;
  /** Default: the brand colours, then a fixed sequence (docs/charts.md). */
  readonly color?: Colour;
}

export interface ChartElement extends ElementBase {
  readonly type: "chart";
  readonly chartType: ChartType;
  /** The array of rows the chart draws, like a table's `bindingField`. */
  readonly bindingField: string;
  /** The row key of each category (its label); for scatter, the x value. */
  readonly categoryKey?: string;
  readonly series: readonly ChartSeries[];
  readonly xAxisTitle?: string;
  readonly yAxisTitle?: string;
  /** A token pipe for values (axis ticks, data labels), e.g. `number:"#,##0"`. */
  readonly valueFormat?: string;
  /** A token pipe for categories (e.g. `date:"MMM"`), or scatter x values. */
  readonly categoryFormat?: string;
  readonly legend?: ChartLegend;
  /** Values printed at their bars, points or slices. */
  readonly dataLabels?: boolean;
  /** Horizontal grid lines at the value ticks; default true. */
  readonly gridLines?: boolean;
  /** Slice colours of pie and donut charts; default the series colour sequence. */
  readonly colors?: readonly Colour[];
  readonly fontFamily?: string;
  /** Label size in points; default 8. */
  readonly fontSize?: number;
  /** Colour of labels and axes; default #374151. */
  readonly color?: Colour;
}

/** The kinds of form field (an AcroForm field each, see docs/model.md § Form fields). */
export type FieldKind = "text" | "multiline" | "checkbox" | "radio" | "dropdown" | "date" | "signature";

export const FIELD_KINDS: readonly FieldKind[] = ["text", "multiline", "checkbox", "radio", "dropdown", "date", "signature"];

/** A fillable form field: an AcroForm field in the PDF (or plain content when the render flattens). */
export interface FieldElement extends ElementBase {
  readonly type: "field";
  readonly kind: FieldKind;
  /** The field's name in the PDF; unique in the document (letters, digits, `_` and `-`). */
  readonly name: string;
  /** The default value; tokens resolve first. Checkbox: `true`/`yes`/`on`/`1` checks it; radio and dropdown: one of `options`. */
  readonly value?: string;
  readonly required?: boolean;
  readonly readOnly?: boolean;
  /** The choices of a dropdown or radio group (a radio group draws one button per option, top to bottom). */
  readonly options?: readonly string[];
  /** Text size of the value in points; default 10. */
  readonly fontSize?: number;
  readonly color?: Colour;
  readonly bg?: Colour;
  /** The box's border colour; `transparent` draws none. Default a mid grey. */
  readonly borderColor?: Colour;
  /** Most characters a text field accepts. */
  readonly maxLength?: number;
  /** A hint shown to screen readers and as the tooltip (`/TU`). */
  readonly label?: string;
}

export type Element =
  | TextElement
  | ImageElement
  | TableElement
  | LineElement
  | RectElement
  | EllipseElement
  | BarcodeElement
  | MarkdownElement
  | IconElement
  | ChartElement
  | FieldElement;

export type ElementType = Element["type"];

export const ELEMENT_TYPES: readonly ElementType[] = [
  "text", "image", "table", "line", "rect", "ellipse", "barcode", "markdown", "icon", "chart", "field",
];

// ------------------------------------------------------------------- bands

export type BandKind =
  | "page-header"
  | "page-footer"
  | "background"
  | "report-header"
  | "detail"
  | "detail-header"
  | "detail-footer"
  | "report-footer";

export const BAND_KINDS: readonly BandKind[] = [
  "page-header", "page-footer", "background", "report-header",
  "detail", "detail-header", "detail-footer", "report-footer",
];

export interface Band {
  readonly id: string;
  readonly kind: BandKind;
  /** A minimum: the band grows with its content (page header and footer excepted). */
  readonly height: number;
  readonly elements: readonly Element[];
  readonly name?: string;
  readonly parentId?: string;
  readonly bindingField?: string;
  readonly keepTogether?: boolean;
  /** Never alone at the top of a page: the end of what precedes it (a detail's last rows) moves along. */
  readonly keepWithPrevious?: boolean;
  readonly pageBreakBefore?: boolean;
  readonly pageBreakPerRow?: boolean;
  readonly visibleIf?: string;
}

// ---------------------------------------------------------------- document

export interface TemplateDocument {
  readonly version: 4;
  readonly pageSize: PageSizeSpec;
  readonly margins?: Margins;
  readonly direction?: "rtl";
  readonly brand?: Brand;
  readonly fonts?: DocumentFonts;
  readonly locale?: string;
  readonly timezone?: string;
  /** Digits numbers and dates print with (`latn` 0–9 by default, `arab` ٠–٩, `arabext` ۰–۹). */
  readonly digits?: Digits;
  readonly bands: readonly Band[];
  readonly schema: readonly SchemaField[];
  /** Stamps and watermarks drawn on the pages over or under the content, each chosen by the data (docs/model.md). */
  readonly stamps?: readonly Stamp[];
  /** The e-invoice mapping and default format/profile (docs/einvoicing.md). */
  readonly einvoice?: TemplateEinvoice;
  /** Standards every PDF of this template declares unless a render asks otherwise (docs/archiving.md). */
  readonly pdfStandards?: readonly DocumentPdfStandard[];
}

/** The standards a document may declare: one PDF/A level (b: visual, u: plus Unicode text) and/or PDF/UA-1. */
export const DOCUMENT_PDF_STANDARDS = ["a-2b", "a-2u", "a-3b", "a-3u", "ua-1"] as const;
export type DocumentPdfStandard = (typeof DOCUMENT_PDF_STANDARDS)[number];

// ---------------------------------------------------------------- stamps

/** Where a stamp's box sits on the page when it gives no `x`/`y`. */
export type StampPosition = "center" | "top-left" | "top-right" | "bottom-left" | "bottom-right";

/** Which pages carry a stamp. */
export type StampPages = "all" | "first" | "last";

interface StampBase {
  readonly id?: string;
  /** Default `center`; ignored when both `x` and `y` are given. */
  readonly position?: StampPosition;
  /** The box's top-left corner in page points, instead of `position`. */
  readonly x?: number;
  readonly y?: number;
  readonly width?: number;
  readonly height?: number;
  /** Distance from the page edges of a corner position, in points; default 36. */
  readonly margin?: number;
  /** Degrees, clockwise, about the box's centre. */
  readonly rotation?: number;
  /** 0–1; default 1. */
  readonly opacity?: number;
  /** Default `all`. */
  readonly pages?: StampPages;
  /** A condition on the data (and `$page`/`$pages`), as an element's visibleIf. */
  readonly visibleIf?: string;
  /** `over` (default) the page's content, or `under` it (still over a base PDF). */
  readonly layer?: "over" | "under";
}

export interface TextStamp extends StampBase {
  readonly type: "text";
  /** Tokens resolve as in a text element. */
  readonly text: string;
  /** Default 48. */
  readonly fontSize?: number;
  readonly fontFamily?: string;
  readonly fontWeight?: number;
  readonly italic?: boolean;
  /** Default `#dc2626`. */
  readonly color?: Colour;
  readonly border?: Border;
  readonly padding?: number;
}

export interface ImageStamp extends StampBase {
  readonly type: "image";
  readonly src?: string;
  readonly bindingField?: string;
  readonly fit?: ImageFit;
  /** Text alternative (tokens resolve) for the tagged PDF's Figure. */
  readonly alt?: string;
}

export type Stamp = TextStamp | ImageStamp;

/** A render-time palette override; null, empty or absent keys keep the template's colour. */
export interface Theme {
  readonly primary?: string | null;
  readonly accent?: string | null;
}
