// Property edits merge per key: two people changing different keys of one element keep both, and so do two
// people changing different keys of one object value (a border's width and its colour, the page margins),
// which is held as a Y.Map of its keys. Objects stored as plain values by an older designer still load and
// become Y.Maps on their first change.
import assert from "node:assert/strict";
import { test } from "node:test";
import * as Y from "yjs";
import type { TemplateDocument, TextElement } from "@docsvc/layout";
import { createEditor, documentToYDoc, getElement, roots, yDocToDocument } from "../src/index.js";
import { pair } from "./support.js";

const doc = (): TemplateDocument => ({
  version: 4,
  pageSize: { id: "a4" },
  margins: { top: 20, right: 20, bottom: 20, left: 20 },
  bands: [
    {
      id: "head",
      kind: "report-header",
      height: 40,
      elements: [{ id: "t", type: "text", x: 0, y: 0, width: 100, height: 20, text: "Hi", border: { width: 1, color: "#000000" } }],
    },
  ],
  schema: [],
});

const element = (ydoc: Y.Doc): TextElement => getElement(ydoc, "t") as TextElement;

test("object values are Y.Maps of their keys and read back as plain objects", () => {
  const ydoc = new Y.Doc();
  documentToYDoc(doc(), ydoc);
  assert.ok(roots(ydoc).elements.get("t")?.get("border") instanceof Y.Map);
  assert.ok(roots(ydoc).document.get("margins") instanceof Y.Map);
  assert.deepStrictEqual(yDocToDocument(ydoc), doc());
});

test("two people changing different keys of one element both keep their change", () => {
  const { a, b, pause, resume } = pair();
  documentToYDoc(doc(), a);
  pause();
  createEditor(a, "a").updateElement("t", { fontSize: 14 });
  createEditor(b, "b").updateElement("t", { color: "#ff0000" });
  resume();
  assert.equal(element(a).fontSize, 14);
  assert.equal(element(a).color, "#ff0000");
  assert.deepStrictEqual(yDocToDocument(a), yDocToDocument(b));
});

test("two people changing different keys of one border, and of the margins, both keep their change", () => {
  const { a, b, pause, resume } = pair();
  documentToYDoc(doc(), a);
  pause();
  // Each writes the whole object as its panel does, with only its own key changed.
  createEditor(a, "a").updateElement("t", { border: { width: 3, color: "#000000" } });
  createEditor(b, "b").updateElement("t", { border: { width: 1, color: "#ff0000" } });
  createEditor(a, "a").setDocumentProps({ margins: { top: 40, right: 20, bottom: 20, left: 20 } });
  createEditor(b, "b").setDocumentProps({ margins: { top: 20, right: 20, bottom: 50, left: 20 } });
  resume();
  for (const ydoc of [a, b]) {
    assert.deepEqual(element(ydoc).border, { width: 3, color: "#ff0000" });
    assert.deepEqual(yDocToDocument(ydoc)?.margins, { top: 40, right: 20, bottom: 50, left: 20 });
  }
});

test("a key left out of the new object is removed; a page size switched from a preset to landscape reads back exactly", () => {
  const ydoc = new Y.Doc();
  documentToYDoc(doc(), ydoc);
  const ed = createEditor(ydoc, "me");
  ed.updateElement("t", { border: { width: 2 } });
  assert.deepStrictEqual(element(ydoc).border, { width: 2 });
  ed.setDocumentProps({ pageSize: { id: "a5", orientation: "landscape" } });
  assert.deepStrictEqual(yDocToDocument(ydoc)?.pageSize, { id: "a5", orientation: "landscape" });
  ed.setDocumentProps({ pageSize: { id: "custom", width: 300, height: 400 } });
  assert.deepStrictEqual(yDocToDocument(ydoc)?.pageSize, { id: "custom", width: 300, height: 400 });
  ed.updateElement("t", { border: undefined });
  assert.equal("border" in element(ydoc), false);
});

test("an object stored as a plain value (an older designer's state) loads, and becomes a Y.Map on its first change", () => {
  const ydoc = new Y.Doc();
  documentToYDoc(doc(), ydoc);
  ydoc.transact(() => roots(ydoc).elements.get("t")?.set("border", { width: 1, color: "#000000" }));
  assert.deepStrictEqual(yDocToDocument(ydoc), doc());
  createEditor(ydoc, "me").updateElement("t", { border: { width: 5, color: "#000000" } });
  assert.ok(roots(ydoc).elements.get("t")?.get("border") instanceof Y.Map);
  assert.deepEqual(element(ydoc).border, { width: 5, color: "#000000" });
});

test("undo of a change to one key of an object keeps a peer's change to another", () => {
  const { a, b } = pair();
  documentToYDoc(doc(), a);
  const um = new Y.UndoManager([roots(a).elements, roots(a).document], { trackedOrigins: new Set(["a"]), captureTimeout: 0 });
  createEditor(a, "a").updateElement("t", { border: { width: 4, color: "#000000" } });
  createEditor(b, "b").updateElement("t", { border: { width: 4, color: "#00ff00" } });
  um.undo();
  assert.deepEqual(element(a).border, { width: 1, color: "#00ff00" });
  assert.deepEqual(element(b).border, { width: 1, color: "#00ff00" });
});
