// Each family of limit variables changes its limit: the same request is accepted under the defaults and refused
// under a tightened variable, with the configured number in the message. (TRUST_PROXY, LOGIN_ADDRESS_* and
// LOGIN_TRUSTED_CIDRS: caddy.test.ts and shared-address.test.ts.)
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { PDFDocument, rgb } from "pdf-lib";
import { ConfigError } from "../../src/config-error.js";
import { LIMIT_DEFAULTS, parseLimitConfig } from "../../src/config-limits.js";
import { createTemplate, upload as uploadRows } from "../batch/helpers.js";
import { NO_RENDER } from "../collab/helpers.js";
import { startTestApp, type TestApp, type TestUser } from "../helpers/harness.js";

const TIGHT = parseLimitConfig({
  JSON_MAX_DEPTH: "5",
  BASE_PDF_MAX_BYTES: "4096",
  BASE_PDF_MAX_PAGES: "2",
  BASE_PDF_MAX_OPERATORS: "40",
  UPLOAD_MAX_CELLS: "20",
  BATCH_MAX_ROWS: "12",
  UPLOAD_MAX_TEXT_MB: "1",
  LOGIN_FAILURES_PER_ADDRESS_EMAIL: "2",
});

let tight: TestApp;
let loose: TestApp;
const owners = new Map<TestApp, TestUser>();
before(async () => {
  tight = await startTestApp({ config: TIGHT, renderer: NO_RENDER });
  loose = await startTestApp({ config: parseLimitConfig({}), renderer: NO_RENDER });
  for (const app of [tight, loose]) owners.set(app, await app.signup());
});
after(async () => {
  await tight.close();
  await loose.close();
});
const owner = (app: TestApp): TestUser => owners.get(app) as TestUser;

/** A PDF of `pages` pages, each drawing `rects` rectangles (a few operators each); padded to about `bytes`. */
async function pdf(pages: number, rects = 1, bytes = 0): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([200, 200]);
    for (let r = 0; r < rects; r++) page.drawRectangle({ x: r % 150, y: 10, width: 20, height: 20, color: rgb(0.5, 0.2, 0.1) });
  }
  if (bytes > 0) doc.setSubject("x".repeat(bytes));
  return doc.save({ useObjectStreams: false });
}

async function uploadBase(app: TestApp, bytes: Uint8Array): Promise<{ status: number; detail: string }> {
  const id = await createTemplate(app, owner(app).token);
  const form = new FormData();
  form.set("file", new Blob([Buffer.from(bytes)]), "base.pdf");
  const res = await app.app.request(`/api/templates/${id}/base-pdf`, { method: "POST", headers: { Authorization: `Bearer ${owner(app).token}` }, body: form });
  const body = (await res.json()) as { detail?: string };
  return { status: res.status, detail: body.detail ?? "" };
}

describe("limit variables", () => {
  test("JSON_MAX_DEPTH: a body nested 6 levels is refused at 5, read under the default 100", async () => {
    const body = { name: "Deep", content: "{}", extra: { a: { b: { c: { d: {} } } } } };
    const refused = await tight.call("POST", "/api/templates", { token: owner(tight).token, body });
    assert.equal(refused.status, 400);
    assert.match(String(refused.body.detail), /nested more than 5 levels deep/);
    const read = await loose.call("POST", "/api/templates", { token: owner(loose).token, body });
    assert.doesNotMatch(String(read.body.detail ?? ""), /nested/);
  });

  test("BASE_PDF_MAX_PAGES, BASE_PDF_MAX_OPERATORS, BASE_PDF_MAX_BYTES", async () => {
    const three = await pdf(3);
    assert.equal((await uploadBase(loose, three)).status, 200);
    const pages = await uploadBase(tight, three);
    assert.equal(pages.status, 400);
    assert.match(pages.detail, /a base PDF may have at most 2\b/);
    const busy = await pdf(1, 20);
    assert.equal((await uploadBase(loose, busy)).status, 200);
    const ops = await uploadBase(tight, busy);
    assert.equal(ops.status, 413);
    assert.match(ops.detail, /more than 40 operations/);
    const big = await pdf(1, 1, 6000);
    assert.ok(big.byteLength > 4096);
    assert.equal((await uploadBase(loose, big)).status, 200);
    const size = await uploadBase(tight, big);
    assert.equal(size.status, 413);
    assert.match(size.detail, /4096 bytes/);
  });

  test("UPLOAD_MAX_CELLS and UPLOAD_MAX_TEXT_MB: a spreadsheet past them is refused (413) naming the cap", async () => {
    const csv = `n,label\n${Array.from({ length: 15 }, (_, i) => `${i},row ${i}`).join("\n")}\n`;
    const looseId = await createTemplate(loose, owner(loose).token);
    assert.equal((await uploadRows(loose, owner(loose).token, looseId, { name: "rows.csv", bytes: csv })).status, 200);
    const tightId = await createTemplate(tight, owner(tight).token);
    const cells = await uploadRows(tight, owner(tight).token, tightId, { name: "rows.csv", bytes: csv });
    assert.equal(cells.status, 413);
    assert.match(String(cells.body.detail), /more than 20 cells/);
    const long = `n\n${"y".repeat(1024 * 1024 + 10)}\n`;
    const text = await uploadRows(tight, owner(tight).token, tightId, { name: "long.csv", bytes: long });
    assert.equal(text.status, 413);
    assert.match(String(text.body.detail), /longer than 1 MB/);
  });

  test("BATCH_MAX_ROWS: 13 rows are refused at 12 (JSON rows and an upload), accepted under the default 2,000", async () => {
    const rows = Array.from({ length: 13 }, (_, i) => ({ n: String(i) }));
    const looseId = await createTemplate(loose, owner(loose).token);
    const accepted = await loose.call("POST", `/api/templates/${looseId}/render-batch`, { token: owner(loose).token, body: { rows } });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    const tightId = await createTemplate(tight, owner(tight).token);
    const json = await tight.call("POST", `/api/templates/${tightId}/render-batch`, { token: owner(tight).token, body: { rows } });
    assert.equal(json.status, 400);
    assert.match(String(json.body.detail), /rows must hold at most 12 rows \(got 13\)/);
    const csv = `n\n${rows.map((r) => r.n).join("\n")}\n`;
    const file = await uploadRows(tight, owner(tight).token, tightId, { name: "rows.csv", bytes: csv });
    assert.equal(file.status, 400);
    assert.match(String(file.body.detail), /at most 12 rows; reading stopped at row 13/);
    assert.equal((await uploadRows(loose, owner(loose).token, looseId, { name: "rows.csv", bytes: csv })).status, 200);
  });

  test("LOGIN_FAILURES_PER_ADDRESS_EMAIL: the third failure of one client and email waits at 2", async () => {
    const { email } = owner(tight);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await tight.call("POST", "/api/auth/login", { body: { email, password: `wrong ${i} password` } })).status);
    assert.deepEqual(statuses, [401, 401, 429]);
  });

  test("defaults are the limits table's; a bad value names its variable", () => {
    assert.deepEqual(parseLimitConfig({}).limits, LIMIT_DEFAULTS);
    assert.equal(LIMIT_DEFAULTS.basePdfBytes, 20 * 1024 * 1024);
    assert.equal(parseLimitConfig({}).login.pairFailures.capacity, 10);
    assert.throws(() => parseLimitConfig({ JSON_MAX_DEPTH: "deep" }), (e: unknown) => e instanceof ConfigError && /JSON_MAX_DEPTH must be a whole number of at least 2, got 'deep'/.test(e.message));
    assert.throws(() => parseLimitConfig({ UPLOAD_MAX_CELLS: "0" }), /UPLOAD_MAX_CELLS/);
    assert.throws(() => parseLimitConfig({ LOGIN_ADDRESS_BURST: "1.5" }), /LOGIN_ADDRESS_BURST/);
  });
});
