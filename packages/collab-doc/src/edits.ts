// The designer's edits. Each call is one Yjs transaction carrying the editor's origin, so the undo manager
// (undo.ts) sees it as the local user's and peers receive it as one update. `transact` groups several calls
// into one step (an AI revision, paste of many elements, align/distribute).
import type { Band, Element, TemplateDocument } from "@docsvc/layout";
import * as Y from "yjs";
import { cloneJson, isJsonObject, sameJson, type JsonObject } from "./json.js";
import { bandIds, bandOfElement, documentToYDoc, readElement, writeBand, writeElement, yValue } from "./mapping.js";
import { BAND_ELEMENTS_KEY, bandElementIds, roots, type Roots } from "./structure.js";
import { applySplices, applyToYText, isTextKey, newYText, spliceBetween, splicesOnto } from "./text.js";

/** A box in points. */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** `Omit` applied to each member of a union (plain `Omit` would keep only the keys common to all members). */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An element before it has an id (or with one the caller chose: kept when free). */
export type NewElement = OmitEach<Element, "id"> & { readonly id?: string };

/** A band before it has an id; `elements` optional. */
export type NewBand = Omit<Band, "id" | "elements"> & { readonly id?: string; readonly elements?: readonly NewElement[] };

/**
 * Keys to change: a value sets the key, `undefined` removes it. `id` is never changed (ids are stable), nor a
 * band's `elements` (use the element edits).
 */
export type Patch<T> = { readonly [K in keyof T]?: T[K] | undefined } & { readonly [key: string]: unknown };

/** Document-level keys (everything but `bands`). */
export type DocumentProps = Omit<TemplateDocument, "bands" | "version">;

/** Z-order moves inside an element's band. */
export type ZOrder = "front" | "back" | "forward" | "backward";

/** The typed edits of one Y.Doc under one origin. */
export interface DocEditor {
  readonly ydoc: Y.Doc;
  readonly origin: unknown;
  /** Runs `fn` as one transaction (one undo step); edits inside it join this transaction. */
  transact<T>(fn: () => T): T;
  /** Adds an element on top of a band's others (or at `index` in paint order); returns its id. */
  addElement(bandId: string, element: NewElement, index?: number): string;
  /** Adds several elements to one band in one step (paste, duplicate); returns their ids in order. */
  addElements(bandId: string, elements: readonly NewElement[]): string[];
  /** Sets or removes keys of one element. */
  updateElement(id: string, patch: Patch<Element>): void;
  /**
   * A text key (a text's or markdown's `text`) edited in a field that showed `base` and now shows `next`
   * (`caret`: where the caret is in `next`): applied per character, over any peer edit made since `base`.
   * Other keys are set whole, as updateElement does.
   */
  editText(id: string, key: string, base: string, next: string, caret?: number): void;
  /** Several element patches in one step (align, distribute). */
  updateElements(patches: readonly { readonly id: string; readonly patch: Patch<Element> }[]): void;
  /** Moves elements by (dx, dy) points. */
  moveElements(ids: readonly string[], dx: number, dy: number): void;
  /** Moves an element into another band (on top) at (x, y) in that band's coordinates. */
  moveElementToBand(id: string, bandId: string, x: number, y: number): void;
  /** Sets an element's box (resize from any handle). */
  resizeElement(id: string, box: Box): void;
  /** Deletes elements (ids not found are ignored). */
  deleteElements(ids: readonly string[]): void;
  /** Changes the paint order of elements inside their bands. */
  reorder(ids: readonly string[], to: ZOrder): void;
  /** Adds a band (with its elements) at `index` in the band order (default: last); returns its id. */
  addBand(band: NewBand, index?: number): string;
  /** Sets or removes keys of a band. */
  updateBand(id: string, patch: Patch<Omit<Band, "elements">>): void;
  /** Sets a band's height (at least 0). */
  resizeBand(id: string, height: number): void;
  /** Moves a band to `index` in the band order. */
  moveBand(id: string, index: number): void;
  /** Deletes a band, its elements and the bands nested in it. */
  deleteBand(id: string): void;
  /** Sets or removes document-level keys (page size, margins, brand, fonts, schema, locale, …). */
  setDocumentProps(patch: Patch<DocumentProps>): void;
  /** Replaces the whole document (restore a version, an AI draft): one step. */
  replaceDocument(doc: TemplateDocument): void;
}

const PROTECTED_ELEMENT_KEYS = new Set(["id"]);
const PROTECTED_BAND_KEYS = new Set(["id", "elements", BAND_ELEMENTS_KEY]);

function applyPatch(map: Y.Map<unknown>, patch: Readonly<Record<string, unknown>>, protectedKeys: ReadonlySet<string>): void {
  for (const [key, value] of Object.entries(patch)) {
    if (protectedKeys.has(key) || key.startsWith("$")) continue;
    const copy = value === undefined ? undefined : cloneJson(value);
    if (copy === undefined) {
      if (map.has(key)) map.delete(key);
    } else if (typeof copy === "string" && isTextKey(map.get("type"), key)) {
      setText(map, key, copy);
    } else if (isJsonObject(copy) && map.get(key) instanceof Y.Map) {
      setObject(map.get(key) as Y.Map<unknown>, copy);
    } else {
      map.set(key, yValue(copy));
    }
  }
}

/**
 * Sets an object value held as a Y.Map: only the keys whose value differs from what this peer has are
 * written, so a peer's concurrent change to another key of it (the border's colour while this one changes
 * its width) is kept. An object stored as a plain value (older state) becomes a Y.Map on its first change.
 */
function setObject(target: Y.Map<unknown>, next: JsonObject): void {
  for (const key of [...target.keys()]) if (!(key in next)) target.delete(key);
  for (const [key, value] of Object.entries(next)) {
    if (!sameJson(target.get(key), value)) target.set(key, value);
  }
}

/**
 * Sets a text key to `next`: an existing Y.Text changes only where it differs (so a peer's edit elsewhere in
 * it survives); a text stored as a plain string (a document written before text content was a Y.Text)
 * becomes a Y.Text.
 */
function setText(map: Y.Map<unknown>, key: string, next: string, base?: string, caret?: number): void {
  const current = map.get(key);
  if (current instanceof Y.Text) {
    const now = current.toString();
    applyToYText(current, base === undefined ? [spliceBetween(now, next, caret)].filter((s) => s.remove > 0 || s.insert !== "") : splicesOnto(now, base, next, caret));
    return;
  }
  const now = typeof current === "string" ? current : "";
  map.set(key, newYText(base === undefined ? next : applySplices(now, splicesOnto(now, base, next, caret))));
}

function numberOf(map: Y.Map<unknown>, key: string): number {
  const v = map.get(key);
  return typeof v === "number" ? v : 0;
}

// Removes every occurrence of `id` from a list (concurrent edits may have left two).
function removeId(list: Y.Array<string>, id: string): void {
  for (let i = list.length - 1; i >= 0; i -= 1) if (list.get(i) === id) list.delete(i, 1);
}

function bandMap(r: Roots, id: string): Y.Map<unknown> {
  const band = r.bands.get(id);
  if (!(band instanceof Y.Map)) throw new RangeError(`no band with id '${id}'`);
  return band;
}

/** The edits of `ydoc` under `origin` (pass the same origin to createUndoManager). */
export function createEditor(ydoc: Y.Doc, origin: unknown): DocEditor {
  const r = roots(ydoc);
  const tx = <T>(fn: () => T): T => {
    let out: T | undefined;
    ydoc.transact(() => {
      out = fn();
    }, origin);
    return out as T;
  };
  const addTo = (bandId: string, elements: readonly NewElement[], index?: number): string[] => {
    const list = bandElementIds(bandMap(r, bandId));
    const ids = elements.map((e) => writeElement(r, cloneJson(e) as JsonObject));
    const at = index === undefined ? list.length : Math.max(0, Math.min(index, list.length));
    list.insert(at, ids);
    return ids;
  };
  const removeElement = (id: string): void => {
    for (const bandId of [...r.bands.keys()]) removeId(bandElementIds(bandMap(r, bandId)), id);
    r.elements.delete(id);
  };

  const editor: DocEditor = {
    ydoc,
    origin,
    transact: tx,
    addElement: (bandId, element, index) => tx(() => addTo(bandId, [element], index)[0] as string),
    addElements: (bandId, elements) => tx(() => addTo(bandId, elements)),
    updateElement: (id, patch) =>
      tx(() => {
        const map = r.elements.get(id);
        if (map instanceof Y.Map) applyPatch(map, patch, PROTECTED_ELEMENT_KEYS);
      }),
    editText: (id, key, base, next, caret) =>
      tx(() => {
        const map = r.elements.get(id);
        if (!(map instanceof Y.Map)) return;
        if (isTextKey(map.get("type"), key)) setText(map, key, next, base, caret);
        else applyPatch(map, { [key]: next }, PROTECTED_ELEMENT_KEYS);
      }),
    updateElements: (patches) => tx(() => patches.forEach(({ id, patch }) => editor.updateElement(id, patch))),
    moveElements: (ids, dx, dy) =>
      tx(() => {
        for (const id of ids) {
          const map = r.elements.get(id);
          if (!(map instanceof Y.Map)) continue;
          if (dx !== 0) map.set("x", numberOf(map, "x") + dx);
          if (dy !== 0) map.set("y", numberOf(map, "y") + dy);
        }
      }),
    moveElementToBand: (id, bandId, x, y) =>
      tx(() => {
        const map = r.elements.get(id);
        if (!(map instanceof Y.Map)) return;
        const target = bandElementIds(bandMap(r, bandId));
        if (bandOfElement(r, id) !== bandId) {
          for (const other of [...r.bands.keys()]) removeId(bandElementIds(bandMap(r, other)), id);
          target.push([id]);
        }
        map.set("x", x);
        map.set("y", y);
      }),
    resizeElement: (id, box) =>
      tx(() => {
        const map = r.elements.get(id);
        if (!(map instanceof Y.Map)) return;
        map.set("x", box.x);
        map.set("y", box.y);
        map.set("width", Math.max(0, box.width));
        map.set("height", Math.max(0, box.height));
      }),
    deleteElements: (ids) => tx(() => ids.forEach(removeElement)),
    reorder: (ids, to) =>
      tx(() => {
        const moving = new Set(ids);
        for (const bandId of bandIds(r)) {
          const list = bandElementIds(bandMap(r, bandId));
          const current = list.toArray();
          if (!current.some((id) => moving.has(id))) continue;
          const next = reordered(current, moving, to);
          if (next.every((id, i) => current[i] === id)) continue;
          list.delete(0, list.length);
          list.insert(0, next);
        }
      }),
    addBand: (band, index) =>
      tx(() => {
        const fields = cloneJson(band) as JsonObject;
        return writeBand(r, { ...fields, elements: Array.isArray(fields.elements) ? fields.elements : [] }, index);
      }),
    updateBand: (id, patch) => tx(() => applyPatch(bandMap(r, id), patch, PROTECTED_BAND_KEYS)),
    resizeBand: (id, height) => tx(() => bandMap(r, id).set("height", Math.max(0, height))),
    moveBand: (id, index) =>
      tx(() => {
        bandMap(r, id);
        removeId(r.bandOrder, id);
        r.bandOrder.insert(Math.max(0, Math.min(index, r.bandOrder.length)), [id]);
      }),
    deleteBand: (id) =>
      tx(() => {
        const doomed = [id];
        // Nested bands go with their parent: a child whose parent is gone would make the document invalid.
        for (let i = 0; i < doomed.length; i += 1) {
          for (const [childId, child] of r.bands.entries()) {
            if (child.get("parentId") === doomed[i] && !doomed.includes(childId)) doomed.push(childId);
          }
        }
        for (const bandId of doomed) {
          const band = r.bands.get(bandId);
          if (!(band instanceof Y.Map)) continue;
          for (const elementId of bandElementIds(band).toArray()) r.elements.delete(elementId);
          r.bands.delete(bandId);
          removeId(r.bandOrder, bandId);
        }
      }),
    setDocumentProps: (patch) =>
      tx(() => {
        const fields: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(patch)) if (k !== "bands" && k !== "version") fields[k] = v;
        applyPatch(r.document, fields, new Set());
      }),
    replaceDocument: (doc) => documentToYDoc(doc, ydoc, origin),
  };
  return editor;
}

/** The new paint order of a band's ids when `moving` go to the front/back or one step forward/backward. */
export function reordered(current: readonly string[], moving: ReadonlySet<string>, to: ZOrder): string[] {
  const picked = current.filter((id) => moving.has(id));
  const rest = current.filter((id) => !moving.has(id));
  if (to === "front") return [...rest, ...picked];
  if (to === "back") return [...picked, ...rest];
  const out = [...current];
  if (to === "forward") {
    for (let i = out.length - 2; i >= 0; i -= 1) {
      const a = out[i] as string;
      const b = out[i + 1] as string;
      if (moving.has(a) && !moving.has(b)) [out[i], out[i + 1]] = [b, a];
    }
  } else {
    for (let i = 1; i < out.length; i += 1) {
      const a = out[i - 1] as string;
      const b = out[i] as string;
      if (moving.has(b) && !moving.has(a)) [out[i - 1], out[i]] = [b, a];
    }
  }
  return out;
}

/** One element as a plain object, or undefined. */
export function getElement(ydoc: Y.Doc, id: string): Element | undefined {
  return readElement(roots(ydoc), id);
}

/** The id of the band an element is in, or undefined. */
export function getElementBand(ydoc: Y.Doc, id: string): string | undefined {
  return bandOfElement(roots(ydoc), id);
}

