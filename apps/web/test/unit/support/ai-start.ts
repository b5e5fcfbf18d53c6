// The document the AI tests start from: one report-header band with one text ("Before"), so a test can tell
// whether a draft replaced it and whether one undo brings it back.
import type { TemplateDocument } from "../../../src/designer/engine";

export const aiStartDocument: TemplateDocument = {
  version: 4, pageSize: { id: "a4" }, margins: { top: 30, right: 30, bottom: 30, left: 30 },
  bands: [{ id: "rh", kind: "report-header", height: 40, elements: [{ id: "t", type: "text", x: 0, y: 0, width: 100, height: 20, text: "Before" }] }],
  schema: [],
};
