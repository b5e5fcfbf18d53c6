// Hostile batch uploads: a 300,000-row XLSX, a 300,000-row CSV and a shared-strings bomb are refused quickly
// with small memory growth (read as streams in their own thread), while /health and another workspace's
// render keep answering.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createTemplate, signup, startHubTestServer, type HubTestServer, type HubUser } from "../collab/helpers.js";
import { assertResponsive, warmUp, watch } from "./responsive.js";
import { manyRows, sharedStringBomb, xlsx } from "./sheet-bombs.js";

let s: HubTestServer;
let attacker: HubUser;
let other: HubUser;
let templateId: string;
before(async () => {
  s = await startHubTestServer({}, {});
  attacker = await signup(s.url);
  other = await signup(s.url);
  templateId = await createTemplate(s.url, attacker);
  await warmUp(s.url, other.token);
});
after(() => s.close());

/** Uploads a file over HTTP while watching the server; answers the status, detail, time and what was seen. */
async function hostileUpload(name: string, bytes: Uint8Array): Promise<{ status: number; detail: string; ms: number }> {
  const form = new FormData();
  form.set("file", new Blob([bytes]), name);
  form.set("output", "zip");
  const meanwhile = watch(s.url, other.token);
  const start = performance.now();
  const res = await fetch(`${s.url}/api/templates/${templateId}/render-batch/upload`, { method: "POST", headers: { Authorization: `Bearer ${attacker.token}` }, body: form });
  const body = (await res.json()) as { detail: string };
  const ms = performance.now() - start;
  const r = await meanwhile.stop();
  assertResponsive(r, true);
  assert.ok(r.rssGrowthMb < 300, `RSS grew ${Math.round(r.rssGrowthMb)} MB`);
  return { status: res.status, detail: body.detail, ms };
}

// The reading thread's own budget is 10 s; the margin is for a loaded CI machine.
const BUDGET_MS = 15_000;

describe("hostile spreadsheet uploads", () => {
  test("a 300,000-row XLSX answers 400 at row 2,001", async () => {
    const bytes = await xlsx(() => manyRows(300_001));
    const { status, detail, ms } = await hostileUpload("rows.xlsx", bytes);
    assert.equal(status, 400, detail);
    assert.match(detail, /at most 2,000 rows; reading stopped at row 2,001/);
    assert.ok(ms < BUDGET_MS, `took ${Math.round(ms)} ms`);
  });

  test("a shared-strings bomb (5 million entries, a few hundred KB zipped) answers 413 naming the cell cap", async () => {
    const bytes = await xlsx(() => manyRows(3), () => sharedStringBomb(5_000_000));
    assert.ok(bytes.byteLength < 2 * 2 ** 20, `the bomb is ${bytes.byteLength} bytes`);
    const { status, detail, ms } = await hostileUpload("bomb.xlsx", bytes);
    assert.equal(status, 413, detail);
    assert.match(detail, /too large to read: more than 250,000 cells/);
    assert.ok(ms < BUDGET_MS, `took ${Math.round(ms)} ms`);
  });

  test("a 300,000-row CSV answers 400 at row 2,001", async () => {
    const csv = `name,amount\n${Array.from({ length: 300_000 }, (_, i) => `n${i},${i}`).join("\n")}\n`;
    const { status, detail, ms } = await hostileUpload("rows.csv", new TextEncoder().encode(csv));
    assert.equal(status, 400, detail);
    assert.match(detail, /reading stopped at row 2,001/);
    assert.ok(ms < BUDGET_MS, `took ${Math.round(ms)} ms`);
  });

  test("one cell of 9 MB of text answers 413 naming the text cap", async () => {
    const big = "y".repeat(9 * 2 ** 20);
    const bytes = await xlsx(function* () {
      yield `<row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c></row>`;
      yield `<row r="2"><c r="A2" t="inlineStr"><is><t>${big}</t></is></c></row>`;
    });
    const { status, detail } = await hostileUpload("long.xlsx", bytes);
    assert.equal(status, 413, detail);
    assert.match(detail, /more than 8 MB of cell text/);
  });
});
