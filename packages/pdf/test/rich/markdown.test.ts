// Markdown end to end: a golden page with every construct, read back (text order, link annotations),
// data values printed literally, and nothing fetched: images and links to a loopback server that counts
// requests leave its count at zero.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import type { TemplateDocument } from "@docsvc/layout";
import { renderDocument } from "../../src/index.js";
import { startCountingServer } from "../support/counting-server.js";
import { compareWithGolden } from "../support/golden.js";
import { extractText, links, rasterise } from "../support/pdfjs.js";
import { goldenDir } from "../support/paths.js";

const NOW = new Date("2026-11-21T12:00:00Z");

const EVERYTHING = [
  "# Delivery notes",
  "Order **{{ order }}** for *{{ customer }}* ships ~~Monday~~ **_Tuesday_**.",
  "## What is in the box",
  "- Two `USB-C` cables",
  "- A charger",
  "  1. EU plug",
  "  2. UK plug",
  "- Manual (see [the guide](https://docsvc.example/guide))",
  "### Contact",
  "Write to [support](mailto:help@docsvc.example) or [call us](tel:+123456), not [this](javascript:alert(1)).  ",
  "Line after a hard break.",
  "",
  "---",
  "",
  "> Handle with care.",
  "",
  "<b>raw html</b> is dropped; the note reads: {{ note }}",
  "",
  "#### Heading 4",
  "##### Heading 5",
  "###### Heading 6",
].join("\n");

function documentFor(text: string, height = 400): TemplateDocument {
  return {
    version: 4,
    pageSize: { id: "custom", width: 360, height: height + 40 },
    margins: { top: 20, right: 20, bottom: 20, left: 20 },
    bands: [{ id: "b", kind: "report-header", height: 40, elements: [{ id: "md", type: "markdown", x: 0, y: 0, width: 320, height: 40, text, fontSize: 10 } as never] }],
    schema: [],
  } as unknown as TemplateDocument;
}

const DATA = { order: "A-1001", customer: "Dana_Lee", note: "**x** [y](https://evil.example) # z" };

test("markdown: every construct matches its golden; text reads back in order; links only for http/https/mailto", async () => {
  const report = await renderDocument(documentFor(EVERYTHING), DATA, { now: NOW });
  assert.deepEqual(report.diagnostics, []);
  await compareWithGolden("markdown-everything", await rasterise(report.pdf, { scale: 2 }), { dir: join(goldenDir, "rich") });
  const [text] = await extractText(report.pdf);
  const order = ["Delivery notes", "Order A-1001 for Dana_Lee", "What is in the box", "Two", "USB-C", "EU plug", "UK plug", "Manual", "Contact", "Write to", "call us", "Handle with care.", "raw html", "Heading 6"];
  let at = 0;
  for (const piece of order) {
    const found = text!.indexOf(piece, at);
    assert.ok(found >= at, `"${piece}" appears after position ${at} in: ${text}`);
    at = found + piece.length;
  }
  assert.ok(!text!.includes("<b>"), "raw HTML tags are not printed");
  assert.ok(text!.includes("**x** [y](https://evil.example) # z"), "a data value prints literally");
  const [annotations] = await links(report.pdf);
  assert.deepEqual(annotations!.map((l) => l.url).sort(), ["https://docsvc.example/guide", "mailto:help@docsvc.example"]);
});

test("markdown: a data value containing **x** prints literally unless the template says | markdown", async () => {
  const literal = await renderDocument(documentFor("Note: {{ v }}"), { v: "**x** _y_ `z`" }, { now: NOW });
  assert.equal((await extractText(literal.pdf))[0]?.trim(), "Note: **x** _y_ `z`");
  const raw = await renderDocument(documentFor("Note: {{ v | markdown }}"), { v: "**x** _y_" }, { now: NOW });
  assert.equal((await extractText(raw.pdf))[0]?.trim(), "Note: x y");
});

test("markdown: images and links to a loopback server are never fetched", async () => {
  const server = await startCountingServer();
  try {
    const base = server.url;
    const text = `![logo](${base}/x.png) and [a link](${base}/page) and ![](${base}/y.png) and ![p](//${server.host}/z.png)`;
    const report = await renderDocument(documentFor(text), {}, { now: NOW });
    assert.equal(report.pageCount, 1);
    assert.deepEqual(report.diagnostics.map((d) => d.code), ["markdown.image", "markdown.image", "markdown.image"]);
    assert.ok((await extractText(report.pdf))[0]?.includes("logo and a link"));
    const [annotations] = await links(report.pdf);
    assert.deepEqual(annotations!.map((l) => l.url), [`${base}/page`]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(server.count(), 0, server.requests.join(", "));
  } finally {
    await server.close();
  }
});

test("markdown: a long document grows and splits across pages at line boundaries", async () => {
  const items = Array.from({ length: 120 }, (_, i) => `${i + 1}. Item number ${i + 1} of the list`).join("\n");
  const report = await renderDocument(documentFor(items, 300), {}, { now: NOW });
  assert.ok(report.pageCount >= 4, `pages: ${report.pageCount}`);
  const text = (await extractText(report.pdf)).join(" ");
  for (const n of [1, 60, 120]) assert.ok(text.includes(`Item number ${n} of the list`), `item ${n}`);
});
