// A merged PDF written to an output as it is painted (a batch's merged download goes to a file this way): the
// same bytes as the PDF made in memory, handed over in many pieces none of which is the whole file.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { layoutRow, paintMergedRows, type MergedRowSource, type PdfOutput } from "../../src/index.js";
import { FIXED_NOW, fixtureText } from "./fixtures.js";

interface Invoice {
  readonly invoiceNumber: string;
  readonly items: readonly unknown[];
}

async function encodedInvoices(count: number): Promise<Uint8Array[]> {
  const template = await fixtureText("invoice.template.json");
  const data = JSON.parse(await fixtureText("invoice-20.data.json")) as Invoice;
  const rows = Array.from({ length: count }, (_, i) => ({ ...data, invoiceNumber: `INV-${i + 1}`, items: data.items.slice(0, 3 + (i % 10)) }));
  return Promise.all(rows.map(async (row) => (await layoutRow(template, row, { now: FIXED_NOW, paint: false })).layout));
}

const source = (encoded: readonly Uint8Array[]): MergedRowSource => ({ count: encoded.length, read: (i) => Promise.resolve(encoded[i]!) });

/** An output keeping each write apart. */
function pieces(): PdfOutput & { readonly writes: Uint8Array[] } {
  const writes: Uint8Array[] = [];
  return { writes, write: async (bytes) => void writes.push(bytes.slice()) };
}

describe("paintMergedRows with an output", () => {
  test("writes the in-memory PDF's bytes, in pieces, while painting", async () => {
    const encoded = await encodedInvoices(400);
    const whole = await paintMergedRows(source(encoded), { now: FIXED_NOW, title: "Batch" });
    const output = pieces();
    const streamed = await paintMergedRows(source(encoded), { now: FIXED_NOW, title: "Batch" }, undefined, output);
    assert.equal(streamed.pdf.byteLength, 0);
    assert.equal(streamed.size, whole.pdf.byteLength);
    assert.equal(whole.size, whole.pdf.byteLength);
    assert.deepEqual(streamed.rowPages, whole.rowPages);
    const joined = Buffer.concat(output.writes);
    assert.ok(joined.equals(Buffer.from(whole.pdf)), "same bytes as the PDF made in memory");
    // Handed over as the pages were added, not at the end: several writes, the largest a fraction of the file.
    assert.ok(output.writes.length >= 3, `${output.writes.length} writes of ${whole.pdf.byteLength} bytes`);
    const largest = Math.max(...output.writes.map((w) => w.byteLength));
    assert.ok(largest < whole.pdf.byteLength / 2, `largest write ${largest} of ${whole.pdf.byteLength}`);
  });

  test("a protected merged PDF is encrypted whole, then written to the output once", async () => {
    const encoded = await encodedInvoices(3);
    const output = pieces();
    const report = await paintMergedRows(source(encoded), { now: FIXED_NOW, protect: { ownerPassword: "owner-secret" } }, undefined, output);
    assert.equal(output.writes.length, 1);
    assert.equal(report.size, output.writes[0]!.byteLength);
    assert.match(Buffer.from(output.writes[0]!).toString("latin1"), /\/Encrypt/);
  });
});
