// The header row of XLSX files built here with jszip: shared, inline and rich-text strings, a prefixed
// namespace, and files that cannot be read.
import JSZip from "jszip";
import { describe, expect, test } from "vitest";
import { missingColumns } from "../../src/pages/templates/batch-columns";
import { MAX_PART_BYTES, readXlsxHeader } from "../../src/pages/templates/xlsx-header";

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

interface Parts {
  readonly rows: string;
  readonly shared?: readonly string[];
  readonly sheetTarget?: string;
  readonly sheetPath?: string;
  readonly sheetXml?: string;
}

async function xlsx({ rows, shared, sheetTarget = "worksheets/sheet1.xml", sheetPath = "xl/worksheets/sheet1.xml", sheetXml }: Parts): Promise<Blob> {
  const zip = new JSZip();
  zip.file("xl/workbook.xml", `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Rows" sheetId="1" r:id="rId7"/><sheet name="Other" sheetId="2" r:id="rId8"/></sheets></workbook>`);
  zip.file("xl/_rels/workbook.xml.rels", `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId8" Type="${REL}/worksheet" Target="worksheets/other.xml"/><Relationship Id="rId7" Type="${REL}/worksheet" Target="${sheetTarget}"/></Relationships>`);
  zip.file("xl/worksheets/other.xml", `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>wrong</t></is></c></row></sheetData></worksheet>`);
  if (shared) zip.file("xl/sharedStrings.xml", `<sst xmlns="${MAIN}" count="${shared.length}">${shared.join("")}</sst>`);
  zip.file(sheetPath, sheetXml ?? `<?xml version="1.0"?><worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`);
  return new Blob([await zip.generateAsync({ type: "arraybuffer", compression: "DEFLATE" })]);
}

describe("readXlsxHeader", () => {
  test("reads shared strings, rich-text runs and plain values from the first sheet's first row", async () => {
    const file = await xlsx({
      shared: ["<si><t>name</t></si>", "<si><t>unused</t></si>", '<si><r><rPr><b/></rPr><t>cust</t></r><r><t xml:space="preserve">omer.city</t></r><rPh><t>ふりがな</t></rPh></si>'],
      rows: '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>2</v></c><c r="C1"><v>2024</v></c><c r="D1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>Ada</t></is></c></row>',
    });
    const header = await readXlsxHeader(file);
    expect(header).toEqual(["name", "customer.city", "2024", "unused"]);
    expect(missingColumns(["name", "number", "customer.city", "total"], header!)).toEqual(["number", "total"]);
  });

  test("reads inline strings (plain and rich), skips empty leading rows and cells, follows an absolute target", async () => {
    const file = await xlsx({
      sheetTarget: "/xl/sheets/data.xml",
      sheetPath: "xl/sheets/data.xml",
      rows: '<row r="1"/><row r="2"><c r="A2"/></row><row r="3"><c r="A3" t="inlineStr"><is><t> number </t></is></c><c r="B3" t="inlineStr"><is><r><t>to</t></r><r><t>tal</t></r></is></c><c r="C3" t="inlineStr"><is><t></t></is></c></row>',
    });
    expect(await readXlsxHeader(file)).toEqual(["number", "total"]);
  });

  test("reads a sheet written with a namespace prefix and no shared strings part", async () => {
    const file = await xlsx({
      rows: "",
      sheetXml: `<x:worksheet xmlns:x="${MAIN}"><x:sheetData><x:row r="1"><x:c t="inlineStr"><x:is><x:t>name</x:t></x:is></x:c><x:c t="str"><x:v>date</x:v></x:c></x:row></x:sheetData></x:worksheet>`,
    });
    expect(await readXlsxHeader(file)).toEqual(["name", "date"]);
  });

  test("stops reading the sheet at the header: a broken later row does not matter", async () => {
    const file = await xlsx({ rows: '<row r="1"><c t="inlineStr"><is><t>name</t></is></c></row><row r="2"><c><v>1</v></broken>' });
    expect(await readXlsxHeader(file)).toEqual(["name"]);
  });

  test("a broken file cannot be read, without throwing", async () => {
    expect(await readXlsxHeader(new Blob(["name,number\nAda,1\n"]))).toBeNull();
    // Cut in the middle: not a zip any more.
    const zip = new JSZip().file("xl/workbook.xml", "<workbook/>");
    const bytes = await zip.generateAsync({ type: "arraybuffer" });
    expect(await readXlsxHeader(new Blob([bytes.slice(0, bytes.byteLength / 2)]))).toBeNull();
    // A shared string index that the (missing) shared strings part cannot answer.
    expect(await readXlsxHeader(await xlsx({ rows: '<row r="1"><c t="s"><v>0</v></c></row>' }))).toBeNull();
    expect(await readXlsxHeader(await xlsx({ shared: ["<si><t>a</t></si>"], rows: '<row r="1"><c t="s"><v>3</v></c></row>' }))).toBeNull();
    // A first row that is not well-formed XML.
    expect(await readXlsxHeader(await xlsx({ rows: '<row r="1"><c t="inlineStr"><is><t>a</is></c></row>' }))).toBeNull();
    // No rows at all.
    expect(await readXlsxHeader(await xlsx({ rows: "" }))).toBeNull();
  });

  test("refuses to inflate a part beyond the cap", async () => {
    // Compresses to a few KB, inflates past the cap before any row ends.
    const padded = (n: number) =>
      xlsx({ rows: "", sheetXml: `<worksheet xmlns="${MAIN}"><sheetPr><tabColor rgb="${"F".repeat(n)}"/></sheetPr><sheetData><row r="1"><c t="inlineStr"><is><t>name</t></is></c></row></sheetData></worksheet>` });
    const over = await padded(MAX_PART_BYTES + 1024);
    expect(over.size).toBeLessThan(100_000);
    expect(await readXlsxHeader(over)).toBeNull();
    // The same just under the cap is read.
    expect(await readXlsxHeader(await padded(MAX_PART_BYTES - 1024))).toEqual(["name"]);
    // Deflating and inflating two parts of the cap's size takes about a second on a quiet core; Vitest's default
    // 5 s is too tight when the machine is shared, so the budget is generous.
  }, 30_000);
});
