import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { FrameItem } from "@docsvc/layout";
import { paintPdf } from "../../src/index.js";
import { loadFace, textRun } from "../support/faces.js";
import { frameImage, layoutOf, NOW } from "../support/frames.js";
import { pdfObjects, quadrantImage } from "../support/inspect.js";
import { documentInfo, pageSizes } from "../support/pdfjs.js";

const inter = loadFace("Inter");
const hebrew = loadFace("NotoSansHebrew");

async function sample(): Promise<{ items: FrameItem[]; images: Record<string, ReturnType<typeof frameImage>> }> {
  const png = await quadrantImage("png", 16, 16, 0.7);
  return {
    items: [
      textRun(inter, "Invoice 2024-001", { x: 20, y: 40, size: 16 }),
      textRun(hebrew, "חשבונית", { x: 20, y: 70 }),
      { kind: "shape", geometry: { type: "rect", x: 20, y: 80, width: 100, height: 20, radius: 4 }, fill: "#eeeeee" },
      { kind: "image", x: 150, y: 20, width: 32, height: 32, image: "logo" },
      { kind: "link", x: 20, y: 110, width: 80, height: 12, url: "https://example.com" },
      { kind: "group", opacity: 0.5, clip: { x: 0, y: 0, width: 50, height: 50 }, items: [textRun(inter, "Draft", { x: 5, y: 30 })] },
    ],
    images: { logo: frameImage("png", png, 16, 16) },
  };
}

describe("document", () => {
  it("gives each page its exact size", async () => {
    const sizes = [
      { width: 595.28, height: 841.89 },
      { width: 612, height: 792 },
      { width: 226.77, height: 1000.5 },
    ];
    const pdf = await paintPdf(
      { pages: sizes.map((s) => ({ ...s, items: [] })), faces: new Map(), images: new Map(), diagnostics: [] },
      { now: NOW },
    );
    assert.deepEqual(await pageSizes(pdf), sizes);
  });

  it("is byte-identical for the same input and clock", async () => {
    const { items, images } = await sample();
    const layout = layoutOf([items, items], { faces: [inter, hebrew], images });
    const first = await paintPdf(layout, { title: "Invoice", now: NOW });
    const second = await paintPdf(layout, { title: "Invoice", now: NOW });
    assert.equal(Buffer.compare(first, second), 0);
    // A layout built afresh (new objects, same content) paints the same bytes too.
    const rebuilt = await sample();
    const third = await paintPdf(layoutOf([rebuilt.items, rebuilt.items], { faces: [inter, hebrew], images: rebuilt.images }), {
      title: "Invoice",
      now: NOW,
    });
    assert.equal(Buffer.compare(first, third), 0);
    // Another clock changes the dates and the file ID.
    const later = await paintPdf(layout, { title: "Invoice", now: new Date(NOW.getTime() + 1000) });
    assert.notEqual(Buffer.compare(first, later), 0);
    const id = (pdf: Uint8Array): string => /\/ID \[<([0-9a-f]+)>/.exec(Buffer.from(pdf).toString("latin1"))![1]!;
    assert.equal(id(first), id(second));
    assert.notEqual(id(first), id(later));
  });

  it("paints concurrent documents sharing faces and images independently", async () => {
    const { items, images } = await sample();
    const layout = layoutOf([items], { faces: [inter, hebrew], images });
    const pdfs = await Promise.all(Array.from({ length: 6 }, () => paintPdf(layout, { now: NOW })));
    for (const pdf of pdfs) assert.equal(Buffer.compare(pdf, pdfs[0]!), 0);
  });

  it("records title, producer and the fixed dates in the info dictionary", async () => {
    const pdf = await paintPdf(layoutOf([[]]), { title: "Rechnung Nr. 7 — Müller & Söhne <draft>", now: NOW });
    const info = await documentInfo(pdf);
    assert.equal(info.Title, "Rechnung Nr. 7 — Müller & Söhne <draft>");
    assert.equal(info.Producer, "docsvc");
    assert.equal(info.Creator, "docsvc");
    assert.equal(info.CreationDate, "D:20240506070809Z");
    assert.equal(info.ModDate, "D:20240506070809Z");
    assert.doesNotMatch(Buffer.from(pdf).toString("latin1"), /\/Metadata/, "no XMP packet");
  });

  it("compresses content streams and starts with a PDF 1.4 header", async () => {
    const { items, images } = await sample();
    const pdf = await paintPdf(layoutOf([items], { faces: [inter, hebrew], images }), { now: NOW });
    assert.equal(Buffer.from(pdf.subarray(0, 8)).toString("latin1"), "%PDF-1.4");
    const streams = pdfObjects(pdf).filter((o) => o.stream !== undefined);
    assert.ok(streams.length > 0);
    for (const stream of streams) assert.match(stream.dict, /\/Filter \/(FlateDecode|DCTDecode)/);
  });

  it("paints an empty layout as a valid (page-less) document", async () => {
    const pdf = await paintPdf({ pages: [], faces: new Map(), images: new Map(), diagnostics: [] }, { now: NOW });
    assert.match(Buffer.from(pdf).toString("latin1"), /%%EOF\n$/);
  });
});
