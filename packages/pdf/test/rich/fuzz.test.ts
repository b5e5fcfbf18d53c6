// Hostile documents end to end: random barcode and markdown elements (every format, malformed values,
// deep nesting, huge lists, pathological emphasis, links and images to a closed port) mixed with random
// elements of every type render to a valid PDF, or are turned away with a clear validation error —
// never another exception, never a hang. Seeded, so a failure reproduces.
import { test } from "node:test";
import assert from "node:assert/strict";
import { InvalidDocumentError, renderDocument } from "../../src/index.js";
import { seededRandom } from "../support/random.js";

const NOW = new Date("2026-11-21T12:00:00Z");

const FORMATS = ["qr", "code128", "code39", "ean13", "ean8", "upca", "itf14", "datamatrix", "pdf417"];
const TYPES = ["text", "image", "table", "line", "rect", "ellipse", "barcode", "markdown", "icon"];

function chars(r: () => number, n: number): string {
  let s = "";
  for (let i = 0; i < n; i++) {
    const k = r();
    s += k < 0.6 ? String.fromCharCode(32 + Math.floor(r() * 95)) : k < 0.75 ? "\n" : k < 0.9 ? "*_`#[]()<>-+|\\~!" [Math.floor(r() * 16)] : String.fromCodePoint(Math.floor(r() * 0x2ffff));
  }
  return s;
}

function markdown(r: () => number): string {
  const n = 1 + Math.floor(r() * 80);
  switch (Math.floor(r() * 7)) {
    case 0: return Array.from({ length: n }, (_, i) => `${"  ".repeat(i % 40)}${i % 2 ? "-" : "1."} item {{ v }}`).join("\n");
    case 1: return `${">".repeat(n)} ${"*".repeat(n)}x${"_".repeat(n)}`;
    case 2: return `![a](http://127.0.0.1:9/${n}.png) [l](http://127.0.0.1:9/) [j](javascript:x) `.repeat(n % 10 + 1);
    case 3: return `# ${"#".repeat(n % 8)} {{ v | markdown }}\n\n---\n\n\`${"`".repeat(n % 5)}code`;
    case 4: return Array.from({ length: n * 4 }, (_, i) => `${i + 1}. ${chars(r, 8)}`).join("\n");
    default: return chars(r, n * 3);
  }
}

function element(r: () => number, i: number): Record<string, unknown> {
  const type = r() < 0.85 ? (i % 2 ? "barcode" : "markdown") : TYPES[Math.floor(r() * TYPES.length)]!;
  const e: Record<string, unknown> = { id: `e${i}`, type, x: Math.floor(r() * 300), y: Math.floor(r() * 60), width: 1 + Math.floor(r() * 300), height: 1 + Math.floor(r() * 120) };
  if (type === "barcode") {
    e.format = FORMATS[Math.floor(r() * FORMATS.length)];
    e.value = r() < 0.4 ? String(Math.floor(r() * 1e14)).slice(0, 1 + Math.floor(r() * 14)) : r() < 0.5 ? "{{ v }}" : chars(r, Math.floor(r() * 60));
    e.showText = r() < 0.5;
    if (r() < 0.3) e.color = ["@primary", "@onAccent", "#123456", "transparent"][Math.floor(r() * 4)];
  } else if (type === "markdown" || type === "text") {
    e.text = markdown(r);
    if (r() < 0.3) e.overflow = ["grow", "clip", "shrink"][Math.floor(r() * 3)];
    if (r() < 0.2) e.fontSize = r() * 40;
  } else if (type === "table") {
    e.bindingField = "rows";
    e.columns = [{ key: "v", header: "{{ v }}", width: 80 }];
  }
  if (r() < 0.008) e[["format", "value", "text", "width", "showText", "bogus"][Math.floor(r() * 6)]!] = [null, -5, {}, "x", 1e12][Math.floor(r() * 5)];
  return e;
}

test("random hostile documents render to a PDF or are rejected with a validation error", async () => {
  const r = seededRandom(424242);
  let rendered = 0;
  let rejected = 0;
  for (let doc = 0; doc < 50; doc++) {
    const elements = Array.from({ length: 25 }, (_, i) => element(r, i));
    const template = {
      version: 4,
      pageSize: { id: "a4" },
      bands: [{ id: "b", kind: "detail", bindingField: "rows", height: 60 + Math.floor(r() * 120), elements }],
      schema: [],
    };
    const data = { rows: Array.from({ length: 1 + Math.floor(r() * 3) }, () => ({ v: chars(r, 20) })) };
    // CPU time, not wall time: the bound is there to catch a runaway document, and on a shared machine the wall
    // clock of an ordinary one stretched past 10 s (load 11) while its CPU time stayed a fraction of that.
    const started = process.cpuUsage();
    try {
      const report = await renderDocument(JSON.stringify(template), data, { now: NOW });
      assert.equal(Buffer.from(report.pdf.subarray(0, 5)).toString("latin1"), "%PDF-");
      assert.ok(report.pageCount >= 1);
      for (const d of report.diagnostics) assert.notEqual(d.code, "element.failed", `document ${doc}: ${d.path} ${d.message} ${JSON.stringify(elements[Number(/elements\[(\d+)\]/.exec(d.path)?.[1])])}`);
      rendered++;
    } catch (error) {
      assert.ok(error instanceof InvalidDocumentError, `document ${doc}: ${String(error)}`);
      rejected++;
    }
    const used = process.cpuUsage(started);
    const cpuMs = (used.user + used.system) / 1000;
    assert.ok(cpuMs < 10_000, `document ${doc} took ${cpuMs.toFixed(0)} ms of CPU`);
  }
  assert.ok(rendered > 30, `rendered ${rendered}, rejected ${rejected}`);
});
