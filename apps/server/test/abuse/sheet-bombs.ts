// Hostile spreadsheets built in the test: a minimal XLSX package whose worksheet and shared strings are
// streamed into the zip (so a 300,000-row sheet never sits whole in the test's memory).
import JSZip from "jszip";
import { Readable } from "node:stream";

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** Builds an XLSX from generators of the sheet's rows XML and (optionally) the shared strings XML. */
export async function xlsx(rows: () => Iterable<string>, sharedStrings?: () => Iterable<string>): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file("[Content_Types].xml", `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>`);
  zip.file("_rels/.rels", `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`);
  zip.file("xl/workbook.xml", `<?xml version="1.0"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Rows" sheetId="1" r:id="rId1"/></sheets></workbook>`);
  const shared = sharedStrings ? `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : "";
  zip.file("xl/_rels/workbook.xml.rels", `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>${shared}</Relationships>`);
  const sheet = function* (): Generator<string> {
    yield `<?xml version="1.0"?><worksheet xmlns="${MAIN}"><sheetData>`;
    yield* rows();
    yield "</sheetData></worksheet>";
  };
  zip.file("xl/worksheets/sheet1.xml", Readable.from(sheet()));
  if (sharedStrings) {
    const sst = function* (): Generator<string> {
      yield `<?xml version="1.0"?><sst xmlns="${MAIN}">`;
      yield* sharedStrings();
      yield "</sst>";
    };
    zip.file("xl/sharedStrings.xml", Readable.from(sst()));
  }
  return zip.generateAsync({ type: "uint8array", compression: "DEFLATE", streamFiles: true });
}

/** `<row>` XML for rows 1…count: a header, then a name, an amount and an inline string per row. */
export function* manyRows(count: number, batch = 1000): Generator<string> {
  yield `<row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c><c r="B1" t="inlineStr"><is><t>amount</t></is></c></row>`;
  for (let start = 2; start <= count; start += batch) {
    let chunk = "";
    for (let r = start; r < start + batch && r <= count; r++) chunk += `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>n${r}</t></is></c><c r="B${r}"><v>${r * 1.5}</v></c></row>`;
    yield chunk;
  }
}

/** Shared strings XML of `count` one-letter entries, in 1 MB pieces (a few hundred KB once deflated). */
export function* sharedStringBomb(count: number): Generator<string> {
  const entry = "<si><t>x</t></si>";
  const perPiece = Math.floor(2 ** 20 / entry.length);
  for (let done = 0; done < count; done += perPiece) yield entry.repeat(Math.min(perPiece, count - done));
}
