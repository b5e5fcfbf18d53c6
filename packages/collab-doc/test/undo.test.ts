import assert from "node:assert/strict";
import { test } from "node:test";
import type { TemplateDocument, TextElement } from "@docsvc/layout";
import { createEditor, createUndoManager, documentToYDoc, getElement, yDocToDocument } from "../src/index.js";
import { invoice, pair } from "./support.js";

const text = (t: string): Omit<TextElement, "id"> => ({ type: "text", x: 0, y: 0, width: 50, height: 12, text: t });
const firstBand = (): string => invoice().bands[0]?.id as string;

test("undo reverts only the local user's change; the peer's stays, on both sides", () => {
  const { a, b } = pair();
  documentToYDoc(invoice(), a, "seed");
  const edA = createEditor(a, "A");
  const edB = createEditor(b, "B");
  const undoA = createUndoManager(a, "A", { captureTimeout: 0 });
  const undoB = createUndoManager(b, "B", { captureTimeout: 0 });
  const mine = edA.addElement(firstBand(), text("from A"));
  const theirs = edB.addElement(firstBand(), text("from B"));
  assert.equal(undoA.undoStack.length, 1, "the seed (another origin) is not on A's stack");
  assert.equal(undoB.undoStack.length, 1);
  undoA.undo();
  for (const doc of [a, b]) {
    assert.equal(getElement(doc, mine), undefined);
    assert.equal((getElement(doc, theirs) as TextElement).text, "from B");
  }
  undoA.redo();
  assert.equal((getElement(b, mine) as TextElement).text, "from A");
});

test("undoing a move restores the position while a peer's later edit to the text stays", () => {
  const { a, b } = pair();
  documentToYDoc(invoice(), a, "seed");
  const edA = createEditor(a, "A");
  const undoA = createUndoManager(a, "A", { captureTimeout: 0 });
  const el = invoice().bands[0]?.elements[0] as TextElement;
  edA.moveElements([el.id], 20, 0);
  createEditor(b, "B").updateElement(el.id, { text: "peer" });
  undoA.undo();
  const after = getElement(b, el.id) as TextElement;
  assert.equal(after.x, el.x);
  assert.equal(after.text, "peer");
});

test("undo and redo of a whole-document replacement (restore, AI draft) is one step", () => {
  const { a } = pair();
  documentToYDoc(invoice(), a, "seed");
  const ed = createEditor(a, "A");
  const undo = createUndoManager(a, "A", { captureTimeout: 0 });
  const small: TemplateDocument = { version: 4, pageSize: { id: "a6" }, bands: [], schema: [] };
  ed.replaceDocument(small);
  assert.deepStrictEqual(yDocToDocument(a), small);
  undo.undo();
  assert.deepStrictEqual(yDocToDocument(a), invoice());
  undo.redo();
  assert.deepStrictEqual(yDocToDocument(a), small);
});

test("edits within the capture timeout merge into one step; stopCapturing splits them", () => {
  const { a } = pair();
  documentToYDoc(invoice(), a, "seed");
  const ed = createEditor(a, "A");
  const undo = createUndoManager(a, "A", { captureTimeout: 60_000 });
  const id = ed.addElement(firstBand(), text("x"));
  ed.moveElements([id], 1, 1);
  undo.stopCapturing();
  ed.moveElements([id], 1, 1);
  assert.equal(undo.undoStack.length, 2);
  undo.undo();
  assert.equal(getElement(a, id)?.x, 1);
  undo.undo();
  assert.equal(getElement(a, id), undefined);
});
