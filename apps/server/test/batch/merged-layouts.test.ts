// Merged batches lay every row out once: each row's render keeps its layout, and the merged PDF is painted from
// those layouts (mergeRows), never by laying the rows out again (merge). A row whose layout is missing (a job
// resumed across an upgrade) is laid out by the merge worker from its data.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createRenderer, type Renderer } from "../../src/render/renderer.js";
import { countPdfPages } from "../../src/render/pages.js";
import { startTestApp, type TestApp, type TestUser } from "../helpers/harness.js";
import { createTemplate, PAGED_TEMPLATE, pageTexts, waitForJob } from "./helpers.js";

const pool = createRenderer({ threads: 2 });
const calls = { renders: 0, kept: 0, painted: 0, merge: 0, mergeRows: 0 };
/** Rows whose kept layout is dropped on the way back, as if their file were missing. */
const dropLayoutOf = new Set<string>();
const renderer: Renderer = {
  ...pool,
  render: async (task, options) => {
    calls.renders += 1;
    const result = await pool.render(task, options);
    if (!result.ok || result.layout === undefined) return result;
    calls.kept += 1;
    if (result.pdf.byteLength > 0) calls.painted += 1;
    if (!dropLayoutOf.has((task.data as { name: string }).name)) return result;
    const { layout: _dropped, ...rest } = result;
    return rest;
  },
  merge: (task, options) => ((calls.merge += 1), pool.merge!(task, options)),
  mergeRows: (task, read, options) => ((calls.mergeRows += 1), pool.mergeRows!(task, read, options)),
};

let t: TestApp;
let owner: TestUser;
before(async () => {
  t = await startTestApp({ renderer });
  t.deps.batch.start();
  owner = await t.signup();
});
after(async () => {
  await t.deps.batch.stop();
  await t.close();
});

async function mergedJob(id: string, rows: unknown[], emailColumn: string | null): Promise<Uint8Array> {
  const res = await t.call("POST", `/api/templates/${id}/render-batch`, { token: owner.token, body: { rows, output: "merged", fileNamePattern: "{{name}}", emailColumn } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const job = await waitForJob(t, owner.token, id, res.body.jobId);
  assert.deepEqual([job.status, job.completed, job.failed], ["completed", rows.length, 0]);
  const result = await t.call("GET", `/api/templates/${id}/render-batch/jobs/${res.body.jobId}/result`, { token: owner.token });
  assert.equal(result.status, 200);
  return result.bytes;
}

const rowsOf = (names: string[], lines: number[]) => names.map((name, i) => ({ name, email: `${name}@example.test`, lines: Array.from({ length: lines[i]! }, (_, j) => ({ text: `${name} line ${j}` })) }));

describe("merged batch output, each row laid out once", () => {
  test("rows keep their layout (no PDF painted per row), the merged PDF is painted from them in row order", async () => {
    const id = await createTemplate(t, owner.token, PAGED_TEMPLATE);
    const rows = rowsOf(["ra", "rb", "rc"], [1, 7, 2]);
    Object.assign(calls, { renders: 0, kept: 0, painted: 0, merge: 0, mergeRows: 0 });
    const pdf = await mergedJob(id, rows, null);
    assert.deepEqual(calls, { renders: 3, kept: 3, painted: 0, merge: 0, mergeRows: 1 });
    const texts = await pageTexts(pdf);
    assert.equal(countPdfPages(pdf), texts.length);
    assert.ok(texts.length > 3, `rows span several pages (${texts.length})`);
    assert.deepEqual(texts.flatMap((text) => /Hi (r[abc])/.exec(text)?.[1] ?? []), ["ra", "rb", "rc"]);
    assert.match(texts.at(-1)!, /rc line 1/);
  });

  test("an emailed row is painted on its own too; a row without a kept layout is laid out by the merge", async () => {
    const id = await createTemplate(t, owner.token, PAGED_TEMPLATE);
    const rows = rowsOf(["ma", "mb", "mc"], [2, 1, 3]);
    dropLayoutOf.add("mb");
    Object.assign(calls, { renders: 0, kept: 0, painted: 0, merge: 0, mergeRows: 0 });
    const pdf = await mergedJob(id, rows, "email");
    dropLayoutOf.clear();
    assert.deepEqual(calls, { renders: 3, kept: 3, painted: 3, merge: 0, mergeRows: 1 });
    const mail = await t.smtp.waitFor((m) => m.to.includes("mb@example.test"));
    assert.match(mail.raw, /Content-Type: application\/pdf; name=mb\.pdf/);
    const texts = await pageTexts(pdf);
    assert.deepEqual(texts.flatMap((text) => /Hi (m[abc])/.exec(text)?.[1] ?? []), ["ma", "mb", "mc"]);
    assert.match(texts.join("\n"), /mb line 0/);
  });

  test("a larger merged batch has every row's text in order, and one font subset for its one face", async () => {
    const id = await createTemplate(t, owner.token, PAGED_TEMPLATE);
    // Several chunks of rows (16 each, the last one partial), so the pool's second worker may paint some of them.
    const names = Array.from({ length: 70 }, (_, i) => `row${i}`);
    const lines = names.map((_, i) => 1 + (i % 4));
    const pdf = await mergedJob(id, rowsOf(names, lines), null);
    const texts = await pageTexts(pdf);
    assert.equal(countPdfPages(pdf), texts.length);
    const expected = names.flatMap((name, i) => [`Hi ${name}`, ...Array.from({ length: lines[i]! }, (_, j) => `${name} line ${j}`)]);
    assert.deepEqual(texts.flatMap((text) => text.match(/Hi row\d+|row\d+ line \d+/g) ?? []), expected);
    // Object dictionaries are written uncompressed: the embedded fonts are countable in the file itself.
    const file = Buffer.from(pdf).toString("latin1");
    const dictionaries = file.split(/\n\d+ 0 obj\n/).map((object) => object.slice(0, object.indexOf("endobj")));
    const baseFonts = dictionaries.flatMap((d) => (/\/Subtype \/Type0\n/.test(d) ? [/\/BaseFont \/(\S+)/.exec(d)?.[1]] : []));
    assert.equal(baseFonts.length, 1, `one Type0 font for the template's one face (${baseFonts.join(", ")})`);
    assert.equal(file.match(/\/FontFile\d /g)?.length, 1, "one embedded font program");
  });
});
