// @docsvc/testing from Vitest: the receipt against its committed snapshot, and a changed receipt rejected.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { SnapshotMismatchError, expectPdfToMatchSnapshot } from "../../dist/src/index.js";

const here = new URL("..", import.meta.url);
const template = readFileSync(new URL("fixtures/receipt.template.json", here), "utf8");
const data = JSON.parse(readFileSync(new URL("fixtures/receipt.data.json", here), "utf8"));
const options = { dir: new URL("snapshots", here).pathname, name: "receipt", render: { now: "2026-11-21T09:00:00Z" }, update: false };

test("the receipt matches its committed snapshot", async () => {
  const result = await expectPdfToMatchSnapshot(template, data, options);
  expect(result.pages).toBe(1);
});

test("a changed receipt number is a mismatch with a diff picture", async () => {
  const outputDir = mkdtempSync(join(tmpdir(), "docsvc-vitest-"));
  const run = expectPdfToMatchSnapshot(template, { ...data, receiptNo: "R-000982" }, { ...options, outputDir });
  await expect(run).rejects.toBeInstanceOf(SnapshotMismatchError);
  expect(readFileSync(join(outputDir, "receipt-p1.diff.png")).subarray(1, 4).toString()).toBe("PNG");
});
