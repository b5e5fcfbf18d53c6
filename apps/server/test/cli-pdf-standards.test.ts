// `docsvc render --pdf-standard` and `docsvc check-pdf`, run as child processes.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { runCli } from "./helpers/cli.js";
import { skipUnlessCi } from "./helpers/ci.js";
import { REPO_ROOT } from "./helpers/fixtures.js";

const FIXTURES = join(REPO_ROOT, "fixtures");
const qpdfMissing = new Promise<string | undefined>((resolve) => execFile("qpdf", ["--version"], (error) => resolve(error ? "qpdf is not installed (apt-get install qpdf)" : undefined)));

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), "docsvc-cli-standards-"));
});
after(() => rm(dir, { recursive: true, force: true }));

describe("docsvc render --pdf-standard / docsvc check-pdf", async () => {
  const skip = skipUnlessCi(await qpdfMissing);

  test("renders a PDF/A + UA file that check-pdf reads back; exit codes say whether rules fail", { skip }, async () => {
    const out = join(dir, "invoice.pdf");
    const r = await runCli(["render", join(FIXTURES, "invoice.template.json"), join(FIXTURES, "invoice-20.data.json"), "-o", out, "--pdf-standard", "a-3b,ua-1", "--now", "2026-11-21T12:00:00Z"]);
    assert.equal(r.code, 0, r.stderr);
    assert.match((await readFile(out)).toString("latin1"), /<pdfaid:part>3<\/pdfaid:part>\s*<pdfaid:conformance>B</);
    // PDF/A-3b alone holds: exit 0 and a line saying so.
    const archive = await runCli(["check-pdf", out, "--standard", "a-3b"]);
    assert.equal(archive.code, 0, archive.stdout + archive.stderr);
    assert.match(archive.stdout, /no rule of PDF\/A-3b checked here fails/);
    // The declared standards (a-3b + ua-1): the UA rules of tagging fail until the content is tagged: exit 1.
    const declared = await runCli(["check-pdf", out, "--json"]);
    const report = JSON.parse(declared.stdout) as { standards: string[]; findings: { standard: string; rule: string }[] };
    assert.deepEqual(report.standards, ["a-3b", "ua-1"]);
    assert.deepEqual(report.findings.filter((f) => f.standard === "a-3b"), []);
    assert.equal(declared.code, report.findings.length === 0 ? 0 : 1);
    // A level the file does not declare: one line per broken rule, exit 1.
    const other = await runCli(["check-pdf", out, "--standard", "a-2u"]);
    assert.equal(other.code, 1);
    assert.match(other.stdout, /^PDF\/A-2u 6\.6\.4-1: XMP pdfaid:part must be 2 \(found "3"\)$/m);
  });

  test("a document that cannot conform exits 3 naming the rule; bad options exit 1 or 2", { skip }, async () => {
    const html = join(dir, "notdef.html");
    await writeFile(html, "<p>a\u0378b</p>");
    await writeFile(join(dir, "empty.json"), "{}");
    const notdef = await runCli(["render", html, join(dir, "empty.json"), "-o", join(dir, "x.pdf"), "--pdf-standard", "a-2b"]);
    assert.equal(notdef.code, 3);
    assert.match(notdef.stderr, /PDF\/A-2b rule 6\.2\.11\.8-1/);
    const twoLevels = await runCli(["render", html, join(dir, "empty.json"), "-o", join(dir, "x.pdf"), "--pdf-standard", "a-2b,a-3b"]);
    assert.equal(twoLevels.code, 1);
    assert.match(twoLevels.stderr, /one PDF\/A level only/);
    const locked = await runCli(["render", join(FIXTURES, "invoice.template.json"), join(FIXTURES, "invoice-20.data.json"), "-o", join(dir, "x.pdf"), "--pdf-standard", "a-2b", "--protect", '{"ownerPassword":"o"}']);
    assert.equal(locked.code, 1);
    assert.match(locked.stderr, /rule 6\.1\.3 forbids encryption/);
    await writeFile(join(dir, "junk.pdf"), "not a pdf");
    assert.equal((await runCli(["check-pdf", join(dir, "junk.pdf")])).code, 2);
    assert.equal((await runCli(["check-pdf"])).code, 2);
    assert.equal((await runCli(["check-pdf", join(dir, "junk.pdf"), "--standard", "a-9"])).code, 2);
  });
});
