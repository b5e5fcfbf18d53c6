// pdfStandards on every render path (stored, inline, async, send-email), the template's default, the 400s that
// name a rule, and POST /api/tools/check-pdf.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { after, before, describe, test } from "node:test";
import { checkPdf } from "@docsvc/pdf";
import { skipUnlessCi } from "./helpers/ci.js";
import { SMALL_TEMPLATE } from "./helpers/fixtures.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/harness.js";
import { checkPdfFile } from "../src/services/check-pdf.js";
import { LIMIT_DEFAULTS, parseLimitConfig } from "../src/config-limits.js";

const qpdfMissing = new Promise<string | undefined>((resolve) => execFile("qpdf", ["--version"], (error) => resolve(error ? "qpdf is not installed (apt-get install qpdf)" : undefined)));

/** The XMP packet is written uncompressed: its identification can be read from the bytes. */
const declared = (pdf: Uint8Array): string[] => {
  const text = Buffer.from(pdf).toString("latin1");
  return [/<pdfaid:part>(\d)<\/pdfaid:part>\s*<pdfaid:conformance>(\w)</.exec(text)?.slice(1).join("") ?? "", /<pdfuaid:part>(\d)</.exec(text)?.[1] ?? ""];
};

let t: TestApp;
let owner: TestUser;
let templateId: string;
let archivedId: string;
before(async () => {
  t = await startTestApp();
  t.deps.webhooks.renderJobs.start();
  owner = await t.signup();
  templateId = (await t.call("POST", "/api/templates", { token: owner.token, body: { name: "Quote", content: SMALL_TEMPLATE } })).body.id as string;
  const archived = JSON.stringify({ ...(JSON.parse(SMALL_TEMPLATE) as object), pdfStandards: ["a-2b"] });
  archivedId = (await t.call("POST", "/api/templates", { token: owner.token, body: { name: "Archived", content: archived } })).body.id as string;
});
after(() => t.close());

async function renderJob(jobId: string): Promise<Record<string, any>> {
  const until = Date.now() + 60_000;
  for (;;) {
    const res = await t.call("GET", `/api/render/jobs/${jobId}`, { token: owner.token });
    if (res.body.status === "completed" || res.body.status === "failed") return res.body;
    if (Date.now() > until) throw new Error(`render job still ${String(res.body.status)}`);
    await new Promise((r) => setTimeout(r, 30));
  }
}

describe("pdfStandards on the render endpoints", async () => {
  const skip = skipUnlessCi(await qpdfMissing);

  test("stored and inline renders declare and follow the standards asked for", { skip }, async () => {
    const stored = await t.call("POST", `/api/templates/${templateId}/render`, { token: owner.token, body: { data: { name: "Ada" }, pdfStandards: ["a-3u", "ua-1"] } });
    assert.equal(stored.status, 200, JSON.stringify(stored.body));
    assert.deepEqual(declared(stored.bytes), ["3U", "1"]);
    const report = await checkPdf(stored.bytes);
    assert.deepEqual(report.findings.filter((f) => f.standard !== "ua-1"), []);
    const inline = await t.call("POST", "/api/render", { token: owner.token, body: { content: "<h1>Hello {{name}}</h1>", data: { name: "Ada" }, pdfStandards: ["a-2b"] } });
    assert.equal(inline.status, 200, JSON.stringify(inline.body));
    assert.deepEqual(declared(inline.bytes), ["2B", ""]);
    assert.deepEqual((await checkPdf(inline.bytes)).findings, []);
  });

  test("the template's pdfStandards key is the default; the body's own wins", { skip }, async () => {
    const byDefault = await t.call("POST", `/api/templates/${archivedId}/render`, { token: owner.token, body: { data: { name: "Ada" } } });
    assert.deepEqual(declared(byDefault.bytes), ["2B", ""]);
    const own = await t.call("POST", `/api/templates/${archivedId}/render`, { token: owner.token, body: { data: { name: "Ada" }, pdfStandards: ["ua-1"] } });
    assert.deepEqual(declared(own.bytes), ["", "1"]);
  });

  test("async renders and emailed attachments carry them too", { skip }, async () => {
    const submitted = await t.call("POST", "/api/render/async", { token: owner.token, body: { templateId, data: { name: "Later" }, pdfStandards: ["a-3b"] } });
    assert.equal(submitted.status, 202, JSON.stringify(submitted.body));
    assert.equal((await renderJob(submitted.body.jobId)).status, "completed");
    const pdf = await t.call("GET", `/api/render/jobs/${submitted.body.jobId}/pdf`, { token: owner.token });
    assert.deepEqual(declared(pdf.bytes), ["3B", ""]);
    // A job whose document cannot conform fails with the rule.
    const failing = await t.call("POST", "/api/render/async", { token: owner.token, body: { content: "<p>a\u0378b</p>", data: {}, pdfStandards: ["a-3b"] } });
    const failed = await renderJob(failing.body.jobId);
    assert.equal(failed.status, "failed");
    assert.match(String(failed.error), /rule 6\.2\.11\.8-1/);

    const sent = await t.call("POST", `/api/templates/${templateId}/send-email`, { token: owner.token, body: { to: "archive@example.test", data: { name: "Ada" }, pdfStandards: ["a-2u"] } });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const mail = await t.smtp.waitFor((m) => m.to.includes("archive@example.test"));
    const attachment = mail.raw.split(/Content-Disposition: attachment[^\n]*\n(?:[^\n]*\n)*?\r?\n/)[1] ?? "";
    const attached = Buffer.from(attachment.split(/\r?\n--/)[0]!.replace(/\s+/g, ""), "base64");
    assert.deepEqual(declared(attached), ["2U", ""]);
  });

  test("400s name the problem: bad lists, PDF/A with protect (rule 6.1.3), content that cannot conform (its rule)", async () => {
    const render = (body: Record<string, unknown>) => t.call("POST", `/api/templates/${templateId}/render`, { token: owner.token, body: { data: {}, ...body } });
    const cases: [unknown, RegExp][] = [
      [["a-2b", "a-3u"], /one PDF\/A level only/],
      [["a-1b"], /pdfStandards may hold only a-2b, a-2u, a-3b, a-3u, ua-1/],
      ["a-2b", /pdfStandards must be an array/],
      [["ua-1", "ua-1"], /lists a standard twice/],
    ];
    for (const [pdfStandards, message] of cases) {
      const res = await render({ pdfStandards });
      assert.equal(res.status, 400, JSON.stringify(pdfStandards));
      assert.match(String(res.body.detail ?? res.body.message ?? JSON.stringify(res.body)), message);
      assert.ok(Object.keys(res.body.errors ?? {}).some((k) => k.startsWith("pdfStandards")), JSON.stringify(res.body));
    }
    const locked = await render({ pdfStandards: ["a-3b"], protect: { ownerPassword: "o" } });
    assert.equal(locked.status, 400);
    assert.match(JSON.stringify(locked.body.errors.pdfStandards), /rule 6\.1\.3 forbids encryption/);
    // ua-1 alone may be encrypted
    assert.equal((await render({ pdfStandards: ["ua-1"], protect: { ownerPassword: "o" } })).status, 200);
    const notdef = await t.call("POST", "/api/render", { token: owner.token, body: { content: "<p>a\u0378b</p>", data: {}, pdfStandards: ["a-2u"] } });
    assert.equal(notdef.status, 400, JSON.stringify(notdef.body));
    assert.match(JSON.stringify(notdef.body.errors.pdfStandards), /PDF\/A-2u rule 6\.2\.11\.8-1: the text \\"a\u0378b\\" shows the \.notdef glyph/);
    // The template's own default with protect: the same 400 from the worker.
    const archivedLocked = await t.call("POST", `/api/templates/${archivedId}/render`, { token: owner.token, body: { data: {}, protect: { ownerPassword: "o" } } });
    assert.equal(archivedLocked.status, 400);
    assert.match(JSON.stringify(archivedLocked.body.errors.pdfStandards), /6\.1\.3/);
  });
});

describe("POST /api/tools/check-pdf", async () => {
  const skip = skipUnlessCi(await qpdfMissing);

  test("lists the broken rules of the declared or requested standards", { skip }, async () => {
    const pdf = (await t.call("POST", "/api/render", { token: owner.token, body: { content: "<p>Archive me</p>", data: {}, pdfStandards: ["a-3b"] } })).bytes;
    const ok = await t.call("POST", "/api/tools/check-pdf", { token: owner.token, body: pdf, headers: { "Content-Type": "application/pdf" } });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.deepEqual(ok.body, { standards: ["a-3b"], source: "declared", findings: [], passed: true });
    const asked = await t.call("POST", "/api/tools/check-pdf?standards=a-2u,ua-1", { token: owner.token, body: pdf });
    assert.equal(asked.status, 200);
    assert.equal(asked.body.source, "requested");
    assert.equal(asked.body.passed, false);
    const found = (asked.body.findings as { standard: string; rule: string }[]).map((f) => `${f.standard} ${f.rule}`);
    // A tagged render already shows its title (7.1-10 holds); an untitled one has no dc:title (7.1-9).
    for (const rule of ["a-2u 6.6.4-1", "a-2u 6.6.4-2", "ua-1 5-1", "ua-1 7.1-9"]) assert.ok(found.includes(rule), `${rule} in ${found.join(", ")}`);
    // An API key may check as well.
    const key = (await t.call("POST", "/api/api-keys", { token: owner.token, body: { name: "checker" } })).body.key as string;
    assert.equal((await t.call("POST", "/api/tools/check-pdf", { apiKey: key, body: pdf })).status, 200);
  });

  test("bad input: 400 for a bad standards list or no body, 422 for bytes that are no PDF, 401 without credentials", { skip }, async () => {
    const bad = await t.call("POST", "/api/tools/check-pdf?standards=a-2b,a-3b", { token: owner.token, body: new Uint8Array([37, 80, 68, 70]) });
    assert.equal(bad.status, 400);
    assert.match(JSON.stringify(bad.body.errors.standards), /one PDF\/A level only/);
    assert.equal((await t.call("POST", "/api/tools/check-pdf", { token: owner.token })).status, 400);
    const garbage = await t.call("POST", "/api/tools/check-pdf", { token: owner.token, body: new TextEncoder().encode("hello, not a PDF") });
    assert.equal(garbage.status, 422);
    assert.match(String(garbage.body.detail), /cannot be checked/);
    assert.equal((await t.call("POST", "/api/tools/check-pdf", { body: new Uint8Array([1]) })).status, 401);
  });

  test("CHECK_PDF_MAX_BYTES set by the environment bounds the route (413 naming the limit); bad values stop start-up", { skip }, async () => {
    const tight = await startTestApp({ config: parseLimitConfig({ CHECK_PDF_MAX_BYTES: "2048", CHECK_PDF_TIMEOUT_MS: "5000", CHECK_PDF_MAX_JSON_MB: "2", CHECK_PDF_CONCURRENCY: "1" }) });
    try {
      const user = await tight.signup();
      const pdf = (await t.call("POST", "/api/render", { token: owner.token, body: { content: "<p>x</p>", data: {} } })).bytes;
      assert.ok(pdf.byteLength > 2048);
      const res = await tight.call("POST", "/api/tools/check-pdf", { token: user.token, body: pdf });
      assert.equal(res.status, 413);
      assert.match(String(res.body.detail), /limit of 2048 bytes/);
    } finally {
      await tight.close();
    }
    assert.throws(() => parseLimitConfig({ CHECK_PDF_CONCURRENCY: "0" }), /CHECK_PDF_CONCURRENCY must be a whole number of at least 1/);
    assert.throws(() => parseLimitConfig({ CHECK_PDF_MAX_BYTES: "big" }), /CHECK_PDF_MAX_BYTES/);
  });

  test("bounded: over CHECK_PDF_MAX_BYTES is 413, over CHECK_PDF_CONCURRENCY checks at once is 503", { skip }, async () => {
    const limits = { ...LIMIT_DEFAULTS, checkPdfBytes: 2048, checkPdfConcurrency: 1 };
    await assert.rejects(checkPdfFile(limits, new Uint8Array(4096), undefined), { status: 413 });
    const pdf = (await t.call("POST", "/api/render", { token: owner.token, body: { content: "<p>x</p>", data: {} } })).bytes;
    const big = { ...limits, checkPdfBytes: 10 * 1024 * 1024 };
    const first = checkPdfFile(big, pdf, undefined);
    await assert.rejects(checkPdfFile(big, pdf, undefined), { status: 503 });
    assert.equal((await first).passed, true);
  });
});
