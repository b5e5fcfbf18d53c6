// `docsvc render --forms --flatten`: the CLI passes both to renderPdf (docs/forms.md).
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { PDFDocument } from "pdf-lib";
import { runCli } from "./helpers/cli.js";

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), "docsvc-cli-forms-"));
  await writeFile(join(dir, "page.html"), `<p>Name: <input name="who" value="{{name}}"></p>`);
  await writeFile(join(dir, "data.json"), JSON.stringify({ name: "Ada" }));
});
after(() => rm(dir, { recursive: true, force: true }));

async function fields(args: string[]): Promise<string[]> {
  const out = join(dir, `${args.join("") || "plain"}.pdf`);
  const run = await runCli(["render", join(dir, "page.html"), join(dir, "data.json"), "-o", out, ...args]);
  assert.equal(run.code, 0, run.stderr);
  return (await PDFDocument.load(await readFile(out))).getForm().getFields().map((f) => f.getName());
}

test("--forms makes an HTML input a field; --flatten leaves none; neither, none", async () => {
  assert.deepEqual(await fields(["--forms"]), ["who"]);
  assert.deepEqual(await fields(["--forms", "--flatten"]), []);
  assert.deepEqual(await fields([]), []);
});
