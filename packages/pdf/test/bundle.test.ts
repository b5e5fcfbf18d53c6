// The production bundle (dist/bundle, scripts/bundle.mjs) renders what the tsc output renders, byte for byte:
// the shared fixtures, the HTML invoice (the lazily-loaded HTML front end), and a page of barcodes, Markdown and
// Lucide icons (lazily-required npm packages, resources found from import.meta.url). Each side runs in a fresh
// process that imports "@docsvc/pdf" by name, as an embedder does: once with the package exports' default
// ("import": the bundles of @docsvc/pdf and @docsvc/layout), once with the "docsvc-unbundled" condition
// (dist/src of both).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { packageRoot, repoRoot } from "./support/paths.js";

const fixtures = join(repoRoot, "fixtures");
const templates = [
  ...["invoice", "receipt"].map((name) => ({ name, template: join(fixtures, `${name}.template.json`), data: join(fixtures, `${name === "invoice" ? "invoice-20" : name}.data.json`) })),
  ...readdirSync(join(fixtures, "render"))
    .filter((f) => f.endsWith(".template.json"))
    .map((f) => f.replace(".template.json", ""))
    .map((name) => ({ name, template: join(fixtures, "render", `${name}.template.json`), data: join(fixtures, "render", `${name}.data.json`) })),
  { name: "label-sheet", template: join(fixtures, "bench", "label-sheet.template.json"), data: join(fixtures, "bench", "label-sheet.data.json") },
];

// Barcodes (bwip-js), Markdown (markdown-it) and icons (lucide-static) on one page.
const rich = {
  version: 4,
  pageSize: { id: "custom", width: 360, height: 300 },
  margins: { top: 20, right: 20, bottom: 20, left: 20 },
  bands: [{
    id: "b", kind: "report-header", height: 260, elements: [
      { id: "md", type: "markdown", x: 0, y: 0, width: 320, height: 80, text: "# Notes\nOrder **{{ order }}** ships *Tuesday*.\n- one\n- two", fontSize: 10 },
      { id: "qr", type: "barcode", format: "qr", x: 0, y: 100, width: 80, height: 80, value: "{{ order }}" },
      { id: "c128", type: "barcode", format: "code128", x: 100, y: 100, width: 160, height: 50, value: "{{ order }}" },
      { id: "icon", type: "icon", name: "truck", x: 0, y: 200, width: 28, height: 28, color: "#2563eb" },
    ],
  }],
  schema: [],
};

// Prints { name: sha256 } of every render, and where "@docsvc/pdf" and "@docsvc/layout" resolved.
const script = `
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
const { renderDocument, renderHtml } = await import("@docsvc/pdf");
const now = new Date("2026-11-21T12:00:00Z");
const read = (f) => readFileSync(f, "utf8");
const hash = (r) => createHash("sha256").update(r.pdf).digest("hex") + " " + r.pdf.length + " " + JSON.stringify(r.diagnostics);
const out = { resolved: [import.meta.resolve("@docsvc/pdf")], pdfs: {} };
for (const t of ${JSON.stringify(templates)}) out.pdfs[t.name] = hash(await renderDocument(read(t.template), JSON.parse(read(t.data)), { now }));
out.pdfs.rich = hash(await renderDocument(JSON.stringify(${JSON.stringify(rich)}), { order: "A-1001" }, { now }));
out.pdfs["invoice.html"] = hash(await renderHtml(read(${JSON.stringify(join(fixtures, "invoice.html"))}), JSON.parse(read(${JSON.stringify(join(fixtures, "invoice-20.data.json"))})), { now }));
console.log(JSON.stringify(out));
`;

function renderAll(conditions: readonly string[]): { resolved: string[]; pdfs: Record<string, string> } {
  // cwd packages/pdf: the evaluated script resolves "@docsvc/pdf" by the package's own name (self-reference).
  const child = spawnSync(process.execPath, [...conditions.map((c) => `--conditions=${c}`), "--input-type=module", "-e", script], { cwd: packageRoot, encoding: "utf8", timeout: 120_000 });
  assert.equal(child.status, 0, child.stderr);
  return JSON.parse(child.stdout) as { resolved: string[]; pdfs: Record<string, string> };
}

test("the bundled @docsvc/pdf renders byte-identical PDFs to dist/src", () => {
  const bundled = renderAll([]);
  const unbundled = renderAll(["docsvc-unbundled"]);
  assert.match(bundled.resolved[0]!, /\/dist\/bundle\/index\.js$/);
  assert.match(unbundled.resolved[0]!, /\/dist\/src\/index\.js$/);
  assert.equal(Object.keys(bundled.pdfs).length, templates.length + 2);
  for (const [name, pdf] of Object.entries(unbundled.pdfs)) {
    assert.ok(Number(pdf.split(" ")[1]) > 1500, `${name}: a real PDF (${pdf})`);
    assert.equal(bundled.pdfs[name], pdf, `${name}: bundled and unbundled PDFs differ`);
  }
});
