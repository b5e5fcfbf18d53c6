// `protect` on batches: every ZIP row and the merged PDF encrypted; the passwords stored sealed, never in clear.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import JSZip from "jszip";
import { after, before, describe, test } from "node:test";
import { openProtect, batchProtectKey } from "../../src/jobs/batch-protect.js";
import { createRenderer } from "../../src/render/renderer.js";
import { skipUnlessCi } from "../helpers/ci.js";
import { startTestApp, type TestApp, type TestUser } from "../helpers/harness.js";
import { createTemplate, PAGED_TEMPLATE, upload, waitForJob } from "./helpers.js";

const qpdfMissing = new Promise<string | undefined>((resolve) => execFile("qpdf", ["--version"], (error) => resolve(error ? "qpdf is not installed (apt-get install qpdf)" : undefined)));

async function requiresPassword(pdf: Uint8Array): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), "docsvc-batch-protect-"));
  try {
    await writeFile(join(dir, "in.pdf"), pdf);
    return await new Promise((resolve) => execFile("qpdf", ["--requires-password", join(dir, "in.pdf")], (error) => resolve(error ? Number(error.code ?? 1) : 0)));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

let t: TestApp;
let owner: TestUser;
before(async () => {
  t = await startTestApp({ renderer: createRenderer({ threads: 2 }) });
  t.deps.batch.start();
  owner = await t.signup();
});
after(async () => {
  await t.deps.batch.stop();
  await t.close();
});

const PROTECT = { userPassword: "row-reader", ownerPassword: "row-owner", permissions: ["print"] };

describe("batch protect", async () => {
  const skip = skipUnlessCi(await qpdfMissing);

  for (const output of ["zip", "merged"] as const) {
    test(`${output}: every PDF needs the user password; the stored option is sealed`, { skip }, async () => {
      const id = await createTemplate(t, owner.token, PAGED_TEMPLATE);
      const rows = [{ name: "Ada", lines: [{ text: "a" }] }, { name: "Bob", lines: [{ text: "b" }] }];
      const res = await t.call("POST", `/api/templates/${id}/render-batch`, { token: owner.token, body: { rows, output, fileNamePattern: "{{name}}", emailColumn: null, protect: PROTECT } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const job = await waitForJob(t, owner.token, id, res.body.jobId as string);
      assert.deepEqual([job.status, job.completed, job.failed], ["completed", 2, 0], JSON.stringify(job));
      const result = await t.call("GET", `/api/templates/${id}/render-batch/jobs/${res.body.jobId}/result`, { token: owner.token });
      assert.equal(result.status, 200);
      const pdfs = output === "merged"
        ? [result.bytes]
        : await Promise.all(Object.values((await JSZip.loadAsync(result.bytes)).files).filter((f) => f.name.endsWith(".pdf")).map((f) => f.async("uint8array")));
      assert.equal(pdfs.length, output === "merged" ? 1 : 2);
      for (const pdf of pdfs) assert.equal(await requiresPassword(pdf), 0);
      // In the database: sealed (no password in clear), and opened only with this server's key and this job's id.
      const stored = await t.deps.db.selectFrom("batch_inputs").select("protect").where("job_id", "=", res.body.jobId as string).executeTakeFirstOrThrow();
      assert.ok(stored.protect !== null && !stored.protect.includes("row-reader") && !stored.protect.includes("row-owner"));
      assert.deepEqual(openProtect(stored.protect, batchProtectKey(t.config.jwtSecret), res.body.jobId as string), PROTECT);
      assert.throws(() => openProtect(stored.protect!, batchProtectKey(new Uint8Array(32)), res.body.jobId as string));
      assert.throws(() => openProtect(stored.protect!, batchProtectKey(t.config.jwtSecret), "another-job"));
    });
  }

  test("a bad protect option is a 400 and no job; the upload form refuses protect and stamps", async () => {
    const id = await createTemplate(t, owner.token, PAGED_TEMPLATE);
    const res = await t.call("POST", `/api/templates/${id}/render-batch`, { token: owner.token, body: { rows: [{ name: "A" }], output: "zip", fileNamePattern: null, emailColumn: null, protect: { ownerPassword: "" } } });
    assert.equal(res.status, 400);
    assert.match(JSON.stringify(res.body), /protect\.ownerPassword/);
    for (const field of ["protect", "stamps"]) {
      const refused = await upload(t, owner.token, id, { name: "r.csv", bytes: "name\nx\n" }, { [field]: "{}" });
      assert.equal(refused.status, 400);
      assert.match(JSON.stringify(refused.body), new RegExp(`takes no ${field} option`));
    }
  });
});
