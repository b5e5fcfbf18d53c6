// The ZIP writer the batch assembly uses, read back by an independent reader (JSZip) and checked byte for byte:
// stored and deflated entries, UTF-8 names, CRCs, an empty file; and the blob stores' putFile moves it in whole.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import JSZip from "jszip";
import { FsBlobStore } from "../../src/blobs/fs-store.js";
import { writeBatchZip } from "../../src/jobs/batch-zip.js";
import { ZipFileWriter } from "../../src/jobs/zip-file.js";

test("entries written one by one read back exactly, names in UTF-8, stored and deflated", async () => {
  const dir = await mkdtemp(join(tmpdir(), "docsvc-zip-test-"));
  try {
    const path = join(dir, "a.zip");
    const zip = await ZipFileWriter.create(path, new Date("2026-11-29T06:20:34Z"));
    const noise = randomBytes(300_000);
    await zip.add("Zoë — facture №1.pdf", noise, true);
    await zip.add("empty.pdf", new Uint8Array(), true);
    await zip.add("report.json", Buffer.from('{"a":1,"text":"' + "x".repeat(10_000) + '"}'), false);
    const size = await zip.close();
    assert.equal((await stat(path)).size, size);
    const read = await JSZip.loadAsync(await readFile(path), { checkCRC32: true });
    assert.deepEqual(Object.keys(read.files), ["Zoë — facture №1.pdf", "empty.pdf", "report.json"]);
    assert.deepEqual(Buffer.from(await read.file("Zoë — facture №1.pdf")!.async("uint8array")), noise);
    assert.equal((await read.file("empty.pdf")!.async("uint8array")).byteLength, 0);
    assert.equal(JSON.parse(await read.file("report.json")!.async("string")).a, 1);
    // Deflated: the report's 10 KB of x's take far less room than they would stored.
    assert.ok(size < 300_000 + 2_000, `archive of ${size} bytes`);
    assert.equal(read.file("report.json")!.date.toISOString().slice(0, 16), "2026-11-29T06:20");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("writeBatchZip reads each row when its turn comes and moves the archive into the store", async () => {
  const dir = await mkdtemp(join(tmpdir(), "docsvc-zip-test-"));
  try {
    const store = new FsBlobStore(join(dir, "data"));
    let reading = 0;
    let most = 0;
    const rows = Array.from({ length: 50 }, (_, i) => ({
      name: `row-${i}.pdf`,
      read: async () => {
        reading += 1;
        most = Math.max(most, reading);
        await new Promise((r) => setTimeout(r, 1));
        reading -= 1;
        return Buffer.from(`%PDF-row ${i}`);
      },
    }));
    await writeBatchZip(store, "batch/j/result.zip", rows, '{"ok":true}\n', new Date());
    assert.equal(most, 1, "one row at a time");
    const zip = await JSZip.loadAsync((await store.get("batch/j/result.zip"))!);
    assert.equal(Object.keys(zip.files).length, 51);
    assert.equal(await zip.file("row-49.pdf")!.async("string"), "%PDF-row 49");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
