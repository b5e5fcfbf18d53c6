// The snapshot helper against a committed PNG (test/snapshots/receipt-p1.png, the receipt fixture) and against
// snapshots written into a temporary folder: a match passes, a changed receipt number fails with a diff picture,
// update (flag or DOCSVC_UPDATE_SNAPSHOTS=1) rewrites, missing and surplus pages are mismatches.
import assert from "node:assert/strict";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { expectPdfToMatchSnapshot, matchPdfSnapshot, SnapshotMismatchError, UPDATE_ENV } from "../src/index.js";

const here = fileURLToPath(new URL("../../test/", import.meta.url)); // dist/test -> the source test/ folder
const template = readFileSync(join(here, "fixtures/receipt.template.json"), "utf8");
const data = JSON.parse(readFileSync(join(here, "fixtures/receipt.data.json"), "utf8")) as Record<string, unknown>;
const render = { now: "2026-11-21T09:00:00Z" };
const PNG = [0x89, 0x50, 0x4e, 0x47];

const temp = mkdtempSync(join(tmpdir(), "docsvc-testing-"));
after(() => rmSync(temp, { recursive: true, force: true }));
const isPng = (path: string): boolean => PNG.every((byte, i) => readFileSync(path)[i] === byte);

describe("expectPdfToMatchSnapshot", () => {
  it("passes against the committed snapshot of the receipt", async () => {
    const result = await expectPdfToMatchSnapshot(template, data, { dir: join(here, "snapshots"), name: "receipt", render, update: false });
    assert.equal(result.pages, 1);
    assert.deepEqual(result.updated, []);
  });

  it("fails on a changed receipt number, naming the page, and writes the actual page and a diff picture", async () => {
    const dir = join(temp, "changed");
    await matchPdfSnapshot(template, data, { dir, name: "receipt", render, update: true });
    const changed = { ...data, receiptNo: "R-000982" };
    const error = await expectPdfToMatchSnapshot(template, changed, { dir, name: "receipt", render, update: false }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(error instanceof SnapshotMismatchError, String(error));
    assert.match(error.message, /page 1: .*in one 12×12 square/);
    const [mismatch] = error.result.mismatches;
    assert.ok(mismatch?.diffPath !== undefined && isPng(mismatch.diffPath) && isPng(mismatch.actualPath));
    assert.equal(mismatch.diffPath, join(dir, "__diff__", "receipt-p1.diff.png"));
  });

  it("writes a missing snapshot only when updating, then matches it", async () => {
    const dir = join(temp, "missing");
    const missing = await matchPdfSnapshot(template, data, { dir, name: "receipt", render, update: false });
    assert.match(missing.mismatches[0]?.reason ?? "", /no snapshot receipt-p1\.png/);
    assert.equal(existsSync(join(dir, "receipt-p1.png")), false);
    const written = await matchPdfSnapshot(template, data, { dir, name: "receipt", render, update: true });
    assert.deepEqual(written.updated, [join(dir, "receipt-p1.png")]);
    assert.ok(isPng(join(dir, "receipt-p1.png")));
    assert.deepEqual((await matchPdfSnapshot(template, data, { dir, name: "receipt", render })).mismatches, []);
  });

  it(`rewrites a changed snapshot with ${UPDATE_ENV}=1 and removes pages the render no longer has`, async () => {
    const dir = join(temp, "env");
    await matchPdfSnapshot(template, { ...data, receiptNo: "R-1" }, { dir, name: "receipt", render, update: true });
    copyFileSync(join(dir, "receipt-p1.png"), join(dir, "receipt-p2.png"));
    const surplus = await matchPdfSnapshot(template, data, { dir, name: "receipt", render, update: false });
    assert.deepEqual(surplus.mismatches.map((m) => m.page), [1, 2]);
    process.env[UPDATE_ENV] = "1";
    try {
      const updated = await matchPdfSnapshot(template, data, { dir, name: "receipt", render });
      assert.deepEqual(updated.updated, [join(dir, "receipt-p1.png"), join(dir, "receipt-p2.png")]);
    } finally {
      delete process.env[UPDATE_ENV];
    }
    assert.equal(existsSync(join(dir, "receipt-p2.png")), false);
    assert.deepEqual((await matchPdfSnapshot(template, data, { dir, name: "receipt", render })).mismatches, []);
  });

  it("refuses a name that could leave the folder", async () => {
    await assert.rejects(matchPdfSnapshot(template, data, { dir: temp, name: "../receipt", render }), /Snapshot name/);
  });
});
