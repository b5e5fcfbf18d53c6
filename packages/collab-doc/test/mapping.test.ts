import assert from "node:assert/strict";
import { test } from "node:test";
import * as Y from "yjs";
import type { TemplateDocument } from "@docsvc/layout";
import { documentToYDoc, isSeeded, roots, yDocToDocument } from "../src/index.js";
import { fixtureFiles, invoice, loadDocument } from "./support.js";

test("there are fixtures to round-trip (the repository's, the shared invoice and receipt among them)", () => {
  assert.ok(fixtureFiles().length >= 14, `only ${fixtureFiles().length} fixtures found`);
});

for (const file of fixtureFiles()) {
  test(`document → Y.Doc → document is the identity: ${file}`, () => {
    const doc = loadDocument(file);
    const ydoc = new Y.Doc();
    documentToYDoc(doc, ydoc);
    assert.deepStrictEqual(yDocToDocument(ydoc), doc);
  });

  test(`the identity holds on a peer that received the state as an update: ${file}`, () => {
    const doc = loadDocument(file);
    const source = new Y.Doc();
    documentToYDoc(doc, source);
    const peer = new Y.Doc();
    Y.applyUpdate(peer, Y.encodeStateAsUpdate(source));
    assert.deepStrictEqual(yDocToDocument(peer), doc);
    // And Y.Doc → document → Y.Doc gives the same document again.
    const again = new Y.Doc();
    documentToYDoc(yDocToDocument(peer) as TemplateDocument, again);
    assert.deepStrictEqual(yDocToDocument(again), doc);
  });
}

test("an empty Y.Doc holds no document until one is written", () => {
  const ydoc = new Y.Doc();
  assert.equal(isSeeded(ydoc), false);
  assert.equal(yDocToDocument(ydoc), undefined);
  documentToYDoc(invoice(), ydoc);
  assert.equal(isSeeded(ydoc), true);
});

test("the saved document keeps the stored key order (version first, bands then schema last)", () => {
  const ydoc = new Y.Doc();
  const doc = invoice();
  documentToYDoc(doc, ydoc);
  const out = yDocToDocument(ydoc) as TemplateDocument;
  assert.deepEqual(Object.keys(out).slice(0, 2), ["version", "pageSize"]);
  assert.deepEqual(Object.keys(out).slice(-2), ["bands", "schema"]);
  assert.deepEqual(Object.keys(out.bands[0]?.elements[0] ?? {}).slice(0, 6), ["id", "type", "x", "y", "width", "height"]);
});

test("writing a document replaces everything that was there, in one transaction", () => {
  const ydoc = new Y.Doc();
  documentToYDoc(invoice(), ydoc);
  let transactions = 0;
  ydoc.on("afterTransaction", () => {
    transactions += 1;
  });
  const small: TemplateDocument = { version: 4, pageSize: { id: "a6" }, bands: [{ id: "b", kind: "detail", height: 10, elements: [] }], schema: [] };
  documentToYDoc(small, ydoc);
  assert.equal(transactions, 1);
  assert.deepStrictEqual(yDocToDocument(ydoc), small);
  assert.equal(roots(ydoc).elements.size, 0);
});

test("a duplicate element id gets a fresh id; everything else is kept", () => {
  const text = { id: "same", type: "text", x: 0, y: 0, width: 10, height: 10, text: "a" } as const;
  const doc: TemplateDocument = {
    version: 4,
    pageSize: { id: "a4" },
    bands: [
      { id: "b1", kind: "detail", height: 20, elements: [text] },
      { id: "b2", kind: "report-footer", height: 20, elements: [{ ...text, text: "b" }] },
    ],
    schema: [],
  };
  const ydoc = new Y.Doc();
  documentToYDoc(doc, ydoc);
  const out = yDocToDocument(ydoc) as TemplateDocument;
  const second = out.bands[1]?.elements[0];
  assert.ok(second !== undefined && second.id !== "same" && second.id.startsWith("text-"));
  assert.deepStrictEqual({ ...second, id: "same" }, { ...text, text: "b" });
  assert.deepStrictEqual(out.bands[0]?.elements[0], text);
});

test("the document read back is a copy: mutating it does not touch the Y.Doc", () => {
  const ydoc = new Y.Doc();
  documentToYDoc(invoice(), ydoc);
  const out = yDocToDocument(ydoc) as unknown as { pageSize: { id: string } };
  out.pageSize.id = "letter";
  assert.equal((yDocToDocument(ydoc) as TemplateDocument).pageSize.id, invoice().pageSize.id);
});

test("ids listed twice or missing after concurrent edits still read as a valid document", () => {
  const ydoc = new Y.Doc();
  documentToYDoc(invoice(), ydoc);
  const r = roots(ydoc);
  const firstBand = r.bandOrder.get(0);
  r.bandOrder.push([firstBand, "no-such-band"]);
  const out = yDocToDocument(ydoc) as TemplateDocument;
  assert.deepStrictEqual(out, invoice());
});
