// Prints the shared HTML invoice (fixtures/invoice.html with invoice-20/-500 data) with headless Chromium and
// reports its page counts: the constants CHROMIUM_PAGES in packages/pdf/test/html/invoice.test.ts come from
// this script. Never run by the tests (no browser in CI); run by hand after building:
//   node scripts/chromium-page-count.mjs [path/to/chromium]
// Chromium cannot read {{tokens}} or data-each, so the template is first expanded with our own expandTemplate
// and serialised as static HTML (its <style> texts with tokens resolved). Fonts: the designer fonts directory
// is handed to Chromium through fontconfig, so "Inter" is the same Inter our renderer uses. Nothing is fetched:
// the logo is a data: URL and every other request is aborted.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "./bench-lib.mjs";
import { chromiumPrinter, FONTS_DIR } from "./chromium-print.mjs";

const layoutDist = join(root, "packages/layout/dist/src");
const { parseHtml } = await import(join(layoutDist, "html/parse.js"));
const { expandTemplate } = await import(join(layoutDist, "html/expand.js"));
const { resolveText } = await import(join(layoutDist, "tokens/resolve.js"));
const { DiagnosticSink } = await import(join(layoutDist, "diagnostics.js"));

const VOID = new Set(["area", "br", "col", "embed", "hr", "img", "input", "meta", "source", "wbr"]);
const escapeText = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttr = (s) => escapeText(s).replace(/"/g, "&quot;");

function serialise(node) {
  if (node.kind === "text") return escapeText(node.text);
  if (node.svg !== undefined) return node.svg;
  const attrs = [...node.attrs].filter(([name]) => name !== "data-each" && name !== "data-if").map(([n, v]) => ` ${n}="${escapeAttr(v)}"`).join("");
  if (VOID.has(node.tag)) return `<${node.tag}${attrs}>`;
  return `<${node.tag}${attrs}>${node.children.map(serialise).join("")}</${node.tag}>`;
}

/** The invoice with `data` applied, as static HTML a browser prints. */
function staticInvoice(data) {
  const sink = new DiagnosticSink();
  const parsed = parseHtml(readFileSync(join(root, "fixtures/invoice.html"), "utf8"), sink);
  const tokens = { root: data, locale: parsed.root.attrs.get("lang") ?? "en-US", timezone: "UTC", now: new Date("2026-01-01T00:00:00Z") };
  const expanded = expandTemplate(parsed.root, tokens, sink);
  const css = parsed.styles.map((s) => resolveText(s, tokens)).join("\n");
  const body = serialise(expanded).replace(/^<html([^>]*)>/, `<html$1><head><meta charset="utf-8"><style>${css}</style></head>`);
  return `<!doctype html>\n${body}`;
}

const chromium = await chromiumPrinter({ fontsDir: FONTS_DIR });
const work = chromium.work;
try {
  console.log(`${chromium.version}, fonts from ${FONTS_DIR}`);
  for (const rows of [20, 500]) {
    const data = JSON.parse(readFileSync(join(root, `fixtures/invoice-${rows}.data.json`), "utf8"));
    const html = staticInvoice(data);
    writeFileSync(join(work, `invoice-${rows}.html`), html);
    const pdf = Buffer.from(await chromium.print(html));
    writeFileSync(join(work, `invoice-${rows}.pdf`), pdf);
    const pages = (pdf.toString("latin1").match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;
    console.log(`invoice-${rows}: ${pages} pages (${join(work, `invoice-${rows}.pdf`)})`);
  }
} finally {
  await chromium.close();
}
