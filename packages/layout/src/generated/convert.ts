// Between the AI wire shape and the stored document (version 4): fromGenerated makes a draft renderable at
// once (ids made unique, numbers made finite, unknown values dropped), toGenerated sends a document back to
// the model for revision. Element keys the wire lacks (opacity, borders, …) are not carried.
import { findPageSizePreset } from "../model/page-sizes.js";
import { BAND_KINDS, DOCUMENT_VERSION, type Band, type BandKind, type Element, type PageSizeSpec, type SchemaField, type TemplateDocument } from "../model/types.js";
import type { GeneratedBand, GeneratedBandTemplate, GeneratedColumn, GeneratedElement, GeneratedField, GeneratedPageSize } from "./wire.js";

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

function column(c: GeneratedColumn): Loose {
  return { key: c.key, header: c.header, width: size(c.width), ...defined(c as Loose, ["align", "format"]) };
}

function element(e: GeneratedElement, id: string): Element | undefined {
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
  const renamed = new Map<string, string>();
  const bands: Mutable<Band>[] = template.bands.map((b: GeneratedBand, i) => {
    const id = unique(bandIds, b.id, `band-${i + 1}`);
    if (!renamed.has(b.id)) renamed.set(b.id, id);
    const kind: BandKind = (BAND_KINDS as readonly string[]).includes(b.kind) ? b.kind : "detail";
    const elements = (b.elements ?? []).flatMap((e, j) => element(e, unique(elementIds, e.id, `${id}-e${j + 1}`)) ?? []);
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
  const keys = ["role", "color", "bg", "fill", "stroke", "strokeWidth", "align", "bindingField", "fontFamily", "fontSize", "fontWeight", "italic", "lineHeight", "format", "name", "src", ...TABLE_KEYS];
  const out = { id: e.id, type: e.type, x: e.x, y: e.y, width: e.width, height: e.height, ...defined(raw, keys) } as Loose;
  if (e.type === "text" || e.type === "markdown") out["text"] = e.text;
  if (e.type === "barcode") out["text"] = e.value;
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
