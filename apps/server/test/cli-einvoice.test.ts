// `docsvc render … --einvoice factur-x[:profile]`: the PDF carries the invoice XML; a broken rule exits 1 naming it.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { runCli } from "./helpers/cli.js";
import { skipUnlessCi } from "./helpers/ci.js";
import { REPO_ROOT } from "./helpers/fixtures.js";

const FIXTURES = join(REPO_ROOT, "fixtures");
const qpdfMissing = new Promise<string | undefined>((resolve) => execFile("qpdf", ["--version"], (error) => resolve(error ? "qpdf is not installed (apt-get install qpdf)" : undefined)));

test("--einvoice factur-x:basic embeds factur-x.xml of the BASIC profile; bad specs and broken totals exit 1", { skip: skipUnlessCi(await qpdfMissing) }, async () => {
  const dir = await mkdtemp(join(tmpdir(), "docsvc-cli-einvoice-"));
  try {
    const out = join(dir, "out.pdf");
    const template = join(FIXTURES, "invoice.template.json");
    const r = await runCli(["render", template, join(FIXTURES, "invoice-20.data.json"), "-o", out, "--einvoice", "factur-x:basic"]);
    assert.equal(r.code, 0, r.stderr);
    const xml = await new Promise<string>((resolve, reject) => execFile("qpdf", ["--show-attachment=factur-x.xml", out], (error, stdout) => (error ? reject(error) : resolve(stdout))));
    assert.match(xml, /urn:cen\.eu:en16931:2017#compliant#urn:factur-x\.eu:1p0:basic</);
    assert.match(xml, /<ram:ID>INV-2024-00020<\/ram:ID>/);

    const bad = await runCli(["render", template, join(FIXTURES, "invoice-20.data.json"), "-o", out, "--einvoice", "factur-x:comfort"]);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /--einvoice must be factur-x, zugferd or xrechnung/);

    const data = JSON.parse(await readFile(join(FIXTURES, "invoice-20.data.json"), "utf8")) as Record<string, unknown>;
    await writeFile(join(dir, "off.json"), JSON.stringify({ ...data, tax: 21635.6 }));
    const broken = await runCli(["render", template, join(dir, "off.json"), "-o", join(dir, "off.pdf"), "--einvoice", "xrechnung"]);
    assert.equal(broken.code, 1);
    assert.match(broken.stderr, /^e-invoice: BR-S-09: /m);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
