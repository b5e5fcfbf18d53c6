// Right-to-left and bilingual documents: the catalog says the language and the reading direction, and the
// Arabic invoice (ar-SA, Arabic-Indic digits) and a bilingual English/Arabic invoice match their goldens.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { PDFDict, PDFDocument, PDFName, PDFString } from "pdf-lib";
import type { TemplateDocument } from "@docsvc/layout";
import { renderPdf } from "../../src/index.js";
import { compareWithGolden } from "../support/golden.js";
import { rasterise, textItems } from "../support/pdfjs.js";
import { goldenDir } from "../support/paths.js";
import { FIXED_NOW, fixtureText } from "./fixtures.js";

async function arabicInvoice(): Promise<{ template: TemplateDocument; data: unknown }> {
  const template = JSON.parse(await fixtureText("render/invoice-arabic.template.json")) as TemplateDocument;
  const data = JSON.parse(await fixtureText("render/invoice-arabic.data.json")) as Record<string, unknown>;
  return { template: { ...template, locale: "ar-SA", digits: "arab" }, data };
}

test("the catalog carries /Lang from the locale and /ViewerPreferences /Direction /R2L for right-to-left documents", async () => {
  const { template, data } = await arabicInvoice();
  const catalog = (await PDFDocument.load(await renderPdf(template, data, { now: FIXED_NOW }))).catalog;
  assert.equal(catalog.lookup(PDFName.of("Lang"), PDFString).decodeText(), "ar-SA");
  const prefs = catalog.lookup(PDFName.of("ViewerPreferences"), PDFDict);
  assert.equal(prefs.get(PDFName.of("Direction")), PDFName.of("R2L"));

  const ltr: TemplateDocument = { version: 4, pageSize: { id: "a6" }, schema: [],
    bands: [{ id: "b", kind: "report-header", height: 20, elements: [{ id: "t", type: "text", x: 0, y: 0, width: 100, height: 12, text: "x" }] }] };
  const plain = (await PDFDocument.load(await renderPdf(ltr, {}, { now: FIXED_NOW }))).catalog;
  assert.equal(plain.get(PDFName.of("Lang")), undefined, "no locale, no /Lang");
  // Tagged: /DisplayDocTitle, and no reading direction for a left-to-right document.
  assert.equal(plain.lookup(PDFName.of("ViewerPreferences"), PDFDict).get(PDFName.of("Direction")), undefined);
});

test("the Arabic invoice (ar-SA, Arabic-Indic digits) matches its golden page and prints its total in Arabic digits", async () => {
  const { template, data } = await arabicInvoice();
  const pdf = await renderPdf(template, data, { now: FIXED_NOW });
  await compareWithGolden("invoice-arabic-ar-sa", await rasterise(pdf, { scale: 1.5 }), { dir: join(goldenDir, "render") });
  const text = (await textItems(pdf))[0]!.map((item) => item.str).join(" ");
  assert.ok(text.includes("١٬٣٧٥٫٥٠"), "the total 1375.5 as ١٬٣٧٥٫٥٠");
});

test("a bilingual invoice (English left, Arabic right, values isolated) matches its golden page", async () => {
  const label = (id: string, x: number, y: number, text: string, extra: Record<string, unknown> = {}) =>
    ({ id, type: "text" as const, x, y, width: 250, height: 16, text, fontSize: 10, ...extra });
  const template: TemplateDocument = {
    version: 4, pageSize: { id: "a5" }, locale: "en-US", schema: [],
    fonts: { body: "Noto Sans" },
    bands: [
      { id: "head", kind: "report-header", height: 96, elements: [
        label("t-en", 0, 0, "INVOICE", { fontSize: 18, fontWeight: 700 }),
        label("t-ar", 121, 0, "فاتورة", { fontSize: 18, fontWeight: 700, direction: "rtl" }),
        label("n-en", 0, 32, "Invoice No.: {{ number }}"),
        label("n-ar", 121, 32, "رقم الفاتورة: {{ number }}", { direction: "rtl" }),
        label("c-en", 0, 50, "Customer: {{ customer }}"),
        label("c-ar", 121, 50, "العميل: {{ customer }}", { direction: "rtl" }),
        label("p-en", 0, 68, "Phone: {{ phone }}"),
        label("p-ar", 121, 68, "هاتف: {{ phone }}", { direction: "rtl" }),
      ] },
      { id: "lines", kind: "report-header", height: 80, elements: [
        { id: "table", type: "table", x: 0, y: 0, width: 371, height: 60, bindingField: "items", fontSize: 9, direction: "auto",
          headerBg: "#1f2937", headerColor: "#ffffff", stripeBg: "#f3f4f6",
          columns: [
            { key: "description", header: "Description / الوصف", width: 231 },
            { key: "qty", header: "Qty / الكمية", width: 60, align: "right" },
            { key: "amount", header: "Amount / المبلغ", width: 80, align: "decimal", format: "number:\"#,##0.00\"" },
          ] },
      ] },
      { id: "total", kind: "report-footer", height: 30, elements: [
        label("tot-en", 0, 0, "Total {{ total | number:\"#,##0.00\" }} SAR", { fontWeight: 700 }),
        label("tot-ar", 121, 0, "الإجمالي {{ total | number:\"#,##0.00\" }} ر.س", { fontWeight: 700, direction: "rtl" }),
      ] },
    ],
  };
  const data = {
    number: "INV-2026-0042", customer: "شركة النور (Al Noor Trading)", phone: "+966 11 234 5678", total: 1210.5,
    items: [
      { description: "Consulting / استشارات", qty: 5, amount: 1000 },
      { description: "تصميم الشعار (logo)", qty: 1, amount: 250.5 },
      { description: "Discount / خصم", qty: 1, amount: -40 },
    ],
  };
  const pdf = await renderPdf(template, data, { now: FIXED_NOW });
  await compareWithGolden("invoice-bilingual", await rasterise(pdf, { scale: 1.5 }), { dir: join(goldenDir, "render") });
  const text = (await textItems(pdf))[0]!.map((item) => item.str).join(" ");
  assert.ok(text.includes("+966 11 234 5678"), "the phone number's groups stay in order");
});
