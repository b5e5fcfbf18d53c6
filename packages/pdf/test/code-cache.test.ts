// The bundled engine runs as classic scripts with a V8 code cache (scripts/bundle-scripts.mjs, code-cache.mjs):
// whatever the cache holds (nothing, a good cache, garbage) or when it is off, the PDFs are the same bytes as
// dist/src renders, and the cache directory is private to the user. Each render runs in a fresh process that
// imports "@docsvc/pdf" by name.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { packageRoot, repoRoot } from "./support/paths.js";

const fixtures = join(repoRoot, "fixtures");
const script = `
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
const { renderDocument, renderHtml } = await import("@docsvc/pdf");
const now = new Date("2026-11-21T12:00:00Z");
const read = (f) => readFileSync(f, "utf8");
const data = JSON.parse(read(${JSON.stringify(join(fixtures, "invoice-20.data.json"))}));
const hash = (r) => createHash("sha256").update(r.pdf).digest("hex") + " " + r.pdf.length;
const invoice = hash(await renderDocument(read(${JSON.stringify(join(fixtures, "invoice.template.json"))}), data, { now }));
const html = hash(await renderHtml(read(${JSON.stringify(join(fixtures, "invoice.html"))}), data, { now }));
console.log(JSON.stringify({ invoice, html }));
`;

const scratch = mkdtempSync(join(tmpdir(), "docsvc-code-cache-test-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

function render(env: Record<string, string>, conditions: readonly string[] = []): { invoice: string; html: string } {
  const child = spawnSync(process.execPath, [...conditions.map((c) => `--conditions=${c}`), "--input-type=module", "-e", script], {
    cwd: packageRoot,
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, DOCSVC_CODE_CACHE: "", ...env },
  });
  assert.equal(child.status, 0, child.stderr);
  return JSON.parse(child.stdout) as { invoice: string; html: string };
}

const cacheFiles = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".v8cache")).sort() : []);

test("cold, warm and corrupted caches and no cache render the bytes dist/src renders", () => {
  const expected = render({}, ["docsvc-unbundled"]);
  const dir = join(scratch, "cache");

  assert.deepEqual(render({ DOCSVC_CODE_CACHE_DIR: dir }), expected, "cold cache");
  const written = cacheFiles(dir);
  // layout, pdf and the vendor scripts they ran (fontkit once for both packages, linebreak…)
  assert.ok(written.some((f) => f.startsWith("layout-")) && written.some((f) => f.startsWith("pdf-")) && written.some((f) => f.startsWith("fontkit-")), written.join(" "));
  assert.equal(written.filter((f) => f.startsWith("fontkit-")).length, 1);
  assert.equal(statSync(dir).mode & 0o777, 0o700);
  for (const f of written) assert.equal(statSync(join(dir, f)).mode & 0o077, 0, `${f} is private`);

  // A cache V8 accepts is not written again.
  const stamps = written.map((f) => statSync(join(dir, f)).mtimeMs);
  assert.deepEqual(render({ DOCSVC_CODE_CACHE_DIR: dir }), expected, "warm cache");
  assert.deepEqual(cacheFiles(dir), written);
  assert.deepEqual(written.map((f) => statSync(join(dir, f)).mtimeMs), stamps, "an accepted cache is left as it is");

  // Garbage of the same length, and a truncated file: rejected, compiled normally, replaced.
  written.forEach((f, i) => {
    const path = join(dir, f);
    const size = statSync(path).size;
    writeFileSync(path, i % 2 === 0 ? Buffer.alloc(size, 0x5a) : readFileSync(path).subarray(0, size >> 1));
  });
  assert.deepEqual(render({ DOCSVC_CODE_CACHE_DIR: dir }), expected, "corrupted cache");
  for (const f of written) assert.notEqual(readFileSync(join(dir, f))[0x40], 0x5a, `${f} was rewritten`);
  assert.deepEqual(render({ DOCSVC_CODE_CACHE_DIR: dir }), expected, "rewritten cache");
});

test("DOCSVC_CODE_CACHE=off neither reads nor writes a cache", () => {
  const dir = join(scratch, "off");
  const cached = render({ DOCSVC_CODE_CACHE_DIR: join(scratch, "on") });
  assert.deepEqual(render({ DOCSVC_CODE_CACHE: "off", DOCSVC_CODE_CACHE_DIR: dir }), cached);
  assert.equal(existsSync(dir), false);
});

test("a cache directory others can write to is not used", { skip: process.platform === "win32" }, () => {
  const dir = join(scratch, "shared");
  mkdirSync(dir);
  chmodSync(dir, 0o777);
  const cached = render({ DOCSVC_CODE_CACHE_DIR: join(scratch, "on") });
  assert.deepEqual(render({ DOCSVC_CODE_CACHE_DIR: dir }), cached);
  assert.deepEqual(cacheFiles(dir), []);
  // An unusable directory (a file in its place) is no cache either, not an error.
  const file = join(scratch, "not-a-directory");
  writeFileSync(file, "");
  assert.deepEqual(render({ DOCSVC_CODE_CACHE_DIR: file }), cached);
});

test("each script keeps its 8 newest caches in the directory", () => {
  const dir = join(scratch, "prune");
  mkdirSync(dir, { mode: 0o700 });
  const old = Date.now() / 1000 - 3600;
  for (let i = 0; i < 10; i++) {
    const path = join(dir, `pdf-${i.toString(16).padStart(32, "0")}.v8cache`);
    writeFileSync(path, "old");
    utimesSync(path, old - i, old - i);
  }
  writeFileSync(join(dir, "notes.txt"), "not a cache");
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", `await import("@docsvc/pdf")`], { cwd: packageRoot, encoding: "utf8", env: { ...process.env, DOCSVC_CODE_CACHE: "", DOCSVC_CODE_CACHE_DIR: dir } });
  assert.equal(child.status, 0, child.stderr);
  const pdf = cacheFiles(dir).filter((f) => f.startsWith("pdf-"));
  assert.equal(pdf.length, 8, pdf.join(" "));
  assert.ok(!pdf.includes(`pdf-${(9).toString(16).padStart(32, "0")}.v8cache`), "the oldest went first");
  assert.ok(existsSync(join(dir, "notes.txt")));
});
