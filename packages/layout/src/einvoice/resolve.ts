// Mapping + data → the invoice's values: each business term read from its data path (or constant), typed
// (text, decimal, date), before any arithmetic. Paths use the token path syntax (../tokens/path.ts).
import { hasOwn, parsePath, walkPath } from "../tokens/path.js";
import { toDecimal, shiftDecimal, type Decimal } from "../tokens/decimal.js";
import { EinvoiceError } from "./error.js";
import { LayoutLimitError, MAX_ROWS } from "../flow/budget.js";
import { BREAKDOWN_TERMS, type EinvoiceMapping, type HeaderTerm, type LineTerm, type MappingSource } from "./types.js";

/** A seller or buyer as the mapping gives it. */
export interface PartyValues {
  readonly name?: string;
  readonly legalId?: string;
  readonly vatId?: string;
  readonly email?: string;
  readonly line1?: string;
  readonly line2?: string;
  readonly city?: string;
  readonly postcode?: string;
  readonly subdivision?: string;
  readonly country?: string;
  /** BT-56 (buyer contact point) or BT-41 (seller contact point). */
  readonly contact?: string;
  readonly phone?: string;
  readonly contactEmail?: string;
}

export interface LineValues {
  /** 1-based position in the rows array (for messages). */
  readonly position: number;
  readonly id?: string;
  readonly note?: string;
  readonly quantity?: Decimal;
  readonly unit?: string;
  readonly netAmount?: Decimal;
  readonly price?: Decimal;
  readonly category?: string;
  readonly rate?: Decimal;
  readonly name?: string;
  readonly description?: string;
  readonly sellerId?: string;
}

export interface InvoiceValues {
  readonly number?: string;
  readonly issueDate?: string;
  readonly typeCode?: string;
  readonly currency?: string;
  readonly dueDate?: string;
  readonly buyerReference?: string;
  readonly paymentTerms?: string;
  readonly note?: string;
  readonly seller: PartyValues;
  readonly buyer: PartyValues;
  readonly paymentMeans?: string;
  readonly remittance?: string;
  readonly iban?: string;
  /** Totals as the document prints them (each optional; the builder computes what is not mapped). */
  readonly printed: { readonly lineTotal?: Decimal; readonly taxBasis?: Decimal; readonly taxTotal?: Decimal; readonly grandTotal?: Decimal; readonly paid?: Decimal; readonly due?: Decimal };
  /** Undefined when the mapping has no BG-25 (MINIMUM and BASIC WL need none). */
  readonly lines?: readonly LineValues[];
  /** The VAT breakdown the document prints (BG-23), when mapped. */
  readonly printedBreakdown?: readonly PrintedBreakdown[];
}

export interface PrintedBreakdown {
  readonly position: number;
  readonly basis?: Decimal;
  readonly tax?: Decimal;
  readonly category?: string;
  readonly rate?: Decimal;
}

/** Reads every mapped business term from the data. */
export function resolveInvoice(mapping: EinvoiceMapping, data: unknown, maxLines = MAX_ROWS): InvoiceValues {
  const h = (term: HeaderTerm): unknown => read(mapping[term], data, undefined);
  const text = (term: HeaderTerm): string | undefined => asText(h(term));
  const num = (term: HeaderTerm): Decimal | undefined => asDecimal(h(term), term, mapping[term]);
  const date = (term: HeaderTerm): string | undefined => asDate(h(term), term);
  const lines = mapping["BG-25"];
  return {
    number: text("BT-1"),
    issueDate: date("BT-2"),
    typeCode: text("BT-3"),
    currency: text("BT-5")?.toUpperCase(),
    dueDate: date("BT-9"),
    buyerReference: text("BT-10"),
    paymentTerms: text("BT-20"),
    note: text("BT-22"),
    seller: prune({
      name: text("BT-27"), legalId: text("BT-30"), vatId: compact(text("BT-31")), email: text("BT-34"),
      line1: text("BT-35"), line2: text("BT-36"), city: text("BT-37"), postcode: text("BT-38"), subdivision: text("BT-39"), country: text("BT-40")?.toUpperCase(),
      contact: text("BT-41"), phone: text("BT-42"), contactEmail: text("BT-43"),
    }),
    buyer: prune({
      name: text("BT-44"), legalId: text("BT-47"), vatId: compact(text("BT-48")), email: text("BT-49"),
      line1: text("BT-50"), line2: text("BT-51"), city: text("BT-52"), postcode: text("BT-53"), subdivision: text("BT-54"), country: text("BT-55")?.toUpperCase(),
      contact: text("BT-56"),
    }),
    paymentMeans: text("BT-81"),
    remittance: text("BT-83"),
    iban: compact(text("BT-84")),
    printed: prune({ lineTotal: num("BT-106"), taxBasis: num("BT-109"), taxTotal: num("BT-110"), grandTotal: num("BT-112"), paid: num("BT-113"), due: num("BT-115") }),
    ...(lines !== undefined ? { lines: resolveLines(lines, data, maxLines) } : {}),
    ...(mapping["BG-23"] !== undefined ? { printedBreakdown: resolveBreakdown(mapping["BG-23"], data, maxLines) } : {}),
  };
}

function resolveBreakdown(mapping: NonNullable<EinvoiceMapping["BG-23"]>, data: unknown, maxRows: number): PrintedBreakdown[] {
  const rows = read(mapping.rows, data, undefined);
  if (!Array.isArray(rows)) throw new EinvoiceError("BR-CO-18", `the VAT breakdown's rows path '${mapping.rows}' is not an array in the data`, "BG-23");
  if (rows.length > maxRows) throw new LayoutLimitError(`The e-invoice's VAT breakdown has more than ${maxRows.toLocaleString("en-US")} entries.`);
  return rows.map((row: unknown, i) => {
    const scope = { row, index: i };
    const get = (term: (typeof BREAKDOWN_TERMS)[number]): unknown => read(mapping[term], data, scope);
    const num = (term: (typeof BREAKDOWN_TERMS)[number]): Decimal | undefined => asDecimal(get(term), `${term} of VAT breakdown ${i + 1}`, mapping[term]);
    return prune({ position: i + 1, basis: num("BT-116"), tax: num("BT-117"), category: asText(get("BT-118"))?.toUpperCase(), rate: num("BT-119") }) as PrintedBreakdown;
  });
}

function resolveLines(mapping: NonNullable<EinvoiceMapping["BG-25"]>, data: unknown, maxLines: number): LineValues[] {
  const rows = read(mapping.rows, data, undefined);
  if (!Array.isArray(rows)) throw new EinvoiceError("BR-16", `the lines' rows path '${mapping.rows}' is not an array in the data`, "BG-25");
  // Bounded like the table rows the same data prints (the layout's row cap, RENDER_MAX_INSTANCES on the server).
  if (rows.length > maxLines) throw new LayoutLimitError(`The e-invoice has more than ${maxLines.toLocaleString("en-US")} lines (${rows.length.toLocaleString("en-US")}).`);
  return rows.map((row: unknown, i) => {
    const scope = { row, index: i };
    const get = (term: LineTerm): unknown => read(mapping[term], data, scope);
    const text = (term: LineTerm): string | undefined => asText(get(term));
    const num = (term: LineTerm): Decimal | undefined => asDecimal(get(term), `${term} of line ${i + 1}`, mapping[term]);
    return prune({
      position: i + 1,
      id: text("BT-126"), note: text("BT-127"), quantity: num("BT-129"), unit: text("BT-130")?.toUpperCase(),
      netAmount: num("BT-131"), price: num("BT-146"), category: text("BT-151")?.toUpperCase(), rate: num("BT-152"),
      name: text("BT-153"), description: text("BT-154"), sellerId: text("BT-155"),
    }) as LineValues;
  });
}

interface Scope {
  readonly row: unknown;
  readonly index: number;
}

function read(source: MappingSource | undefined, data: unknown, scope: Scope | undefined): unknown {
  if (source === undefined) return undefined;
  if (typeof source === "object" && "value" in source) return source.value;
  const path = typeof source === "string" ? source : source.path;
  const segments = parsePath(path.replace(/\s+/g, ""));
  if (!segments) return undefined;
  const [head, ...rest] = segments;
  if (head === "$index") return scope ? scope.index + 1 : undefined;
  if (head === "$root") return walkPath(data, rest);
  if (head === "$row") return walkPath(scope?.row, rest);
  // As in templates: a line's path looks in its row first, then the data root.
  if (scope && hasOwn(scope.row, head!)) return walkPath(scope.row, segments);
  return walkPath(data, segments);
}

function asText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const text = typeof value === "string" ? value.trim() : typeof value === "number" || typeof value === "boolean" ? String(value) : undefined;
  return text === "" ? undefined : text;
}

function asDecimal(value: unknown, term: string, source: MappingSource | undefined): Decimal | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const d = toDecimal(typeof value === "string" ? value.trim() : value);
  if (d === undefined) throw new EinvoiceError(term.split(" ")[0]!, `${term} must be a number; the data holds ${JSON.stringify(value)}`, term.split(" ")[0]);
  return typeof source === "object" && "fraction" in source && source.fraction === true ? shiftDecimal(d, 2) : d;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

/** An ISO date (a date-time keeps its date part) as CII's format 102, `YYYYMMDD`. */
function asDate(value: unknown, term: string): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const m = typeof value === "string" ? ISO_DATE.exec(value.trim()) : null;
  if (!m) throw new EinvoiceError(term, `${term} must be an ISO date (YYYY-MM-DD); the data holds ${JSON.stringify(value)}`, term);
  const [, y, mo, d] = m;
  const check = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d)) throw new EinvoiceError(term, `${term} is not a calendar date: ${value}`, term);
  return `${y}${mo}${d}`;
}

/** VAT ids and IBANs are written without the spaces people print them with (`DE 123 456 789` → `DE123456789`). */
function compact(text: string | undefined): string | undefined {
  return text?.replace(/\s+/g, "");
}

function prune<T extends object>(values: T): T {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as T;
}
