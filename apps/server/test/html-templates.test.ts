// HTML templates on every render path: inline content (first non-blank character not `{`), stored templates
// with editorMode html (shown in GET, remembered by versions), batch, and the limits that keep hostile HTML
// a 4xx or a PDF in bounded time.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import { assertProblem } from "./helpers/assert.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/harness.js";
import { waitForJob } from "./batch/helpers.js";
import { fixtureText } from "./helpers/fixtures.js";

let t: TestApp;
let owner: TestUser;
before(async () => {
  t = await startTestApp();
  owner = await t.signup();
  await t.deps.db.updateTable("workspaces").set({ plan: "pro" }).where("id", "=", owner.workspaceId).execute();
  t.deps.batch.start();
});
after(async () => {
  await t.deps.batch.stop();
  await t.close();
});

const HELLO = "<h1>Hello {{name}}</h1>";

/** Text items of each page, in content order, with their font size (the text matrix's scale). */
async function pagesText(pdf: Uint8Array): Promise<{ str: string; size: number }[][]> {
  const doc = await pdfjs.getDocument({ data: pdf.slice(), useSystemFonts: false, disableFontFace: true }).promise;
  const pages: { str: string; size: number }[][] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.flatMap((item) => ("str" in item && item.str.trim() !== "" ? [{ str: item.str, size: Math.hypot(item.transform[0] as number, item.transform[1] as number) }] : [])));
  }
  await doc.destroy();
  return pages;
}

async function assertHelloAda(pdf: Uint8Array): Promise<void> {
  const [first] = await pagesText(pdf);
  assert.ok(first && first.length > 0, "the PDF has text");
  assert.equal(first[0]?.str, "Hello Ada");
  // <h1> is 2em of the 12 pt default: a heading size, well above body text.
  assert.ok((first[0]?.size ?? 0) >= 20, `heading size, got ${first[0]?.size}`);
}

describe("HTML content on the render paths", () => {
  test("inline: the documented example answers a PDF whose first line is Hello Ada in a heading size", async () => {
    const res = await t.call("POST", "/api/render", { token: owner.token, body: { content: HELLO, data: { name: "Ada" } } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.headers.get("content-type"), "application/pdf");
    await assertHelloAda(res.bytes);
  });

  test("inline: plain text is a paragraph; content starting with { stays a JSON document (invalid JSON is a 400)", async () => {
    const plain = await t.call("POST", "/api/render", { token: owner.token, body: { content: "  Dear {{name}}, thank you.", data: { name: "Ada" } } });
    assert.equal(plain.status, 200);
    assert.equal((await pagesText(plain.bytes))[0]?.map((i) => i.str).join(""), "Dear Ada, thank you.");
    assertProblem(await t.call("POST", "/api/render", { token: owner.token, body: { content: "  {nope", data: {} } }), 400);
  });

  test("inline: editorMode html reads content that begins with a token as HTML; report keeps it a document", async () => {
    const content = "{{greeting}}, {{name}}.<br><i>thanks</i>";
    assertProblem(await t.call("POST", "/api/render", { token: owner.token, body: { content, data: { greeting: "Hi", name: "Ada" } } }), 400);
    const html = await t.call("POST", "/api/render", { token: owner.token, body: { content, editorMode: "html", data: { greeting: "Hi", name: "Ada" } } });
    assert.equal(html.status, 200, JSON.stringify(html.body));
    assert.equal((await pagesText(html.bytes))[0]?.map((i) => i.str).join(""), "Hi, Ada.thanks");
    assertProblem(await t.call("POST", "/api/render", { token: owner.token, body: { content: HELLO, editorMode: "report", data: {} } }), 400);
    assertProblem(await t.call("POST", "/api/render", { token: owner.token, body: { content: HELLO, editorMode: "word", data: {} } }), 400);
  });

  test("stored: editorMode html is kept, shown in GET and the list, remembered by versions, and renders", async () => {
    const created = await t.call("POST", "/api/templates", { token: owner.token, body: { name: "Hello", content: HELLO, editorMode: "html" } });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const id = created.body.id as string;
    assert.equal((await t.call("GET", `/api/templates/${id}`, { token: owner.token })).body.editorMode, "html");
    const list = (await t.call("GET", "/api/templates", { token: owner.token })).body as unknown as { id: string; editorMode: string }[];
    assert.equal(list.find((x) => x.id === id)?.editorMode, "html");
    const rendered = await t.call("POST", `/api/templates/${id}/render`, { token: owner.token, body: { data: { name: "Ada" } } });
    assert.equal(rendered.status, 200, JSON.stringify(rendered.body));
    await assertHelloAda(rendered.bytes);
    // A save re-renders the new version (the parse cache is keyed per version).
    const saved = await t.call("PUT", `/api/templates/${id}`, { token: owner.token, body: { content: "<h1>Bye {{name}}</h1>" } });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const again = await t.call("POST", `/api/templates/${id}/render`, { token: owner.token, body: { data: { name: "Ada" } } });
    assert.equal((await pagesText(again.bytes))[0]?.[0]?.str, "Bye Ada");
    const versions = (await t.call("GET", `/api/templates/${id}/versions`, { token: owner.token })).body as unknown as { editorMode: string }[];
    assert.ok(versions.length >= 1 && versions.every((v) => v.editorMode === "html"), JSON.stringify(versions));
    assertProblem(await t.call("PUT", `/api/templates/${id}`, { token: owner.token, body: { content: "   " } }), 400);
    assertProblem(await t.call("POST", "/api/templates", { token: owner.token, body: { name: "x", content: HELLO, editorMode: "word" } }), 400);
  });

  test("batch: the CSV template of an html template lists the tokens its HTML and CSS read, not what data-each repeats", async () => {
    const csvOf = async (content: string): Promise<string> => {
      const id = (await t.call("POST", "/api/templates", { token: owner.token, body: { name: "Columns", content, editorMode: "html" } })).body.id as string;
      const res = await t.call("GET", `/api/templates/${id}/render-batch/template`, { token: owner.token });
      assert.equal(res.status, 200);
      return Buffer.from(res.bytes).toString("utf8");
    };
    assert.equal(
      await csvOf(await fixtureText("invoice.html")),
      "\uFEFFinvoiceNumber,seller.logo,seller.name,seller.address,issueDate,dueDate,buyer.name,buyer.attention,buyer.address,buyer.vatId,seller.email,seller.vatId,seller.iban,subtotal,taxRate,tax,currency,total,notes\r\n",
    );
    const small = `<p data-if="vip">Dear {{ customer.name | upper }}</p><ul><li data-each="lines">{{text}} {{$index}}</li></ul>
      <a href="https://x.test/{{ref}}">{{customer}}</a> {{lines.0.text}} {{$page}}`;
    // customer is a parent of customer.name (already a column); lines is an array; $-names are not data.
    assert.equal(await csvOf(small), "\uFEFFvip,customer.name,ref\r\n");
  });

  test("batch: an html template renders every row (merged output)", async () => {
    const id = (await t.call("POST", "/api/templates", { token: owner.token, body: { name: "Batch hello", content: HELLO, editorMode: "html" } })).body.id as string;
    const res = await t.call("POST", `/api/templates/${id}/render-batch`, { token: owner.token, body: { rows: [{ name: "Ada" }, { name: "Grace" }], output: "merged" } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const job = await waitForJob(t, owner.token, id, res.body.jobId as string);
    assert.equal(job.status, "completed", JSON.stringify(job));
    const pdf = await t.call("GET", `/api/templates/${id}/render-batch/jobs/${res.body.jobId as string}/result`, { token: owner.token });
    assert.equal(pdf.status, 200);
    const pages = await pagesText(pdf.bytes);
    assert.deepEqual(pages.map((p) => p[0]?.str), ["Hello Ada", "Hello Grace"]);
    await assertHelloAda(pdf.bytes);
  });
});
