// The template's sample data, shared like the document: the JSON text people type in the designer's Data tab,
// a Y.Text under its own root (`sampleData`) beside the document's roots, so a collaborator sees it as it is
// typed and two people editing it at once both keep their characters. It is not part of the report document:
// the app saves it as the template's `sampleData` field (stored and versioned with the template).
import * as Y from "yjs";
import { applyToYText, splicesOnto } from "./text.js";

/** The root holding the sample data's JSON text. */
export const SAMPLE_DATA_KEY = "sampleData";

function root(ydoc: Y.Doc): Y.Text {
  return ydoc.getText(SAMPLE_DATA_KEY);
}

/** The sample data's JSON text ("" when nobody has written any). */
export function readSampleDataText(ydoc: Y.Doc): string {
  return root(ydoc).toString();
}

/** Replaces the whole text (seeding a room, restoring a version), in one transaction with `origin`. */
export function replaceSampleDataText(ydoc: Y.Doc, text: string, origin: unknown = null): void {
  ydoc.transact(() => {
    const t = root(ydoc);
    if (t.toString() === text) return;
    t.delete(0, t.length);
    if (text !== "") t.insert(0, text);
  }, origin);
}

/** A field that showed `base` now shows `next`: applied per character over any peer edit since `base`. */
export function editSampleDataText(ydoc: Y.Doc, base: string, next: string, origin: unknown, caret?: number): void {
  ydoc.transact(() => {
    const t = root(ydoc);
    applyToYText(t, splicesOnto(t.toString(), base, next, caret));
  }, origin);
}

