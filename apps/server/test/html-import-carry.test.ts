// What import-html and upgrade-to-report carry over from an HTML template (issue 31, item 3): data-if as
// visibleIf, the schema and its samples from the HTML's data, and an `import.dropped` diagnostic in the
// answer for each thing the report cannot do as the HTML did; the HTML stays restorable.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startTestApp, type TestApp, type TestUser } from "./helpers/harness.js";

let t: TestApp;
let owner: TestUser;
before(async () => {
  t = await startTestApp();
  owner = await t.signup();
  await t.deps.db.updateTable("workspaces").set({ plan: "pro" }).where("id", "=", owner.workspaceId).execute();
});
after(() => t.close());

/** An invoice with a conditional discount line, a repeated table, and two things a report cannot say. */
export const CONDITIONAL_INVOICE = `<h1>Invoice {{number}} for {{customer.name}}</h1>
<p class="discount" data-if="discount">Discount {{discount | number:"#,##0.00"}}</p>
<table><thead><tr><th>Item</th><th>Qty</th></tr></thead>
<tbody><tr data-each="items"><td>{{label}}</td><td>{{qty}}</td></tr></tbody></table>
<p>Total {{total | number:"#,##0.00"}}<span data-if="vip"> (VIP)</span> due {{due | date:"medium"}}</p>
<ul><li data-each="notes">{{text}}</li></ul>`;

export const CONDITIONAL_DATA = {
  number: "INV-7", customer: { name: "ACME" }, discount: 12.5, vip: true, total: 99.5, due: "2026-12-01",
  items: [{ label: "Pens", qty: 2 }, { label: "Paper", qty: 5 }], notes: [{ text: "Thanks" }],
};

interface Field { key: string; type: string; fields?: Field[]; sample?: unknown }
interface Doc { bands: { id: string; kind: string; bindingField?: string; visibleIf?: string; elements: { text?: string }[] }[]; schema: Field[] }
interface Diag { code: string; message: string; path: string }

const field = (fields: readonly Field[] | undefined, key: string): Field => {
  const found = fields?.find((f) => f.key === key);
  assert.ok(found, `no field ${key} in ${JSON.stringify(fields)}`);
  return found;
};

describe("HTML → report carries conditions, schema and samples", () => {
  test("upgrade-to-report: data-if on a block is the band's visibleIf; the schema is typed and sampled from sampleData", async () => {
    const created = await t.call("POST", "/api/templates", { token: owner.token, body: { name: "Conditional", content: CONDITIONAL_INVOICE, editorMode: "html" } });
    const id = created.body.id as string;
    const res = await t.call("POST", `/api/templates/${id}/upgrade-to-report`, { token: owner.token, body: { sampleData: CONDITIONAL_DATA } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const doc = JSON.parse(res.body.content as string) as Doc;

    const discount = doc.bands.find((b) => b.elements.some((e) => e.text?.includes("Discount")));
    assert.equal(discount?.visibleIf, "discount");
    assert.equal(doc.bands.find((b) => b.elements.some((e) => e.text?.includes("Invoice")))?.visibleIf, undefined);
    assert.equal(doc.bands.find((b) => b.kind === "detail" && b.bindingField === "items")?.visibleIf, undefined);

    assert.deepEqual(field(doc.schema, "number"), { key: "number", type: "string", sample: "INV-7" });
    assert.deepEqual(field(doc.schema, "customer"), { key: "customer", type: "object", fields: [{ key: "name", type: "string" }], sample: { name: "ACME" } });
    assert.equal(field(doc.schema, "discount").type, "number");
    assert.equal(field(doc.schema, "due").type, "date");
    const items = field(doc.schema, "items");
    assert.equal(items.type, "array");
    assert.deepEqual(items.fields, [{ key: "label", type: "string" }, { key: "qty", type: "number" }]);
    assert.deepEqual(items.sample, CONDITIONAL_DATA.items);

    // Not carried, and said: the span's condition and the list repeated outside a table.
    const diagnostics = res.body.diagnostics as unknown as Diag[];
    const dropped = diagnostics.filter((d) => d.code === "import.dropped");
    assert.ok(dropped.some((d) => d.message.includes('data-if="vip"') && d.path.endsWith("span:nth-child(1)")), JSON.stringify(diagnostics));
    assert.ok(dropped.some((d) => d.message.includes('data-each="notes"') && /li:nth-child\(1\)$/.test(d.path)), JSON.stringify(diagnostics));
    assert.ok(!dropped.some((d) => d.message.includes('data-if="discount"') || d.message.includes('data-each="items"')), JSON.stringify(dropped));

    // The HTML stays restorable: it is the manual html version recorded before the upgrade.
    const versions = (await t.call("GET", `/api/templates/${id}/versions`, { token: owner.token })).body as unknown as { id: string; editorMode: string; kind: string }[];
    const html = versions.find((v) => v.editorMode === "html" && v.kind === "manual");
    assert.ok(html);
    assert.equal((await t.call("GET", `/api/templates/${id}/versions/${html.id}`, { token: owner.token })).body.content, CONDITIONAL_INVOICE);
  });

  test("without sampleData the schema still lists every field the template reads, typed by its format", async () => {
    const res = await t.call("POST", "/api/templates/import-html", { token: owner.token, body: { name: "No data", html: CONDITIONAL_INVOICE } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const doc = JSON.parse(res.body.content as string) as Doc;
    assert.deepEqual(doc.schema.map((f) => f.key).sort(), ["customer", "discount", "due", "items", "notes", "number", "total", "vip"]);
    assert.equal(field(doc.schema, "total").type, "number");
    assert.equal(field(doc.schema, "due").type, "date");
    assert.deepEqual(field(doc.schema, "items").fields?.map((f) => f.key), ["label", "qty"]);
    assert.equal(field(doc.schema, "number").sample, undefined);
    assert.ok((res.body.diagnostics as unknown as Diag[]).some((d) => d.code === "import.dropped"));
  });

  test("a plain wrapper around conditional blocks is opened: each block its own band; a boxed one is not", async () => {
    const html = `<div class="totals"><p>Subtotal {{subtotal}}</p><div><p data-if="discount">Discount {{discount}}</p></div><p>Total {{total}}</p></div>
<div style="background: #eee"><p data-if="note">Note {{note}}</p></div>`;
    const res = await t.call("POST", "/api/templates/import-html", { token: owner.token, body: { name: "Wrapped", html } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const doc = JSON.parse(res.body.content as string) as Doc;
    const bandOf = (text: string) => doc.bands.find((b) => b.elements.some((e) => e.text?.startsWith(text)));
    assert.equal(bandOf("Discount")?.visibleIf, "discount");
    assert.equal(bandOf("Subtotal")?.visibleIf, undefined);
    assert.notEqual(bandOf("Subtotal"), bandOf("Discount"));
    assert.notEqual(bandOf("Total"), bandOf("Discount"));
    // The background is drawn by the wrapper's band, so its conditional paragraph stays inside and is reported.
    const dropped = (res.body.diagnostics as unknown as Diag[]).filter((d) => d.code === "import.dropped");
    assert.deepEqual(dropped.map((d) => d.message.slice(0, 14)), ['data-if="note"'], JSON.stringify(dropped));
    // The opened wrapper's blocks keep their places: Total sits below Discount as in the HTML.
    const offsets = doc.bands.filter((b) => b.kind === "detail").map((b) => b.elements.map((e) => e.text ?? "").join(""));
    assert.deepEqual(offsets.slice(0, 3), ["Subtotal {{subtotal}}", "Discount {{discount}}", "Total {{total}}"]);
  });

  test("striping by row position and link targets are said not to carry over", async () => {
    const html = `<style>tr:nth-child(even) td { background: #eee }</style>
<p>See <a href="https://example.com/terms">the terms</a></p>
<table><tr data-each="items"><td>{{label}}</td></tr></table>`;
    const res = await t.call("POST", "/api/templates/import-html", { token: owner.token, body: { name: "Striped", html } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const dropped = (res.body.diagnostics as unknown as Diag[]).filter((d) => d.code === "import.dropped");
    assert.ok(dropped.some((d) => d.path === "tr:nth-child(even) td" && /position among the printed rows/.test(d.message)), JSON.stringify(dropped));
    assert.ok(dropped.some((d) => /links are not carried over/.test(d.message) && d.path.endsWith("p:nth-child(1)")), JSON.stringify(dropped));
  });

  test("data-if on a repeated row (or its table) is the detail band's visibleIf", async () => {
    const html = `<table data-if="showItems"><tr><th>Item</th></tr><tr data-each="items"><td>{{label}}</td></tr></table>
<table><tr data-each="lines" data-if="visible"><td>{{name}}</td></tr></table>`;
    const res = await t.call("POST", "/api/templates/import-html", { token: owner.token, body: { name: "Rows", html } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const doc = JSON.parse(res.body.content as string) as Doc;
    assert.equal(doc.bands.find((b) => b.bindingField === "items")?.visibleIf, "showItems");
    assert.equal(doc.bands.find((b) => b.kind === "detail-header")?.visibleIf, "showItems");
    assert.equal(doc.bands.find((b) => b.bindingField === "lines")?.visibleIf, "visible");
    assert.deepEqual((res.body.diagnostics as unknown as Diag[]).filter((d) => d.code === "import.dropped"), []);
  });
});
