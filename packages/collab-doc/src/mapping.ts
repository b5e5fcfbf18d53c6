// The v4 report document ↔ Y.Doc, both ways (structure.ts describes the layout). Written once, used by the
// designer in the browser and by tests on Node: document → Y.Doc → document is the identity for any document
// whose element ids are unique (a duplicate element id is given a fresh one on the way in, since elements are
// keyed by id). Keys the designer does not know are carried as they are.
import type { Band, Element, TemplateDocument } from "@docsvc/layout";
import * as Y from "yjs";
import { cloneJson, isJsonObject, type Json, type JsonObject } from "./json.js";
import { newId } from "./ids.js";
import { BAND_ELEMENTS_KEY, bandElementIds, roots, uniqueIds, type Roots } from "./structure.js";
import { isTextKey, newYText } from "./text.js";

// Written first, in this order, so a saved document reads like a hand-written one; other keys follow.
const DOCUMENT_KEY_ORDER = ["version", "pageSize", "margins", "direction", "brand", "fonts", "locale", "timezone", "digits"];
const ELEMENT_KEY_ORDER = ["id", "type", "x", "y", "width", "height"];
const BAND_KEY_ORDER = ["id", "kind", "name", "parentId", "height"];

/**
 * A Y.Map holding `fields` (undefined fields left out): plain JSON values, except that an object value (a
 * border, the margins, the brand) is a Y.Map of its own keys, so two people changing different keys of it
 * (the border's width and its colour) both keep their change.
 */
export function jsonToYMap(fields: JsonObject, skip: readonly string[] = []): Y.Map<unknown> {
  const map = new Y.Map<unknown>();
  for (const [key, value] of Object.entries(fields)) {
    if (skip.includes(key)) continue;
    const copy = cloneJson(value);
    if (copy !== undefined) map.set(key, yValue(copy));
  }
  return map;
}

/** How a JSON value is held inside a Y.Map: an object as a Y.Map of plain values, anything else as it is. */
export function yValue(value: Json): unknown {
  if (!isJsonObject(value)) return value;
  const map = new Y.Map<unknown>();
  for (const [key, inner] of Object.entries(value)) map.set(key, inner);
  return map;
}

/**
 * The plain JSON fields of a Y.Map, known keys first: a Y.Text reads as its string (text content), other
 * nested Yjs types are left out.
 */
function yMapToJson(map: Y.Map<unknown>, order: readonly string[]): Record<string, Json> {
  const out: Record<string, Json> = {};
  const put = (key: string, value: unknown): void => {
    if (key.startsWith("$")) return;
    if (value instanceof Y.Text) {
      out[key] = value.toString();
      return;
    }
    if (value instanceof Y.Map) {
      out[key] = yMapToJson(value as Y.Map<unknown>, []);
      return;
    }
    if (value instanceof Y.AbstractType) return;
    const copy = cloneJson(value);
    if (copy !== undefined) out[key] = copy;
  };
  for (const key of order) if (map.has(key)) put(key, map.get(key));
  for (const [key, value] of map.entries()) if (!order.includes(key)) put(key, value);
  return out;
}

/** Writes one element under its id (a fresh one when its id is already used); returns the id used. */
export function writeElement(r: Roots, element: JsonObject): string {
  const given = typeof element.id === "string" ? element.id : undefined;
  const type = typeof element.type === "string" ? element.type : "element";
  const id = given !== undefined && !r.elements.has(given) ? given : newId(type, (candidate) => r.elements.has(candidate));
  const map = jsonToYMap({ ...element, id });
  // Text content is a Y.Text, so two people typing into it at once both keep their characters. (Set on the
  // map before it is integrated: a prelim Y.Map cannot be read back yet.)
  for (const [key, value] of Object.entries(element)) {
    if (typeof value === "string" && isTextKey(element.type, key)) map.set(key, newYText(value));
  }
  r.elements.set(id, map);
  return id;
}

/** Writes one band (and its elements) under its id, appended to the band order or at `index`; returns its id. */
export function writeBand(r: Roots, band: JsonObject, index?: number): string {
  const given = typeof band.id === "string" && band.id !== "" ? band.id : undefined;
  const id = given !== undefined && !r.bands.has(given) ? given : newId("band", (candidate) => r.bands.has(candidate));
  const map = jsonToYMap({ ...band, id }, ["elements"]);
  const ids = new Y.Array<string>();
  map.set(BAND_ELEMENTS_KEY, ids);
  r.bands.set(id, map);
  const elements = Array.isArray(band.elements) ? band.elements : [];
  ids.push(elements.filter(isJsonObject).map((e) => writeElement(r, e)));
  const at = index === undefined ? r.bandOrder.length : Math.max(0, Math.min(index, r.bandOrder.length));
  r.bandOrder.insert(at, [id]);
  return id;
}

/** Empties every root type (inside the caller's transaction). */
function clear(r: Roots): void {
  for (const key of [...r.document.keys()]) r.document.delete(key);
  for (const key of [...r.bands.keys()]) r.bands.delete(key);
  for (const key of [...r.elements.keys()]) r.elements.delete(key);
  if (r.bandOrder.length > 0) r.bandOrder.delete(0, r.bandOrder.length);
}

/**
 * Replaces the whole content of `ydoc` with `doc`, in one transaction with `origin` (seeding a fresh room,
 * restoring a version, an AI draft: for the undo manager it is one step).
 */
export function documentToYDoc(doc: TemplateDocument, ydoc: Y.Doc, origin: unknown = null): void {
  const fields = cloneJson(doc);
  if (!isJsonObject(fields)) throw new TypeError("documentToYDoc: the document must be an object");
  ydoc.transact(() => {
    const r = roots(ydoc);
    clear(r);
    for (const [key, value] of Object.entries(fields)) if (key !== "bands") r.document.set(key, yValue(value));
    const bands = Array.isArray(fields.bands) ? fields.bands : [];
    for (const band of bands) if (isJsonObject(band)) writeBand(r, band);
  }, origin);
}

/** One element as a plain object, or undefined when `id` names none. */
export function readElement(r: Roots, id: string): Element | undefined {
  const map = r.elements.get(id);
  return map instanceof Y.Map ? (yMapToJson(map, ELEMENT_KEY_ORDER) as unknown as Element) : undefined;
}

/** The ids of the bands in document order (first occurrence of each, only bands that exist). */
export function bandIds(r: Roots): string[] {
  return uniqueIds(r.bandOrder.toArray()).filter((id) => r.bands.get(id) instanceof Y.Map);
}

/**
 * The document the Y.Doc holds, or undefined when nothing has been written yet. An element listed by two bands
 * (two people moved it at once) belongs to the first; ids whose entry is gone are skipped.
 */
export function yDocToDocument(ydoc: Y.Doc): TemplateDocument | undefined {
  const r = roots(ydoc);
  if (!r.document.has("version")) return undefined;
  const top = yMapToJson(r.document, DOCUMENT_KEY_ORDER);
  const placed = new Set<string>();
  const bands: Json[] = [];
  for (const bandId of bandIds(r)) {
    const map = r.bands.get(bandId) as Y.Map<unknown>;
    const band = yMapToJson(map, BAND_KEY_ORDER);
    const elements: Json[] = [];
    for (const id of uniqueIds(bandElementIds(map).toArray())) {
      if (placed.has(id)) continue;
      const element = readElement(r, id);
      if (element === undefined) continue;
      placed.add(id);
      elements.push(element as unknown as Json);
    }
    bands.push({ ...band, elements });
  }
  const { schema, ...rest } = top;
  // `bands` then `schema` last, as stored documents have them.
  return { ...rest, bands, ...(schema !== undefined ? { schema } : {}) } as unknown as TemplateDocument;
}

/** The id of the band listing `elementId` first (the band the reader puts it in), or undefined. */
export function bandOfElement(r: Roots, elementId: string): string | undefined {
  for (const bandId of bandIds(r)) {
    if (bandElementIds(r.bands.get(bandId) as Y.Map<unknown>).toArray().includes(elementId)) return bandId;
  }
  return undefined;
}

/** One band as a plain object with its elements, or undefined. */
export function readBand(ydoc: Y.Doc, id: string): Band | undefined {
  return yDocToDocument(ydoc)?.bands.find((b) => b.id === id);
}
