import assert from "node:assert/strict";
import { test } from "node:test";
import * as Y from "yjs";
import type { TemplateDocument, TextElement } from "@docsvc/layout";
import { createEditor, documentToYDoc, getElement, getElementBand, reordered, yDocToDocument } from "../src/index.js";
import { invoice, pair } from "./support.js";

const base = (): TemplateDocument => ({
  version: 4,
  pageSize: { id: "a4" },
  bands: [
    { id: "head", kind: "report-header", height: 40, elements: [] },
    { id: "rows", kind: "detail", height: 20, bindingField: "items", elements: [] },
    { id: "rows-foot", kind: "detail-footer", parentId: "rows", height: 20, elements: [] },
  ],
  schema: [],
});

const text = (t: string): Omit<TextElement, "id"> => ({ type: "text", x: 10, y: 5, width: 100, height: 14, text: t });

function setup(): { ydoc: Y.Doc; ed: ReturnType<typeof createEditor>; doc: () => TemplateDocument } {
  const ydoc = new Y.Doc();
  documentToYDoc(base(), ydoc);
  return { ydoc, ed: createEditor(ydoc, "me"), doc: () => yDocToDocument(ydoc) as TemplateDocument };
}

test("every edit is one transaction with the editor's origin", () => {
  const { ydoc, ed } = setup();
  const origins: unknown[] = [];
  ydoc.on("afterTransaction", (tr: Y.Transaction) => origins.push(tr.origin));
  const id = ed.addElement("head", text("a"));
  ed.updateElement(id, { text: "b" });
  ed.moveElements([id], 3, 4);
  ed.resizeElement(id, { x: 1, y: 2, width: 30, height: 40 });
  ed.reorder([id], "back");
  ed.resizeBand("head", 60);
  ed.updateBand("head", { name: "Top" });
  ed.setDocumentProps({ locale: "de-DE" });
  ed.deleteElements([id]);
  assert.deepEqual(origins, ["me", "me", "me", "me", "me", "me", "me", "me", "me"]);
});

test("addElement gives a fresh stable id, keeps a free one, and puts the element on top", () => {
  const { ed, doc } = setup();
  const a = ed.addElement("head", text("a"));
  const b = ed.addElement("head", { ...text("b"), id: "mine" });
  const c = ed.addElement("head", { ...text("c"), id: "mine" });
  assert.match(a, /^text-[a-z0-9]{8}$/);
  assert.equal(b, "mine");
  assert.notEqual(c, "mine");
  assert.deepEqual(doc().bands[0]?.elements.map((e) => e.id), [a, b, c]);
  assert.deepEqual(doc().bands[0]?.elements[0], { ...text("a"), id: a });
});

test("updateElement sets keys, removes undefined ones and never changes the id", () => {
  const { ed, ydoc } = setup();
  const id = ed.addElement("head", { ...text("a"), color: "#ff0000" });
  ed.updateElement(id, { text: "Invoice {{number}}", color: undefined, id: "other", fontSize: 14 });
  assert.deepEqual(getElement(ydoc, id), { ...text("Invoice {{number}}"), id, fontSize: 14 });
});

test("a patch value is copied: mutating it afterwards changes nothing", () => {
  const { ed, ydoc } = setup();
  const id = ed.addElement("rows", { type: "table", x: 0, y: 0, width: 200, height: 40, bindingField: "items", columns: [] });
  const columns = [{ key: "qty", header: "Qty", width: 40 }];
  ed.updateElement(id, { columns });
  columns[0]!.width = 999;
  assert.equal((getElement(ydoc, id) as unknown as { columns: { width: number }[] }).columns[0]?.width, 40);
});

test("move, resize, move to another band", () => {
  const { ed, ydoc } = setup();
  const id = ed.addElement("head", text("a"));
  ed.moveElements([id, "nope"], 5, -2);
  assert.deepEqual([getElement(ydoc, id)?.x, getElement(ydoc, id)?.y], [15, 3]);
  ed.resizeElement(id, { x: 0, y: 0, width: -5, height: 20 });
  assert.deepEqual([getElement(ydoc, id)?.width, getElement(ydoc, id)?.height], [0, 20]);
  ed.moveElementToBand(id, "rows", 7, 8);
  assert.equal(getElementBand(ydoc, id), "rows");
  assert.deepEqual([getElement(ydoc, id)?.x, getElement(ydoc, id)?.y], [7, 8]);
});

test("z-order: front, back, forward, backward", () => {
  assert.deepEqual(reordered(["a", "b", "c", "d"], new Set(["b"]), "front"), ["a", "c", "d", "b"]);
  assert.deepEqual(reordered(["a", "b", "c", "d"], new Set(["c"]), "back"), ["c", "a", "b", "d"]);
  assert.deepEqual(reordered(["a", "b", "c", "d"], new Set(["b"]), "forward"), ["a", "c", "b", "d"]);
  assert.deepEqual(reordered(["a", "b", "c", "d"], new Set(["c", "d"]), "backward"), ["a", "c", "d", "b"]);
  assert.deepEqual(reordered(["a", "b"], new Set(["b"]), "forward"), ["a", "b"]);
  const { ed, doc } = setup();
  const [x, y, z] = ed.addElements("head", [text("x"), text("y"), text("z")]);
  ed.reorder([x as string], "front");
  assert.deepEqual(doc().bands[0]?.elements.map((e) => e.id), [y, z, x]);
});

test("bands: add (with elements), update, resize, move, delete with nested bands and elements", () => {
  const { ed, doc, ydoc } = setup();
  const id = ed.addBand({ kind: "report-footer", height: 30, elements: [text("total")] }, 1);
  assert.deepEqual(doc().bands.map((b) => b.id), ["head", id, "rows", "rows-foot"]);
  const totalId = doc().bands[1]?.elements[0]?.id as string;
  ed.updateBand(id, { name: "Totals", keepTogether: true, elements: [] } as never);
  ed.resizeBand(id, -3);
  assert.deepEqual({ ...doc().bands[1], elements: [] }, { id, kind: "report-footer", name: "Totals", height: 0, keepTogether: true, elements: [] });
  assert.equal(doc().bands[1]?.elements.length, 1, "updateBand never replaces elements");
  ed.moveBand(id, 99);
  assert.deepEqual(doc().bands.map((b) => b.id), ["head", "rows", "rows-foot", id]);
  const nested = ed.addElement("rows-foot", text("sum"));
  ed.deleteBand("rows");
  assert.deepEqual(doc().bands.map((b) => b.id), ["head", id]);
  assert.equal(getElement(ydoc, nested), undefined);
  assert.ok(getElement(ydoc, totalId) !== undefined);
});

test("setDocumentProps sets and removes top-level keys but never bands or version", () => {
  const { ed, doc } = setup();
  ed.setDocumentProps({ pageSize: { id: "letter", orientation: "landscape" }, margins: { top: 1, right: 2, bottom: 3, left: 4 }, brand: { primary: "#111111" } });
  ed.setDocumentProps({ brand: undefined, bands: [], version: 5 } as never);
  const d = doc();
  assert.deepEqual(d.pageSize, { id: "letter", orientation: "landscape" });
  assert.deepEqual(d.margins, { top: 1, right: 2, bottom: 3, left: 4 });
  assert.equal(d.brand, undefined);
  assert.equal(d.version, 4);
  assert.equal(d.bands.length, 3);
});

test("transact groups edits into one transaction", () => {
  const { ydoc, ed } = setup();
  let n = 0;
  ydoc.on("afterTransaction", () => {
    n += 1;
  });
  ed.transact(() => {
    const a = ed.addElement("head", text("a"));
    ed.moveElements([a], 1, 1);
    ed.resizeBand("head", 80);
  });
  assert.equal(n, 1);
});

test("replaceDocument swaps the whole document", () => {
  const { ed, doc } = setup();
  ed.replaceDocument(invoice());
  assert.deepStrictEqual(doc(), invoice());
});

test("peers converge; a move to another band and a concurrent text edit both survive", () => {
  const { a, b, pause, resume } = pair();
  documentToYDoc(base(), a);
  const edA = createEditor(a, "a");
  const edB = createEditor(b, "b");
  const id = edA.addElement("head", text("hello"));
  assert.deepStrictEqual(yDocToDocument(b), yDocToDocument(a));
  pause();
  edA.moveElementToBand(id, "rows", 1, 2);
  edB.updateElement(id, { text: "changed" });
  resume();
  assert.deepStrictEqual(yDocToDocument(a), yDocToDocument(b));
  const moved = getElement(a, id) as TextElement;
  assert.equal(getElementBand(a, id), "rows");
  assert.equal(moved.text, "changed");
});

test("two peers moving the same element into different bands still read as one element in one band", () => {
  const { a, b, pause, resume } = pair();
  documentToYDoc(base(), a);
  const id = createEditor(a, "a").addElement("head", text("x"));
  pause();
  createEditor(a, "a").moveElementToBand(id, "rows", 0, 0);
  createEditor(b, "b").moveElementToBand(id, "rows-foot", 0, 0);
  resume();
  const doc = yDocToDocument(a) as TemplateDocument;
  assert.deepStrictEqual(doc, yDocToDocument(b));
  assert.equal(doc.bands.flatMap((band) => band.elements).filter((e) => e.id === id).length, 1);
});
