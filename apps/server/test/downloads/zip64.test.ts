// ZIP64 in the batch ZIP writer: more than 65,534 entries, and entries past 4 GiB (reached with a sparse hole at
// the start of the file, so the test writes kilobytes), read back by independent readers (JSZip, Info-ZIP's
// unzip). An archive within the plain limits carries no ZIP64 record.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { promisify } from "node:util";
import JSZip from "jszip";
import { ZipFileWriter } from "../../src/jobs/zip-file.js";
import { skipUnlessCi } from "../helpers/ci.js";

const run = promisify(execFile);
const noUnzip = skipUnlessCi(await run("unzip", ["-v"]).then(() => undefined, () => "Info-ZIP unzip is not installed"));
const ZIP64_END = Buffer.from([0x50, 0x4b, 0x06, 0x06]);
const now = new Date("2026-11-29T08:00:00Z");

let dir: string;
before(async () => void (dir = await mkdtemp(join(tmpdir(), "docsvc-zip64-"))));
after(async () => rm(dir, { recursive: true, force: true }));

test("70,000 entries: the ZIP64 end records give the count, and readers find every entry", async () => {
  const path = join(dir, "many.zip");
  const zip = await ZipFileWriter.create(path, now);
  for (let i = 0; i < 70_000; i++) await zip.add(`row-${i}.pdf`, Buffer.from(`%PDF row ${i}`), true);
  await zip.close();
  const bytes = await readFile(path);
  assert.ok(bytes.includes(ZIP64_END), "a ZIP64 end of central directory record");
  const read = await JSZip.loadAsync(bytes, { checkCRC32: true });
  assert.equal(Object.keys(read.files).length, 70_000);
  assert.equal(await read.file("row-69999.pdf")!.async("string"), "%PDF row 69999");
});

test("entries starting past 4 GiB: their offsets in ZIP64 extra fields; unzip lists and extracts them", { skip: noUnzip }, async () => {
  const path = join(dir, "far.zip");
  const zip = await ZipFileWriter.create(path, now, { startAt: 2 ** 32 + 100 });
  await zip.add("first.pdf", Buffer.from("%PDF first"), true);
  await zip.add("report.json", Buffer.from('{"rows":2}'), false);
  await zip.close();
  assert.ok((await stat(path)).size > 2 ** 32);
  // unzip warns about the hole before the first entry (extra bytes at the start) and exits with 1 for it.
  const out = await run("unzip", ["-p", path, "report.json"]).catch((err: { code: number; stdout: string }) => {
    assert.equal(err.code, 1);
    return err;
  });
  assert.equal(out.stdout, '{"rows":2}');
  const listed = await run("unzip", ["-l", path]).catch((err: { stdout: string }) => err);
  assert.match(listed.stdout, /first\.pdf/);
  assert.match(listed.stdout, /report\.json/);
});

test("a small archive stays a plain ZIP (no ZIP64 record)", async () => {
  const path = join(dir, "small.zip");
  const zip = await ZipFileWriter.create(path, now);
  await zip.add("a.pdf", Buffer.from("%PDF a"), true);
  await zip.close();
  assert.ok(!(await readFile(path)).includes(ZIP64_END));
});
