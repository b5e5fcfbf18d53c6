// How the report document lives in a Y.Doc. Four root types:
//
//   document   Y.Map   the top-level keys except `bands` (version, pageSize, margins, brand, fonts, schema, …):
//                      an object value is a Y.Map of its keys, any other value plain JSON (replaced whole)
//   bands      Y.Map   band id → Y.Map of the band's keys (as above) plus `$elements`, a Y.Array of
//                      the ids of its elements in paint order (the last one is on top)
//   bandOrder  Y.Array band ids in document order (nested bands are flat with `parentId`, as stored)
//   elements   Y.Map   element id → Y.Map of the element's keys (as above; a text's or markdown's `text` is
//                      a Y.Text, merged per character)
//
// Elements and bands are keyed by id, not held in arrays, so moving an element to another band or changing
// its z-order only touches id lists: a peer editing the element's text at the same moment keeps its edit.
// Concurrent list edits can leave an id twice or an id whose entry was deleted; the reader takes the first
// occurrence and skips the missing ones, so every state reads as a valid document.
import * as Y from "yjs";

export const DOCUMENT_KEY = "document";
export const BANDS_KEY = "bands";
export const BAND_ORDER_KEY = "bandOrder";
export const ELEMENTS_KEY = "elements";
/** The key of a band's element id list inside its Y.Map (`$` never starts a document key). */
export const BAND_ELEMENTS_KEY = "$elements";

/** The root types of a designer document. */
export interface Roots {
  readonly document: Y.Map<unknown>;
  readonly bands: Y.Map<Y.Map<unknown>>;
  readonly bandOrder: Y.Array<string>;
  readonly elements: Y.Map<Y.Map<unknown>>;
}

/** The root types of `ydoc` (created on first access, as Yjs does). */
export function roots(ydoc: Y.Doc): Roots {
  return {
    document: ydoc.getMap<unknown>(DOCUMENT_KEY),
    bands: ydoc.getMap<Y.Map<unknown>>(BANDS_KEY),
    bandOrder: ydoc.getArray<string>(BAND_ORDER_KEY),
    elements: ydoc.getMap<Y.Map<unknown>>(ELEMENTS_KEY),
  };
}

/** The root types as a list (the undo manager's scope). */
export function rootList(ydoc: Y.Doc): Y.AbstractType<unknown>[] {
  const r = roots(ydoc);
  return [r.document, r.bands, r.bandOrder, r.elements] as Y.AbstractType<unknown>[];
}

/** A band's element id list (created when missing, which only a foreign writer could cause). */
export function bandElementIds(band: Y.Map<unknown>): Y.Array<string> {
  const ids = band.get(BAND_ELEMENTS_KEY);
  if (ids instanceof Y.Array) return ids as Y.Array<string>;
  const created = new Y.Array<string>();
  band.set(BAND_ELEMENTS_KEY, created);
  return created;
}

/** Whether the document has been written at all (a fresh room has nothing until someone seeds it). */
export function isSeeded(ydoc: Y.Doc): boolean {
  return roots(ydoc).document.has("version");
}

/** The first occurrence of each id, in order. */
export function uniqueIds(ids: Iterable<string>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const id of ids) {
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
  }
  return out;
}
