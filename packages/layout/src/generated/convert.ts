// Between the AI wire shape and the stored document (version 4): fromGenerated makes a draft renderable at
// once (ids made unique, numbers made finite, unknown values dropped), toGenerated sends a document back to
// the model for revision. Element keys the wire lacks (borders, padding, …) are not carried; charts and form
// fields go both ways with every key they have.
import { isDocumentColour } from "../brand/colour.js";
import { findPageSizePreset } from "../model/page-sizes.js";
import { BAND_KINDS, DOCUMENT_VERSION, type Band, type BandKind, type Element, type PageSizeSpec, type SchemaField, type TemplateDocument } from "../model/types.js";
import { uniqueFieldNames } from "./field-names.js";
import type { GeneratedBand, GeneratedBandTemplate, GeneratedChartSeries, GeneratedColumn, GeneratedElement, GeneratedField, GeneratedPageSize } from "./wire.js";

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Loose = Record<string, unknown>;

const finite = (value: unknown, fallback: number): number => (typeof value === "number" && Number.isFinite(value) ? value : fallback);
const size = (value: unknown): number => Math.max(0, finite(value, 0));

/** Copies the keys whose value is set (not null or undefined). */
function defined(source: Loose, keys: readonly string[]): Loose {
  const out: Loose = {};
  for (const key of keys) if (source[key] !== null && source[key] !== undefined) out[key] = source[key];
  return out;
}

const TEXT_KEYS = ["role", "color", "bg", "align", "fontFamily", "fontSize", "fontWeight", "italic", "lineHeight"];
const SHAPE_KEYS = ["fill", "stroke", "strokeWidth"];
const TABLE_KEYS = ["fontSize", "fontFamily", "color", "headerHeight", "rowHeight", "headerBg", "headerColor", "stripeBg", "borderColor"];
const CHART_KEYS = ["chartType", "categoryKey", "series", "xAxisTitle", "yAxisTitle", "valueFormat", "categoryFormat", "legend", "dataLabels", "gridLines", "colors"];
const FIELD_KEYS = ["kind", "required", "readOnly", "options", "maxLength", "label"];
const COMMON_KEYS = ["visibleIf", "opacity", "rotation"];

/** Copies the keys holding a colour the model may use (anything else would make the document invalid). */
function colours(source: Loose, keys: readonly string[]): Loose {
  const out: Loose = {};
  for (const key of keys) if (isDocumentColour(source[key])) out[key] = source[key];
  return out;
}

const positiveSize = (value: number | null | undefined): Loose => (typeof value === "number" && Number.isFinite(value) && value > 0 ? { fontSize: value } : {});

/** The keys every element type has: visibleIf, opacity (kept within 0–1), rotation. */
function commonKeys(e: GeneratedElement): Loose {
  return {
    ...(typeof e.visibleIf === "string" ? { visibleIf: e.visibleIf } : {}),
    ...(typeof e.opacity === "number" && Number.isFinite(e.opacity) ? { opacity: Math.min(1, Math.max(0, e.opacity)) } : {}),
    ...(typeof e.rotation === "number" && Number.isFinite(e.rotation) ? { rotation: e.rotation } : {}),
  };
}

function chartSeries(s: GeneratedChartSeries): Loose {
  return { valueKey: s.valueKey, ...(typeof s.label === "string" ? { label: s.label } : {}), ...colours(s as Loose, ["color"]) };
}

/** A chart needs rows and at least one series to draw (like a table its columns); otherwise it is dropped. */
function chart(e: GeneratedElement, box: Loose): Loose | undefined {
  if (!e.bindingField || !e.series?.length) return undefined;
  const colors = e.colors?.filter((c) => isDocumentColour(c));
  return {
    ...box,
    chartType: e.chartType ?? "bar",
    bindingField: e.bindingField,
    series: e.series.map(chartSeries),
    ...defined(e as Loose, ["categoryKey", "xAxisTitle", "yAxisTitle", "valueFormat", "categoryFormat", "legend", "dataLabels", "gridLines", "fontFamily"]),
    ...positiveSize(e.fontSize),
    ...colours(e as Loose, ["color"]),
    ...(colors?.length ? { colors } : {}),
  };
}

/** A form field; its name was made valid and unique beforehand. A choice field without choices is dropped. */
function formField(e: GeneratedElement, box: Loose): Loose | undefined {
  const kind = e.kind ?? "text";
  const options = e.options ? [...new Set(e.options)].slice(0, 200) : undefined;
  if ((kind === "radio" || kind === "dropdown") && !options?.length) return undefined;
  return {
    ...box,
    kind,
    name: e.name ?? "field",
    ...(typeof e.text === "string" ? { value: e.text } : {}),
    ...(options ? { options } : {}),
    ...defined(e as Loose, ["required", "readOnly", "label"]),
    ...positiveSize(e.fontSize),
    ...colours(e as Loose, ["color", "bg", "borderColor"]),
    ...(typeof e.maxLength === "number" && e.maxLength > 0 ? { maxLength: e.maxLength } : {}),
  };
}

function column(c: GeneratedColumn): Loose {
  return { key: c.key, header: c.header, width: size(c.width), ...defined(c as Loose, ["align", "format"]) };
}

function element(e: GeneratedElement, id: string): Element | undefined {
  const typed = typedElement(e, id);
  return typed && ({ ...typed, ...commonKeys(e) } as Element);
}

function typedElement(e: GeneratedElement, id: string): Element | undefined {
  const box = { id, type: e.type, x: finite(e.x, 0), y: finite(e.y, 0), width: size(e.width), height: size(e.height) };
  const raw = e as unknown as Loose;
  switch (e.type) {
    case "text":
    case "markdown":
      return { ...box, text: e.text ?? "", ...defined(raw, TEXT_KEYS) } as Element;
    case "image":
      return { ...box, ...defined(raw, ["src", "bindingField"]) } as Element;
    case "table":
      if (!e.bindingField || !e.columns) return undefined;
      return { ...box, bindingField: e.bindingField, columns: e.columns.map(column), ...defined(raw, TABLE_KEYS) } as Element;
    case "line":
    case "rect":
    case "ellipse":
      // A model that colours a shape with `color` means its stroke (lines) or fill (areas).
      return { ...box, ...defined(raw, SHAPE_KEYS), ...(e.color && e.type === "line" && !e.stroke ? { stroke: e.color } : {}), ...(e.color && e.type !== "line" && !e.fill ? { fill: e.color } : {}) } as Element;
    case "barcode":
      return { ...box, format: e.format ?? "qr", value: e.text ?? "", ...defined(raw, ["color"]) } as Element;
    case "icon":
      return { ...box, ...defined(raw, ["name", "color"]) } as Element;
    case "chart":
      return chart(e, box) as Element | undefined;
    case "field":
      return formField(e, box) as Element | undefined;
    default:
      return undefined;
  }
}

function field(f: GeneratedField): SchemaField {
  return {
    key: f.key,
    type: f.type,
    ...(f.label ? { label: f.label } : {}),
    ...(f.fields ? { fields: f.fields.map(field) } : {}),
    ...(f.sample !== undefined && f.sample !== null ? { sample: f.sample } : {}),
  };
}

/** The stored page size for a wire page size; anything unusable is A4. */
export function pageSizeFromGenerated(p: GeneratedPageSize | null | undefined): PageSizeSpec {
  if (!p) return { id: "a4" };
  if (p.id === "custom") {
    const w = finite(p.width, NaN);
    const h = finite(p.height, NaN);
    return w >= 36 && w <= 3370 && h >= 36 && h <= 3370 ? { id: "custom", width: w, height: h } : { id: "a4" };
  }
  const preset = findPageSizePreset(p.id);
  if (preset === undefined) return { id: "a4" };
  return p.orientation === "landscape" ? { id: preset.id, orientation: "landscape" } : { id: preset.id };
}

function bandHeight(h: number | string): number {
  return size(typeof h === "string" ? Number(h) : h);
}

/** A v4 document from a generated draft: renderable as it is (ids unique, parents resolvable). */
export function fromGenerated(template: GeneratedBandTemplate): TemplateDocument {
  const bandIds = new Set<string>();
  const elementIds = new Set<string>();
  const unique = (set: Set<string>, wanted: string | null | undefined, fallback: string): string => {
    let id = wanted && wanted.trim() ? wanted.trim() : fallback;
    for (let n = 2; set.has(id); n++) id = `${wanted || fallback}-${n}`;
    set.add(id);
    return id;
  };
  const fieldNames = new Set<string>();
  const renamed = new Map<string, string>();
  const bands: Mutable<Band>[] = template.bands.map((b: GeneratedBand, i) => {
    const id = unique(bandIds, b.id, `band-${i + 1}`);
    if (!renamed.has(b.id)) renamed.set(b.id, id);
    const kind: BandKind = (BAND_KINDS as readonly string[]).includes(b.kind) ? b.kind : "detail";
    const elements = uniqueFieldNames(b.elements ?? [], fieldNames).flatMap((e, j) => element(e, unique(elementIds, e.id, `${id}-e${j + 1}`)) ?? []);
    return {
      id,
      kind,
      height: bandHeight(b.height),
      elements,
      ...(b.name ? { name: b.name } : {}),
      ...(b.parentId ? { parentId: b.parentId } : {}),
      ...defined(b as unknown as Loose, ["bindingField", "keepTogether", "pageBreakBefore", "pageBreakPerRow"]),
    };
  });
  // A parent that does not exist (or is the band itself) makes the band top-level rather than invalid.
  for (const band of bands) {
    if (band.parentId === undefined) continue;
    const parent = renamed.get(band.parentId);
    if (parent === undefined || parent === band.id) delete band.parentId;
    else band.parentId = parent;
  }
  const fonts = { ...(template.bodyFont ? { body: template.bodyFont } : {}), ...(template.headingFont ? { heading: template.headingFont } : {}) };
  return {
    version: DOCUMENT_VERSION,
    pageSize: pageSizeFromGenerated(template.pageSize),
    ...(template.direction === "rtl" ? { direction: "rtl" as const } : {}),
    ...(Object.keys(fonts).length > 0 ? { fonts } : {}),
    bands,
    schema: template.schema.map(field),
  };
}

function elementToGenerated(e: Element): GeneratedElement {
  const raw = e as unknown as Loose;
  const keys = ["role", "color", "bg", "fill", "stroke", "strokeWidth", "align", "bindingField", "fontFamily", "fontSize", "fontWeight", "italic", "lineHeight", "format", "name", "src", ...TABLE_KEYS, ...CHART_KEYS, ...FIELD_KEYS, ...COMMON_KEYS];
  const out = { id: e.id, type: e.type, x: e.x, y: e.y, width: e.width, height: e.height, ...defined(raw, keys) } as Loose;
  if (e.type === "text" || e.type === "markdown") out["text"] = e.text;
  if (e.type === "barcode") out["text"] = e.value;
  if (e.type === "field" && e.value !== undefined) out["text"] = e.value;
  if (e.type === "table") out["columns"] = e.columns.map((c) => ({ key: c.key, header: c.header, width: c.width, align: c.align ?? "start", ...(c.format ? { format: c.format } : {}) }));
  return out as GeneratedElement;
}

function fieldToGenerated(f: SchemaField): GeneratedField {
  return {
    key: f.key,
    type: f.type,
    ...(f.label !== undefined ? { label: f.label } : {}),
    ...(f.fields ? { fields: f.fields.map(fieldToGenerated) } : {}),
    ...(f.sample !== undefined ? { sample: f.sample } : {}),
  };
}

/** The wire shape of a stored document (bands flat with parentId), for revise and refine. */
export function toGenerated(document: TemplateDocument, name = "Untitled"): GeneratedBandTemplate {
  const p = document.pageSize;
  return {
    name,
    bands: document.bands.map((b) => ({
      id: b.id,
      parentId: b.parentId ?? null,
      kind: b.kind,
      name: b.name ?? null,
      height: b.height,
      ...defined(b as unknown as Loose, ["bindingField", "keepTogether", "pageBreakBefore", "pageBreakPerRow"]),
      elements: b.elements.map(elementToGenerated),
      failed: false,
    })),
    schema: document.schema.map(fieldToGenerated),
    direction: document.direction === "rtl" ? "rtl" : "ltr",
    bodyFont: document.fonts?.body ?? null,
    headingFont: document.fonts?.heading ?? null,
    pageSize: p.id === "custom" ? { id: "custom", width: p.width ?? null, height: p.height ?? null } : { id: p.id, ...(p.orientation ? { orientation: p.orientation } : {}) },
  };
}
