// @docsvc/collab-doc: the report document in Yjs for the band designer. Explicit named exports only.
export type { Json, JsonObject } from "./json.js";
export { cloneJson, isJsonObject, sameJson } from "./json.js";
export type { Roots } from "./structure.js";
export { roots, isSeeded, DOCUMENT_KEY, BANDS_KEY, BAND_ORDER_KEY, ELEMENTS_KEY, BAND_ELEMENTS_KEY } from "./structure.js";
export { documentToYDoc, yDocToDocument, readBand } from "./mapping.js";
export type { Box, NewElement, NewBand, Patch, DocumentProps, ZOrder, DocEditor } from "./edits.js";
export { createEditor, reordered, getElement, getElementBand } from "./edits.js";
export type { UndoOptions } from "./undo.js";
export { createUndoManager } from "./undo.js";
export type { Rect, Guide, SnapOptions, SnapResult, Handle } from "./snap.js";
export { snapMove, snapResize } from "./snap.js";
export type { AwarenessUser, AwarenessCursor, InteractionLock, GhostRect, DesignerAwareness, AwarenessPeer } from "./awareness.js";
export { lockWins, lockHolder, canClaim, claimLost, readAwareness } from "./awareness.js";
export { newId } from "./ids.js";
// The document types, so the designer needs no dependency on the layout engine itself.
export type {
  TemplateDocument, Band, BandKind, Element, ElementType, TextElement, ImageElement, TableElement, TableColumn, LineElement, RectElement,
  EllipseElement, BarcodeElement, BarcodeFormat, MarkdownElement, IconElement, SchemaField, SchemaFieldType, PageSizeSpec, Margins, Brand,
  DocumentFonts, Border, TextStyleKeys,
} from "@docsvc/layout";
export type { Splice } from "./text.js";
export { isTextKey, spliceBetween, rebaseSplice, splicesOnto, applySplices } from "./text.js";
export { SAMPLE_DATA_KEY, readSampleDataText, replaceSampleDataText, editSampleDataText } from "./sample-data.js";
