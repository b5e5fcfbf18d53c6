import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import * as v from "valibot";
import { fromGenerated, GeneratedBandTemplate, parseDocument, toGenerated, type TemplateDocument } from "../../src/index.js";
import { REPO_ROOT } from "../support/paths.js";

function fixture(name: string): TemplateDocument {
  const parsed = parseDocument(readFileSync(join(REPO_ROOT, "fixtures", name), "utf8"));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.document;
}

for (const name of ["invoice.template.json", "receipt.template.json", "render/master-detail.template.json"]) {
  test(`toGenerated then fromGenerated keeps ${name} renderable and its bands, fields and texts`, () => {
    const doc = fixture(name);
    const wire = toGenerated(doc, "Draft");
    // The wire form validates against the wire schema a client and the model use.
    assert.ok(v.safeParse(GeneratedBandTemplate, wire).success);
    const back = fromGenerated(v.parse(GeneratedBandTemplate, wire));
    const reparsed = parseDocument(back);
    assert.ok(reparsed.ok, JSON.stringify(!reparsed.ok && reparsed.errors));
    assert.deepEqual(back.bands.map((b) => [b.id, b.kind, b.parentId, b.elements.length]), doc.bands.map((b) => [b.id, b.kind, b.parentId, b.elements.length]));
    assert.deepEqual(back.pageSize, doc.pageSize);
    assert.deepEqual(back.schema.map((f) => f.key), doc.schema.map((f) => f.key));
    const texts = (d: TemplateDocument) => d.bands.flatMap((b) => b.elements.flatMap((e) => ("text" in e ? [e.text] : [])));
    assert.deepEqual(texts(back), texts(doc));
  });
}

test("fromGenerated repairs what a model gets wrong: duplicate ids, missing parents, string heights, bad paper", () => {
  const draft = v.parse(GeneratedBandTemplate, {
    name: "x",
    direction: "rtl",
    bodyFont: "Lato",
    headingFont: null,
    pageSize: { id: "nonsense" },
    schema: [{ key: "items", type: "array", fields: [{ key: "qty", type: "number" }] }],
    bands: [
      { id: "a", parentId: null, kind: "report-header", name: null, height: "40", elements: [{ type: "text", x: 0, y: 0, width: 100, height: 20, text: "Hi" }, { type: "text", x: 0, y: 20, width: 100, height: 20, text: "There" }] },
      { id: "a", parentId: "ghost", kind: "detail", name: "rows", height: 20, bindingField: "items", elements: [{ type: "table", x: 0, y: 0, width: 100, height: 20 }] },
    ],
  });
  const doc = fromGenerated(draft);
  assert.ok(parseDocument(doc).ok);
  assert.deepEqual(doc.bands.map((b) => b.id), ["a", "a-2"]);
  assert.equal(doc.bands[0]?.height, 40);
  assert.equal(doc.bands[1]?.parentId, undefined);
  // A table without columns cannot render: it is dropped rather than making the document invalid.
  assert.equal(doc.bands[1]?.elements.length, 0);
  assert.deepEqual(doc.pageSize, { id: "a4" });
  assert.equal(doc.direction, "rtl");
  assert.deepEqual(doc.fonts, { body: "Lato" });
  const ids = doc.bands.flatMap((b) => b.elements.map((e) => e.id));
  assert.equal(new Set(ids).size, ids.length);
});
