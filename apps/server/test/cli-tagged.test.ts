// `docsvc render --untagged`: the CLI renders tagged PDFs (with the file name as the title) unless told not to
// (docs/accessibility.md).
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { PDFDocument } from "pdf-lib";
import { runCli } from "./helpers/cli.js";

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), "docsvc-cli-tagged-"));
  await writeFile(join(dir, "page.html"), `<html lang="en"><h1>Hello {{name}}</h1><p>Text</p></html>`);
  await writeFile(join(dir, "data.json"), JSON.stringify({ name: "Ada" }));
});
after(() => rm(dir, { recursive: true, force: true }));

async function catalogKeys(args: string[]): Promise<string[]> {
  const out = join(dir, `${args.join("") || "plain"}.pdf`);
  const run = await runCli(["render", join(dir, "page.html"), join(dir, "data.json"), "-o", out, ...args]);
  assert.equal(run.code, 0, run.stderr);
  return (await PDFDocument.load(await readFile(out))).catalog.keys().map((key) => key.asString());
}

test("tagged by default (structure tree, outline); --untagged leaves both out", async () => {
  const tagged = await catalogKeys([]);
  for (const key of ["/StructTreeRoot", "/MarkInfo", "/Outlines"]) assert.ok(tagged.includes(key), key);
  const plain = await catalogKeys(["--untagged"]);
  for (const key of ["/StructTreeRoot", "/MarkInfo", "/Outlines"]) assert.ok(!plain.includes(key), key);
});
