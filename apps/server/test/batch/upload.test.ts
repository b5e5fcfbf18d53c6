import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { after, before, describe, test } from "node:test";
import { assertProblem } from "../helpers/assert.js";
import { fixtureText } from "../helpers/fixtures.js";
import { startTestApp, type TestApp, type TestUser } from "../helpers/harness.js";
import { createTemplate, upload, waitForJob } from "./helpers.js";

let t: TestApp;
let owner: TestUser;
let templateId: string;
before(async () => {
  t = await startTestApp();
  t.deps.batch.start();
  owner = await t.signup();
  templateId = await createTemplate(t, owner.token);
});
after(async () => {
  await t.deps.batch.stop();
  await t.close();
});

async function storedRows(jobId: string): Promise<unknown[]> {
  const row = await t.deps.db.selectFrom("batch_inputs").select("rows").where("job_id", "=", jobId).executeTakeFirstOrThrow();
  return JSON.parse(row.rows) as unknown[];
}

describe("batch upload", () => {
  test("CSV with a UTF-8 BOM, quoted commas and line breaks, and dotted headers for nested objects", async () => {
    const csv = '\uFEFFname,customer.city,customer.zip,note\r\n"Lovelace, Ada",London,"N1",\r\n"Zoë ""Z""",Paris,75001,"two\nlines"\r\n\r\n';
    const res = await upload(t, owner.token, templateId, { name: "people.csv", bytes: csv }, { output: "merged", fileNamePattern: "{{name}}" });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(await storedRows(res.body.jobId), [
      { name: "Lovelace, Ada", customer: { city: "London", zip: "N1" }, note: "" },
      { name: 'Zoë "Z"', customer: { city: "Paris", zip: "75001" }, note: "two\nlines" },
    ]);
    const job = await waitForJob(t, owner.token, templateId, res.body.jobId);
    assert.deepEqual([job.status, job.output, job.completed], ["completed", "merged", 2]);
  });

  test("XLSX: numbers stay numbers, dates become ISO strings, the first worksheet is read", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Rows");
    sheet.addRow(["name", "amount", "due", "customer.city", "paid"]);
    sheet.addRow(["Ada", 1234.5, new Date(Date.UTC(2026, 0, 31)), "London", true]);
    sheet.addRow(["Bob", 7, new Date(Date.UTC(2026, 1, 1, 12, 30)), "", false]);
    workbook.addWorksheet("Ignored").addRow(["x"]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const res = await upload(t, owner.token, templateId, { name: "rows.XLSX", bytes });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(await storedRows(res.body.jobId), [
      { name: "Ada", amount: 1234.5, due: "2026-01-31T00:00:00.000Z", customer: { city: "London" }, paid: true },
      { name: "Bob", amount: 7, due: "2026-02-01T12:30:00.000Z", customer: { city: "" }, paid: false },
    ]);
    assert.equal((await waitForJob(t, owner.token, templateId, res.body.jobId)).status, "completed");
  });

  test("refusals are 400s and store nothing: 2,001 rows, another file type, a bad output, a theme, no file", async () => {
    const id = await createTemplate(t, owner.token);
    const big = `name\n${Array.from({ length: 2001 }, (_, i) => `n${i}`).join("\n")}\n`;
    const tooMany = await upload(t, owner.token, id, { name: "big.csv", bytes: big });
    assert.equal(tooMany.status, 400);
    assert.match(tooMany.body.detail, /at most 2,000 rows; reading stopped at row 2,001/);
    const text = await upload(t, owner.token, id, { name: "rows.txt", bytes: "name\nx\n" });
    assert.equal(text.status, 400);
    assert.ok(text.body.errors.file);
    const output = await upload(t, owner.token, id, { name: "r.csv", bytes: "name\nx\n" }, { output: "pdf" });
    assert.equal(output.status, 400);
    assert.ok(output.body.errors.output);
    const theme = await upload(t, owner.token, id, { name: "r.csv", bytes: "name\nx\n" }, { theme: '{"primary":"#000"}' });
    assert.equal(theme.status, 400);
    const broken = await upload(t, owner.token, id, { name: "r.xlsx", bytes: "not a zip" });
    assert.equal(broken.status, 400);
    const empty = await upload(t, owner.token, id, { name: "r.csv", bytes: "name\n" });
    assert.equal(empty.status, 400);
    const none = await t.call("POST", `/api/templates/${id}/render-batch/upload`, { token: owner.token, body: {} });
    assertProblem(none, 400);
    const list = await t.call("GET", `/api/templates/${id}/render-batch/jobs`, { token: owner.token });
    assert.deepEqual(list.body, []);
  });

  test("GET …/render-batch/template is the CSV header for the template: schema fields (objects dotted), then other tokens", async () => {
    const res = await t.call("GET", `/api/templates/${templateId}/render-batch/template`, { token: owner.token });
    assert.equal(res.status, 200);
    assert.match(res.headers.get("Content-Type") ?? "", /^text\/csv/);
    assert.equal(Buffer.from(res.bytes).toString("utf8"), "\uFEFFname,customer.city,logo\r\n");
    const invoice = await createTemplate(t, owner.token, await fixtureText("invoice.template.json"), "Invoice");
    const csv = Buffer.from((await t.call("GET", `/api/templates/${invoice}/render-batch/template`, { token: owner.token })).bytes).toString("utf8");
    const header = csv.replace(/^\uFEFF/, "").trim().split(",");
    assert.ok(header.includes("invoiceNumber") && header.includes("seller.name") && header.includes("buyer.name"), header.join(","));
    assert.ok(!header.some((h) => h === "items" || h.startsWith("items.")), "arrays are not columns");
  });
});
