// Text content as Y.Text: stored so, read as a string, merged per character between peers (also when a
// field's copy is behind the shared text), and a document stored before (text as a plain string) still loads
// and becomes a Y.Text on its first edit.
import assert from "node:assert/strict";
import { test } from "node:test";
import * as Y from "yjs";
import type { TemplateDocument, TextElement } from "@docsvc/layout";
import {
  applySplices,
  createEditor,
  documentToYDoc,
  editSampleDataText,
  getElement,
  readSampleDataText,
  rebaseSplice,
  replaceSampleDataText,
  roots,
  spliceBetween,
  splicesOnto,
  yDocToDocument,
} from "../src/index.js";
import { pair } from "./support.js";

const doc = (text: string): TemplateDocument => ({
  version: 4,
  pageSize: { id: "a4" },
  bands: [
    {
      id: "head",
      kind: "report-header",
      height: 40,
      elements: [
        { id: "t", type: "text", x: 0, y: 0, width: 100, height: 20, text },
        { id: "m", type: "markdown", x: 0, y: 20, width: 100, height: 20, text: "**Hi**" },
        { id: "code", type: "barcode", x: 0, y: 0, width: 40, height: 40, format: "qr", value: "x" },
      ],
    },
  ],
  schema: [],
});

const textOf = (ydoc: Y.Doc, id = "t"): string => (getElement(ydoc, id) as TextElement).text;

test("a text's and a markdown's content is a Y.Text; other strings stay plain values", () => {
  const ydoc = new Y.Doc();
  documentToYDoc(doc("Hello"), ydoc);
  const { elements } = roots(ydoc);
  assert.ok(elements.get("t")?.get("text") instanceof Y.Text);
  assert.ok(elements.get("m")?.get("text") instanceof Y.Text);
  assert.equal(typeof elements.get("code")?.get("value"), "string");
  assert.equal(typeof elements.get("t")?.get("type"), "string");
  assert.deepStrictEqual(yDocToDocument(ydoc), doc("Hello"));
});

test("two people typing into the same text at once both keep their characters, and both peers agree", () => {
  const { a, b, pause, resume } = pair();
  documentToYDoc(doc("Invoice {{number}}"), a);
  const edA = createEditor(a, "a");
  const edB = createEditor(b, "b");
  pause();
  edA.editText("t", "text", "Invoice {{number}}", "Invoice {{number}} PAID");
  edB.editText("t", "text", "Invoice {{number}}", "COPY Invoice {{number}}");
  resume();
  assert.equal(textOf(a), "COPY Invoice {{number}} PAID");
  assert.equal(textOf(b), textOf(a));
  assert.deepStrictEqual(yDocToDocument(a), yDocToDocument(b));
});

test("updateElement with a whole new text changes only what differs, so a concurrent edit elsewhere survives", () => {
  const { a, b, pause, resume } = pair();
  documentToYDoc(doc("one two three"), a);
  pause();
  createEditor(a, "a").updateElement("t", { text: "ONE two three" });
  createEditor(b, "b").updateElement("t", { text: "one two THREE" });
  resume();
  assert.equal(textOf(a), "ONE two THREE");
  assert.equal(textOf(b), "ONE two THREE");
});

test("a field whose copy is behind the shared text: its edit is moved over the peer's, nothing is lost", () => {
  const ydoc = new Y.Doc();
  documentToYDoc(doc("Thank you"), ydoc);
  const ed = createEditor(ydoc, "me");
  // A peer appended ", Ben" after this field last showed "Thank you"; the user typed "!" at its end.
  ed.editText("t", "text", "Thank you", "Thank you, Ben");
  ed.editText("t", "text", "Thank you", "Thank you!");
  assert.equal(textOf(ydoc), "Thank you!, Ben");
  // And a deletion in the field's copy deletes only what it covered.
  ed.editText("t", "text", "Thank you!, Ben", "Thank you, Ben", 9);
  assert.equal(textOf(ydoc), "Thank you, Ben");
});

test("a document stored before text was a Y.Text (a plain string) still loads, and merges after its first edit", () => {
  // The old shape, as an older designer wrote it into a room that was saved: the text a plain value.
  const old = new Y.Doc();
  documentToYDoc(doc("Hello"), old);
  old.transact(() => roots(old).elements.get("t")?.set("text", "Hello"));
  assert.equal(typeof roots(old).elements.get("t")?.get("text"), "string");
  const { a, b, pause, resume } = pair();
  Y.applyUpdate(a, Y.encodeStateAsUpdate(old));
  assert.deepStrictEqual(yDocToDocument(b), doc("Hello"));
  // The first edit turns it into a Y.Text with the edit applied.
  createEditor(a, "a").editText("t", "text", "Hello", "Hello world");
  assert.ok(roots(b).elements.get("t")?.get("text") instanceof Y.Text);
  assert.equal(textOf(b), "Hello world");
  // From then on, concurrent edits merge.
  pause();
  createEditor(a, "a").editText("t", "text", "Hello world", "Hello world!");
  createEditor(b, "b").editText("t", "text", "Hello world", "Oh, Hello world");
  resume();
  assert.equal(textOf(a), "Oh, Hello world!");
  assert.equal(textOf(b), "Oh, Hello world!");
});

test("editText on a key that is not text content sets it whole", () => {
  const ydoc = new Y.Doc();
  documentToYDoc(doc("a"), ydoc);
  createEditor(ydoc, "me").editText("code", "value", "x", "xyz");
  assert.equal(roots(ydoc).elements.get("code")?.get("value"), "xyz");
});

test("undo reverts a local text edit and keeps a peer's", () => {
  const { a, b } = pair();
  documentToYDoc(doc("abc"), a);
  const um = new Y.UndoManager(roots(a).elements, { trackedOrigins: new Set(["a"]), captureTimeout: 0 });
  createEditor(a, "a").editText("t", "text", "abc", "abcX");
  createEditor(b, "b").editText("t", "text", "abcX", "YabcX");
  um.undo();
  assert.equal(textOf(a), "Yabc");
  assert.equal(textOf(b), "Yabc");
});

test("spliceBetween keeps the common prefix and suffix; the caret places an edit among repeated characters", () => {
  assert.deepEqual(spliceBetween("abc", "abXc"), { index: 2, remove: 0, insert: "X" });
  assert.deepEqual(spliceBetween("abc", "aXc"), { index: 1, remove: 1, insert: "X" });
  assert.deepEqual(spliceBetween("abc", "abc"), { index: 3, remove: 0, insert: "" });
  assert.deepEqual(spliceBetween("aa", "aaa", 1), { index: 0, remove: 0, insert: "a" });
  assert.deepEqual(spliceBetween("aa", "aaa"), { index: 2, remove: 0, insert: "a" });
  assert.deepEqual(spliceBetween("", "new"), { index: 0, remove: 0, insert: "new" });
});

test("rebaseSplice moves a splice over a peer's, and overlapping deletions delete only what is left", () => {
  // Before, after, and across the peer's change.
  assert.deepEqual(rebaseSplice({ index: 0, remove: 0, insert: "A" }, { index: 3, remove: 1, insert: "xyz" }), [{ index: 0, remove: 0, insert: "A" }]);
  assert.deepEqual(rebaseSplice({ index: 5, remove: 1, insert: "B" }, { index: 3, remove: 1, insert: "xyz" }), [{ index: 7, remove: 1, insert: "B" }]);
  const base = "0123456789";
  const current = applySplices(base, [{ index: 4, remove: 2, insert: "ab" }]);
  const merged = applySplices(current, splicesOnto(current, base, "0189"));
  // The local deletion covered the peer's replaced range: the peer's insertion stays, the rest is deleted.
  assert.equal(merged, "01ab89");
});

test("the sample data's text is shared and merged like text content", () => {
  const { a, b, pause, resume } = pair();
  assert.equal(readSampleDataText(a), "");
  replaceSampleDataText(a, '{"n": 1}', "a");
  assert.equal(readSampleDataText(b), '{"n": 1}');
  pause();
  editSampleDataText(a, '{"n": 1}', '{"n": 12}', "a");
  editSampleDataText(b, '{"n": 1}', '{"m": 0, "n": 1}', "b");
  resume();
  assert.equal(readSampleDataText(a), '{"m": 0, "n": 12}');
  assert.equal(readSampleDataText(b), readSampleDataText(a));
  // Two replacements at once (two first editors seeding a room) leave one text, not both run together.
  pause();
  replaceSampleDataText(a, '{"from": "a"}', "a");
  replaceSampleDataText(b, '{"from": "b"}', "b");
  resume();
  assert.equal(readSampleDataText(a), readSampleDataText(b));
  assert.ok(['{"from": "a"}', '{"from": "b"}'].includes(readSampleDataText(a)), readSampleDataText(a));
  // Replacing it is one transaction; the same text again changes nothing.
  let transactions = 0;
  a.on("afterTransaction", () => (transactions += 1));
  replaceSampleDataText(a, "{}", "a");
  assert.equal(readSampleDataText(b), "{}");
  assert.equal(transactions, 1);
});
