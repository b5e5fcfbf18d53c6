// @docsvc/testing: snapshot tests for docsvc templates (see README.md).
export {
  matchPdfSnapshot,
  expectPdfToMatchSnapshot,
  matchPdfBytesSnapshot,
  SnapshotMismatchError,
  UPDATE_ENV,
  type SnapshotOptions,
  type SnapshotResult,
  type PageMismatch,
} from "./snapshot.js";
export { comparePngs, withinTolerance, DEFAULT_TOLERANCE, type Tolerance, type PageDiff } from "./compare.js";
export { rasterisePdf } from "./rasterise.js";
