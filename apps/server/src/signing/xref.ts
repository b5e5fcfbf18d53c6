// The cross-reference section of an incremental update: a table, or a stream when the document's last section is
// one (the sections of a file stay of one kind, as readers that follow /Prev expect).
import type { PDFRef } from "pdf-lib";

/** Subsections of consecutive object numbers: [first, count] pairs. */
function subsections(numbers: readonly number[]): [number, number][] {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const sections: [number, number][] = [];
  for (const n of sorted) {
    const last = sections[sections.length - 1];
    if (last !== undefined && last[0] + last[1] === n) last[1]++;
    else sections.push([n, 1]);
  }
  return sections;
}

export function xrefTable(objects: readonly { ref: PDFRef }[], offsets: ReadonlyMap<number, number>, at: number, trailer: string): Buffer {
  const generation = new Map(objects.map((o) => [o.ref.objectNumber, o.ref.generationNumber]));
  let text = "xref\n";
  for (const [first, count] of subsections([...offsets.keys()])) {
    text += `${first} ${count}\n`;
    for (let n = first; n < first + count; n++) {
      text += `${String(offsets.get(n)).padStart(10, "0")} ${String(generation.get(n) ?? 0).padStart(5, "0")} n\r\n`;
    }
  }
  text += `trailer\n<< ${trailer} >>\nstartxref\n${at}\n%%EOF\n`;
  return Buffer.from(text, "latin1");
}

/** A cross-reference stream (uncompressed), for documents whose last section is one: sections stay of one kind. */
export function xrefStream(objects: readonly { ref: PDFRef }[], offsets: Map<number, number>, at: number, self: PDFRef, trailer: string): Buffer {
  offsets.set(self.objectNumber, at);
  const generation = new Map(objects.map((o) => [o.ref.objectNumber, o.ref.generationNumber]));
  const sections = subsections([...offsets.keys()]);
  const rows: Buffer[] = [];
  for (const [first, count] of sections) {
    for (let n = first; n < first + count; n++) {
      const row = Buffer.alloc(7);
      row.writeUInt8(1, 0);
      row.writeUInt32BE(offsets.get(n) ?? 0, 1);
      row.writeUInt16BE(generation.get(n) ?? 0, 5);
      rows.push(row);
    }
  }
  const data = Buffer.concat(rows);
  const index = sections.map(([f, c]) => `${f} ${c}`).join(" ");
  // /Size counts the stream's own object too.
  const entries = trailer.replace(/\/Size (\d+)/, (_, s: string) => `/Size ${Math.max(Number(s), self.objectNumber + 1)}`);
  return Buffer.concat([
    Buffer.from(`${self.objectNumber} 0 obj\n<< /Type /XRef ${entries} /W [1 4 2] /Index [${index}] /Length ${data.length} >>\nstream\n`, "latin1"),
    data,
    Buffer.from(`\nendstream\nendobj\nstartxref\n${at}\n%%EOF\n`, "latin1"),
  ]);
}

