// XLSX as streams: the package's relationships, the workbook (first worksheet, 1904 dates), the styles (which
// cells are dates), the shared strings, then the first worksheet's rows. Every part is inflated and parsed
// incrementally under one XML budget; shared strings count against the cell and text caps as they arrive
// (they are read before the sheet that uses them), and the sheet stops at the 2,001st data row.
import JSZip from "jszip";
import { posix } from "node:path";
import { unreadable } from "./limits.js";
import type { Cell, TableCollector } from "./table.js";
import { XmlBudget, localName, readPart } from "./xml-part.js";

type Attributes = Readonly<Record<string, string>>;

interface Relationship {
  readonly type: string;
  readonly id: string;
  readonly target: string;
}

// Number formats Excel builds in that show dates or times.
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);
// Days between 1899-12-30 (Excel's day 0 in the 1900 system) and 1970-01-01.
const UNIX_EPOCH_DAYS = 25569;
const DAYS_1904 = 1462;
// Excel's last column (XFD): a row is never longer, so a row's cells are bounded before the row is counted.
const MAX_COLUMNS = 16_384;

const attrs = (tag: { attributes: unknown }): Attributes => tag.attributes as Attributes;
const prefixedId = (a: Attributes): string | undefined => Object.entries(a).find(([k]) => k.endsWith(":id"))?.[1];

/** A custom number format shows a date when it has date or time letters outside quotes and brackets. */
function isDateFormat(code: string): boolean {
  return /[ymdhs]/i.test(code.replace(/\[[^\]]*]/g, "").replace(/"[^"]*"/g, "").replace(/\\./g, ""));
}

/** The zero-based column of a cell reference such as `AB12`, or undefined without one. */
function columnOf(ref: string | undefined): number | undefined {
  const letters = ref === undefined ? null : /^[A-Z]+/i.exec(ref);
  if (letters === null) return undefined;
  let n = 0;
  for (const ch of letters[0].toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

function resolve(fromPart: string, target: string): string {
  return target.startsWith("/") ? target.slice(1) : posix.normalize(posix.join(posix.dirname(fromPart), target));
}

function relsPath(part: string): string {
  return posix.join(posix.dirname(part), "_rels", `${posix.basename(part)}.rels`);
}

async function relationships(zip: JSZip, part: string, budget: XmlBudget): Promise<Relationship[]> {
  const out: Relationship[] = [];
  await readPart(zip, relsPath(part), budget, (p) =>
    p.on("opentag", (tag) => {
      const a = attrs(tag);
      if (localName(tag.name) === "Relationship" && a["Target"] !== undefined && a["TargetMode"] !== "External") {
        out.push({ type: a["Type"] ?? "", id: a["Id"] ?? "", target: resolve(part, a["Target"]) });
      }
    }),
  );
  return out;
}

const ofType = (rels: readonly Relationship[], kind: string): Relationship | undefined => rels.find((r) => r.type.endsWith(`/${kind}`));

async function workbookInfo(zip: JSZip, part: string, budget: XmlBudget): Promise<{ sheetRelId: string | undefined; date1904: boolean }> {
  let sheetRelId: string | undefined;
  let date1904 = false;
  await readPart(zip, part, budget, (p, stop) =>
    p.on("opentag", (tag) => {
      const a = attrs(tag);
      const name = localName(tag.name);
      if (name === "workbookPr") date1904 = a["date1904"] === "1" || a["date1904"] === "true";
      // The rest of a parsed chunk still arrives after stop(): only the first sheet counts.
      if (name === "sheet" && sheetRelId === undefined) {
        sheetRelId = prefixedId(a);
        stop();
      }
    }),
  );
  return { sheetRelId, date1904 };
}

/** The indexes of the cell styles (`s="…"`) that show dates. */
async function dateStyles(zip: JSZip, part: string | undefined, budget: XmlBudget): Promise<Set<number>> {
  const custom = new Map<number, boolean>();
  const styles = new Set<number>();
  if (part === undefined) return styles;
  let inCellXfs = false;
  let index = 0;
  await readPart(zip, part, budget, (p, stop) => {
    p.on("opentag", (tag) => {
      const a = attrs(tag);
      const name = localName(tag.name);
      if (name === "numFmt") custom.set(Number(a["numFmtId"]), isDateFormat(a["formatCode"] ?? ""));
      else if (name === "cellXfs") inCellXfs = true;
      else if (name === "xf" && inCellXfs) {
        const id = Number(a["numFmtId"] ?? 0);
        if (custom.get(id) ?? BUILT_IN_DATE_FORMATS.has(id)) styles.add(index);
        index += 1;
      }
    });
    p.on("closetag", (tag) => {
      if (localName(tag.name) !== "cellXfs") return;
      inCellXfs = false;
      stop();
    });
  });
  return styles;
}

/** The shared strings, counted against the caps as they arrive. */
async function sharedStrings(zip: JSZip, part: string | undefined, budget: XmlBudget, table: TableCollector): Promise<string[]> {
  const strings: string[] = [];
  if (part === undefined) return strings;
  let current: string[] | undefined;
  let inText = false;
  let phonetic = 0;
  await readPart(zip, part, budget, (p) => {
    p.on("opentag", (tag) => {
      const name = localName(tag.name);
      if (name === "si") current = [];
      else if (name === "rPh") phonetic += 1;
      else if (name === "t" && phonetic === 0) inText = true;
    });
    p.on("text", (text) => {
      if (inText && current !== undefined) {
        table.countText(text.length);
        current.push(text);
      }
    });
    p.on("closetag", (tag) => {
      const name = localName(tag.name);
      if (name === "t") inText = false;
      else if (name === "rPh") phonetic -= 1;
      else if (name === "si" && current !== undefined) {
        table.countCells(1);
        strings.push(current.join(""));
        current = undefined;
      }
    });
  });
  return strings;
}

interface SheetContext {
  readonly strings: readonly string[];
  readonly dates: ReadonlySet<number>;
  readonly date1904: boolean;
}

function cellValue(type: string, style: number, text: string | undefined, ctx: SheetContext): Cell {
  if (text === undefined) return null;
  switch (type) {
    case "s":
      return ctx.strings[Number(text)] ?? null;
    case "b":
      return text === "1" || text === "true";
    case "e":
      return null;
    case "str":
    case "inlineStr":
      return text;
    case "d": {
      const date = new Date(text);
      return Number.isNaN(date.getTime()) ? text : date.toISOString();
    }
    default: {
      const n = Number(text);
      if (text.trim() === "" || Number.isNaN(n)) return text;
      if (!ctx.dates.has(style)) return n;
      const days = n + (ctx.date1904 ? DAYS_1904 : 0) - UNIX_EPOCH_DAYS;
      return new Date(Math.round(days * 86_400_000)).toISOString();
    }
  }
}

/** Streams the worksheet's rows into the collector; stops at the end of its data or at a cap. */
function sheetRows(zip: JSZip, part: string, budget: XmlBudget, table: TableCollector, ctx: SheetContext): Promise<void> {
  let row: Cell[] = [];
  let rowNumber = 0;
  let column = -1;
  let cell: { type: string; style: number; text: string | undefined } | undefined;
  let capture = false;
  return readPart(zip, part, budget, (p, stop) => {
    p.on("opentag", (tag) => {
      const a = attrs(tag);
      const name = localName(tag.name);
      if (name === "row") {
        const r = Number(a["r"] ?? rowNumber + 1);
        // The header is row 1: a sheet starting lower has no column names.
        if (rowNumber === 0 && r !== 1) table.add([]);
        rowNumber = r;
        row = [];
        column = -1;
      } else if (name === "c") {
        column = columnOf(a["r"]) ?? column + 1;
        if (column >= MAX_COLUMNS) throw unreadable(`The worksheet has a cell beyond column XFD (${MAX_COLUMNS}), the last one Excel allows.`);
        cell = { type: a["t"] ?? "n", style: Number(a["s"] ?? 0), text: undefined };
      } else if ((name === "v" || name === "t") && cell !== undefined) {
        capture = true;
        cell.text ??= "";
      }
    });
    p.on("text", (text) => {
      if (!capture || cell === undefined) return;
      table.countText(text.length);
      cell.text += text;
    });
    p.on("closetag", (tag) => {
      const name = localName(tag.name);
      if (name === "v" || name === "t") capture = false;
      else if (name === "c" && cell !== undefined) {
        row[column] = cellValue(cell.type, cell.style, cell.text, ctx);
        cell = undefined;
      } else if (name === "row") table.add(row);
      else if (name === "sheetData") stop();
    });
  });
}

/** Reads the first worksheet of an XLSX workbook into `table`. */
export async function readXlsx(bytes: Uint8Array, table: TableCollector): Promise<void> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    throw unreadable("The XLSX file could not be read.");
  }
  const budget = new XmlBudget(table.caps.xmlChars);
  const workbookPart = ofType(await relationships(zip, "", budget), "officeDocument")?.target ?? "xl/workbook.xml";
  const rels = await relationships(zip, workbookPart, budget);
  const { sheetRelId, date1904 } = await workbookInfo(zip, workbookPart, budget);
  const sheet = rels.find((r) => r.id === sheetRelId && r.type.endsWith("/worksheet"));
  if (sheet === undefined) throw unreadable("The workbook has no worksheet.");
  const dates = await dateStyles(zip, ofType(rels, "styles")?.target, budget);
  const strings = await sharedStrings(zip, ofType(rels, "sharedStrings")?.target, budget, table);
  await sheetRows(zip, sheet.target, budget, table, { strings, dates, date1904 });
}
