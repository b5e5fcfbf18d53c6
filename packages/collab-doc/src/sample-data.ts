// The template's sample data, shared like the document: the JSON text people type in the designer's Data tab,
// a Y.Text kept under the `text` key of its own root map (`sampleData`) beside the document's roots, so a
// collaborator sees it as it is typed and two people editing it at once both keep their characters. Replacing
// it (seeding a room, restoring a version) sets a new Y.Text as a whole, so two seeds at once leave one of them
// rather than both texts run together. It is not part of the report document: the web app saves it as the
// template's `sampleData` field (stored and versioned with the template).
import * as Y from "yjs";
import { applyToYText, newYText, splicesOnto } from "./text.js";

/** The root map holding the sample data's Y.Text. */
export const SAMPLE_DATA_KEY = "sampleData";
const TEXT = "text";

function current(ydoc: Y.Doc): Y.Text | undefined {
  const text = ydoc.getMap<unknown>(SAMPLE_DATA_KEY).get(TEXT);
  return text instanceof Y.Text ? text : undefined;
}

/** The sample data's JSON text ("" when nobody has written any). */
export function readSampleDataText(ydoc: Y.Doc): string {
  return current(ydoc)?.toString() ?? "";
}

/** Replaces the whole text (seeding a room, restoring a version), in one transaction with `origin`. */
export function replaceSampleDataText(ydoc: Y.Doc, text: string, origin: unknown = null): void {
  if (readSampleDataText(ydoc) === text && current(ydoc) !== undefined) return;
  ydoc.transact(() => ydoc.getMap<unknown>(SAMPLE_DATA_KEY).set(TEXT, newYText(text)), origin);
}

/**
 * A field that showed `base` now shows `next`: applied per character over any peer edit since `base`. With no
 * text written yet, `next` becomes the text.
 */
export function editSampleDataText(ydoc: Y.Doc, base: string, next: string, origin: unknown, caret?: number): void {
  const text = current(ydoc);
  if (text === undefined) {
    replaceSampleDataText(ydoc, next, origin);
    return;
  }
  ydoc.transact(() => applyToYText(text, splicesOnto(text.toString(), base, next, caret)), origin);
}
