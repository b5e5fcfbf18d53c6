// @docsvc/layout: the one entry. Explicit named exports only.
export type * from "./model/types.js";
export { DOCUMENT_VERSION, ELEMENT_TYPES, BAND_KINDS } from "./model/types.js";
export type * from "./frame/types.js";
export type { LayoutResult } from "./frame/result.js";
export type { FontFace } from "./text/face.js";
export type { Diagnostic } from "./diagnostics.js";
export { DiagnosticSink } from "./diagnostics.js";
