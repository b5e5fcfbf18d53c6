// @docsvc/layout: the one entry. Explicit named exports only.
export type * from "./model/types.js";
export { DOCUMENT_VERSION, ELEMENT_TYPES, BAND_KINDS } from "./model/types.js";
export type * from "./frame/types.js";
export type { LayoutResult } from "./frame/result.js";
export type { FontFace } from "./text/face.js";
export type { Diagnostic } from "./diagnostics.js";
export { DiagnosticSink } from "./diagnostics.js";
export type { FaceSource, FaceMatch, FontRegistryOptions } from "./text/registry.js";
export { FontRegistry, DEFAULT_FONT_FAMILY, familyLookupKey } from "./text/registry.js";
export { DEFAULT_FALLBACK_FAMILIES } from "./text/fallback.js";
export { rankWeights, rankFaces, normaliseWeight } from "./text/font-match.js";
export { FONT_PADDING_BYTES, padFontBytes, faceKey } from "./text/font-parse.js";
