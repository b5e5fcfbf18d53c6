// An HTML template's render diagnostics (issue 31, item 4): what the HTML editor shows on its lines. A
// removed script, a remote image, unsupported CSS, data-each on a value that is not a list and an unknown
// filter are each counted in X-Docsvc-Diagnostics and listed by ?diagnostics=json with the element's path.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startTestApp, type TestApp, type TestUser } from "./helpers/harness.js";

let t: TestApp;
let owner: TestUser;
before(async () => {
  t = await startTestApp();
  owner = await t.signup();
});
after(() => t.close());

/** Five problems, one of each kind the issue names. */
export const FIVE_PROBLEMS = `<style>h1 { filter: blur(1px) }</style>
<h1>Total {{total | numbr}}</h1>
<script>alert(1)</script>
<img src="https://example.com/logo.png">
<ul><li data-each="notes">{{text}}</li></ul>`;

interface Diag { code: string; message: string; path: string }

describe("HTML render diagnostics", () => {
  test("each problem is counted in the header and listed with its element's path", async () => {
    const data = { total: 1234.5, notes: "not a list" };
    const pdf = await t.call("POST", "/api/render", { token: owner.token, body: { content: FIVE_PROBLEMS, data } });
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get("X-Docsvc-Diagnostics"), "5");
    const listed = await t.call("POST", "/api/render?diagnostics=json", { token: owner.token, body: { content: FIVE_PROBLEMS, data } });
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    const diagnostics = listed.body.diagnostics as unknown as Diag[];
    assert.deepEqual(diagnostics.map((d) => d.code).sort(), ["css.unsupported", "html.dropped", "html.each", "html.remote", "token.filter"], JSON.stringify(diagnostics));
    const filter = diagnostics.find((d) => d.code === "token.filter");
    assert.equal(filter?.path, "html > body:nth-child(1) > h1:nth-child(1)");
    assert.match(filter?.message ?? "", /\{\{total \| numbr\}\}: there is no filter "numbr"/);
    assert.equal(diagnostics.find((d) => d.code === "html.each")?.path, "html > body:nth-child(1) > ul:nth-child(3) > li:nth-child(1)");
  });

  test("a known filter is no diagnostic; an unknown one in a repeated row is said once, and in data-if too", async () => {
    const clean = await t.call("POST", "/api/render?diagnostics=json", { token: owner.token, body: { content: `<p>{{total | number:"#,##0.00"}} {{due | date:"medium"}} {{items | sum:"qty"}}</p>`, data: { total: 1, due: "2026-01-02", items: [] } } });
    assert.deepEqual(clean.body.diagnostics, []);
    const html = `<table><tr data-each="items"><td>{{qty | nmber}}</td></tr></table><p data-if="flag | boo">x</p>`;
    const rows = await t.call("POST", "/api/render?diagnostics=json", { token: owner.token, body: { content: html, data: { items: [{ qty: 1 }, { qty: 2 }, { qty: 3 }], flag: true } } });
    const codes = (rows.body.diagnostics as unknown as Diag[]).filter((d) => d.code === "token.filter");
    assert.equal(codes.length, 2, JSON.stringify(codes));
    assert.ok(codes.some((d) => d.message.includes('"nmber"')) && codes.some((d) => d.message.includes('"boo"')));
  });

  test("a report document's text with an unknown filter is the same diagnostic, at the element's path", async () => {
    const doc = { version: 4, pageSize: { id: "a5" }, schema: [], bands: [
      { id: "h", kind: "report-header", height: 40, elements: [{ id: "t", type: "text", x: 0, y: 0, width: 300, height: 20, text: "Total {{total | numbr}}" }] },
      { id: "d", kind: "detail", bindingField: "items", height: 20, elements: [{ id: "q", type: "text", x: 0, y: 0, width: 300, height: 20, text: '{{qty | number:"0.0"}}' }] },
    ] };
    const res = await t.call("POST", "/api/render?diagnostics=json", { token: owner.token, body: { content: JSON.stringify(doc), data: { total: 5, items: [{ qty: 1 }, { qty: 2 }] } } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const diagnostics = res.body.diagnostics as unknown as Diag[];
    assert.deepEqual(diagnostics.map((d) => [d.code, d.path]), [["token.filter", "bands[0].elements[0]"]], JSON.stringify(diagnostics));
  });
});
