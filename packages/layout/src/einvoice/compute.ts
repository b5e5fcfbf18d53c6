// The arithmetic and the EN 16931 rules the builder enforces: lines → VAT breakdown → document totals, every
// amount exact (./money.ts), each printed total the mapping names checked against the computed one. A mismatch
// is an EinvoiceError naming the rule, so an invoice whose XML would disagree with its own print is never made.
import { decimalToString, type Decimal } from "../tokens/decimal.js";
import { CURRENCY_CODES, PAYMENT_MEANS, TYPE_CODES, UNIT_CODES, VAT_CATEGORIES } from "./codes.js";
import { EinvoiceError } from "./error.js";
import { add, compare, money, multiply, percentFactor, subtract, ZERO } from "./money.js";
import type { InvoiceValues, LineValues, PartyValues, PrintedBreakdown } from "./resolve.js";
import type { EinvoiceFormat, EinvoiceProfile } from "./types.js";

/** One line, complete: its net amount computed when the data has none. */
export interface InvoiceLine extends LineValues {
  readonly id: string;
  readonly quantity: Decimal;
  readonly unit: string;
  readonly netAmount: Decimal;
  readonly price: Decimal;
  readonly category: string;
  readonly name: string;
}

/** One VAT breakdown (BG-23) entry: a category and rate, the sum of its lines and the tax on it. */
export interface VatBreakdown {
  readonly category: string;
  readonly rate?: Decimal;
  readonly basis: Decimal;
  readonly tax: Decimal;
}

export interface Invoice extends Omit<InvoiceValues, "lines" | "printed"> {
  readonly number: string;
  readonly issueDate: string;
  readonly typeCode: string;
  readonly currency: string;
  readonly lines: readonly InvoiceLine[];
  readonly breakdown: readonly VatBreakdown[];
  readonly totals: { readonly lineTotal: Decimal; readonly taxBasis: Decimal; readonly taxTotal: Decimal; readonly grandTotal: Decimal; readonly paid?: Decimal; readonly due: Decimal };
}

/** Checks the values against the rules of the profile and computes what the XML carries. */
export function computeInvoice(values: InvoiceValues, format: EinvoiceFormat, profile: EinvoiceProfile): Invoice {
  const full = profile !== "minimum";
  const withLines = profile === "basic" || profile === "en16931" || profile === "extended";
  const number = need(values.number, "BR-02", "BT-1", "the invoice number");
  const issueDate = need(values.issueDate, "BR-03", "BT-2", "the issue date");
  // 380 (commercial invoice) unless mapped: what nearly every template is.
  const typeCode = values.typeCode ?? "380";
  if (!TYPE_CODES.has(typeCode)) throw new EinvoiceError("BR-CL-01", `invoice type code '${typeCode}' is not one of ${[...TYPE_CODES].join(", ")}`, "BT-3");
  const currency = need(values.currency, "BR-05", "BT-5", "the invoice currency code");
  if (!CURRENCY_CODES.has(currency)) throw new EinvoiceError("BR-CL-04", `currency '${currency}' is not an ISO 4217 code`, "BT-5");
  checkParty(values.seller, "seller", full);
  checkParty(values.buyer, "buyer", full);
  if (values.paymentMeans !== undefined && !PAYMENT_MEANS.has(values.paymentMeans)) {
    throw new EinvoiceError("BR-CL-16", `payment means code '${values.paymentMeans}' is not one of ${[...PAYMENT_MEANS].join(", ")}`, "BT-81");
  }
  if (format === "xrechnung") checkXrechnung(values);

  if (values.lines === undefined && profile !== "minimum") throw new EinvoiceError("BR-16", `the ${profile} profile needs the invoice lines: map BG-25`, "BG-25");
  const lines = (values.lines ?? []).map(completeLine);
  if (values.lines !== undefined && lines.length === 0 && withLines) throw new EinvoiceError("BR-16", "an invoice has at least one line; the rows are empty", "BG-25");

  const printed = values.printed;
  for (const [term, amount] of Object.entries(printed)) {
    if (amount !== undefined && amount.frac.length > 2) throw new EinvoiceError("BR-DEC-09", `${term === "lineTotal" ? "BT-106" : term} has more than 2 decimals: ${decimalToString(amount)}`);
  }
  let lineTotal: Decimal;
  let breakdown: VatBreakdown[];
  if (values.lines !== undefined) {
    lineTotal = lines.reduce((sum, line) => add(sum, line.netAmount), ZERO);
    if (printed.lineTotal !== undefined && compare(printed.lineTotal, lineTotal) !== 0) {
      throw mismatch("BR-CO-10", "BT-106", "the sum of invoice line net amounts (BT-106) must equal the sum of the lines' net amounts (BT-131)", printed.lineTotal, lineTotal);
    }
    breakdown = vatBreakdown(lines);
    if (values.printedBreakdown !== undefined) checkPrintedBreakdown(values.printedBreakdown, breakdown);
  } else {
    // MINIMUM without lines: the printed totals are all there is.
    lineTotal = need(printed.lineTotal ?? printed.taxBasis, "BR-13", "BT-109", "the total without VAT");
    const taxTotal = need(printed.taxTotal, "BR-CO-14", "BT-110", "the VAT total");
    breakdown = [{ category: "S", basis: lineTotal, tax: taxTotal }];
  }
  // No document-level allowances or charges are mapped (yet): BT-109 = BT-106 (BR-CO-13).
  const taxBasis = lineTotal;
  if (printed.taxBasis !== undefined && compare(printed.taxBasis, taxBasis) !== 0) {
    throw mismatch("BR-CO-13", "BT-109", "the invoice total without VAT (BT-109) must equal BT-106 − allowances + charges", printed.taxBasis, taxBasis);
  }
  const taxTotal = breakdown.reduce((sum, entry) => add(sum, entry.tax), ZERO);
  if (printed.taxTotal !== undefined && compare(printed.taxTotal, taxTotal) !== 0) {
    // With one breakdown entry the precise rule is that category's "tax = basis × rate" (BR-S-09, BR-Z-09 …).
    const only = breakdown.length === 1 ? breakdown[0] : undefined;
    const rule = only ? `BR-${only.category}-09` : "BR-CO-14";
    const what = only ? `the VAT amount (BT-110) must equal the taxable amount × the rate (${decimalToString(only.basis)} × ${decimalToString(only.rate ?? ZERO)} %, rounded)` : "the VAT total (BT-110) must equal the sum of the VAT breakdown amounts (BT-117)";
    throw mismatch(rule, "BT-110", what, printed.taxTotal, taxTotal);
  }
  const grandTotal = add(taxBasis, taxTotal);
  if (printed.grandTotal !== undefined && compare(printed.grandTotal, grandTotal) !== 0) {
    throw mismatch("BR-CO-15", "BT-112", "the invoice total with VAT (BT-112) must equal BT-109 + BT-110", printed.grandTotal, grandTotal);
  }
  const due = printed.paid !== undefined ? subtract(grandTotal, printed.paid) : grandTotal;
  if (printed.due !== undefined && compare(printed.due, due) !== 0) {
    throw mismatch("BR-CO-16", "BT-115", "the amount due (BT-115) must equal BT-112 − BT-113", printed.due, due);
  }
  if (full && breakdown.length === 0) throw new EinvoiceError("BR-CO-18", "an invoice has at least one VAT breakdown", "BG-23");
  if (breakdown.some((b) => b.category === "S") && values.seller.vatId === undefined) {
    throw new EinvoiceError("BR-S-02", "an invoice with standard-rated (S) lines needs the seller's VAT identifier (BT-31)", "BT-31");
  }

  const { lines: _lines, printed: _printed, printedBreakdown: _printedBreakdown, ...rest } = values;
  return {
    ...rest,
    number,
    issueDate,
    typeCode,
    currency,
    lines,
    breakdown,
    totals: { lineTotal, taxBasis, taxTotal, grandTotal, ...(printed.paid !== undefined ? { paid: printed.paid } : {}), due },
  };
}

function completeLine(line: LineValues): InvoiceLine {
  const at = `line ${line.position}`;
  const quantity = need(line.quantity, "BR-22", "BT-129", `the invoiced quantity of ${at}`);
  const unit = need(line.unit, "BR-23", "BT-130", `the unit of measure of ${at}`);
  if (!UNIT_CODES.has(unit)) throw new EinvoiceError("BR-CL-23", `unit code '${unit}' of ${at} is not a known UN/ECE Recommendation 20/21 code (docs/einvoicing.md lists them)`, "BT-130");
  const price = need(line.price, "BR-26", "BT-146", `the net price of ${at}`);
  if (price.negative) throw new EinvoiceError("BR-27", `the net price of ${at} must not be negative`, "BT-146");
  const name = need(line.name, "BR-25", "BT-153", `the item name of ${at}`);
  const category = need(line.category, "BR-CO-04", "BT-151", `the VAT category of ${at}`);
  if (!VAT_CATEGORIES.has(category)) throw new EinvoiceError("BR-CL-18", `VAT category '${category}' of ${at} is not one of ${[...VAT_CATEGORIES].join(", ")}`, "BT-151");
  if (category === "S" && (line.rate === undefined || line.rate.negative || line.rate.int === "" && line.rate.frac === "")) {
    throw new EinvoiceError("BR-S-05", `a standard-rated line has a VAT rate above zero; ${at} has ${line.rate ? decimalToString(line.rate) : "none"}`, "BT-152");
  }
  // Without a mapped net amount, quantity × price (rounded to cents) is the line's amount.
  const netAmount = line.netAmount ?? money(multiply(quantity, price));
  if (netAmount.frac.length > 2) throw new EinvoiceError("BR-DEC-23", `the net amount of ${at} has more than 2 decimals: ${decimalToString(netAmount)}`, "BT-131");
  return { ...line, id: line.id ?? String(line.position), quantity, unit, netAmount, price, category, name };
}

function vatBreakdown(lines: readonly InvoiceLine[]): VatBreakdown[] {
  const groups = new Map<string, { category: string; rate?: Decimal; basis: Decimal }>();
  for (const line of lines) {
    const rate = line.category === "O" ? undefined : (line.rate ?? ZERO);
    const key = `${line.category}|${rate ? decimalToString(rate) : ""}`;
    const group = groups.get(key) ?? { category: line.category, ...(rate ? { rate } : {}), basis: ZERO };
    groups.set(key, { ...group, basis: add(group.basis, line.netAmount) });
  }
  // BT-117 = BT-116 × BT-119 / 100, rounded to cents (BR-S-09 and its siblings; zero for the exempt categories).
  return [...groups.values()].map((g) => ({ ...g, tax: g.rate ? money(multiply(g.basis, percentFactor(g.rate))) : ZERO }));
}

// BR-S-08 / BR-S-09 (and their siblings per category): each printed breakdown entry is the computed one.
function checkPrintedBreakdown(printed: readonly PrintedBreakdown[], computed: readonly VatBreakdown[]): void {
  const same = (p: PrintedBreakdown, c: VatBreakdown) => (p.category ?? "S") === c.category && compare(p.rate ?? ZERO, c.rate ?? ZERO) === 0;
  const label = (category: string, rate: Decimal | undefined) => `category ${category}${rate ? ` at ${decimalToString(rate)} %` : ""}`;
  for (const p of printed) {
    const category = p.category ?? "S";
    const c = computed.find((entry) => same(p, entry));
    if (c === undefined) throw new EinvoiceError(`BR-${category}-08`, `the document prints a VAT breakdown for ${label(category, p.rate)} that no line has`, "BT-116");
    if (p.basis !== undefined && compare(p.basis, c.basis) !== 0) {
      throw mismatch(`BR-${category}-08`, "BT-116", `the taxable amount of ${label(category, c.rate)} (BT-116) must equal the sum of its lines' net amounts`, p.basis, c.basis);
    }
    if (p.tax !== undefined && compare(p.tax, c.tax) !== 0) {
      throw mismatch(`BR-${category}-09`, "BT-117", `the VAT amount of ${label(category, c.rate)} (BT-117) must equal its taxable amount × the rate, rounded`, p.tax, c.tax);
    }
  }
  const missing = computed.find((c) => !printed.some((p) => same(p, c)));
  if (missing !== undefined) throw new EinvoiceError(`BR-${missing.category}-08`, `the lines have ${label(missing.category, missing.rate)} but the document prints no VAT breakdown for it`, "BG-23");
}

function checkParty(party: PartyValues, role: "seller" | "buyer", full: boolean): void {
  const seller = role === "seller";
  need(party.name, seller ? "BR-06" : "BR-07", seller ? "BT-27" : "BT-44", `the ${role}'s name`);
  if (seller || full) need(party.country, seller ? "BR-09" : "BR-11", seller ? "BT-40" : "BT-55", `the ${role}'s country code`);
  if (party.country !== undefined && !/^[A-Z]{2}$/.test(party.country)) {
    throw new EinvoiceError("BR-CL-14", `the ${role}'s country '${party.country}' is not an ISO 3166-1 alpha-2 code`, seller ? "BT-40" : "BT-55");
  }
  if (party.vatId !== undefined && !/^[A-Z]{2}[0-9A-Za-z+*.]{2,}$/.test(party.vatId)) {
    throw new EinvoiceError("BR-CO-09", `the ${role}'s VAT identifier '${party.vatId}' must start with its ISO 3166-1 country prefix`, seller ? "BT-31" : "BT-48");
  }
}

function checkXrechnung(values: InvoiceValues): void {
  need(values.buyerReference, "BR-DE-15", "BT-10", "the buyer reference (Leitweg-ID), which XRechnung requires");
  need(values.paymentMeans, "BR-DE-1", "BT-81", "the payment instructions, which XRechnung requires");
  need(values.seller.city, "BR-DE-3", "BT-37", "the seller's city");
  need(values.seller.postcode, "BR-DE-4", "BT-38", "the seller's post code");
  need(values.seller.contact, "BR-DE-5", "BT-41", "the seller's contact point");
  need(values.seller.phone, "BR-DE-6", "BT-42", "the seller's contact telephone number");
  need(values.seller.contactEmail, "BR-DE-7", "BT-43", "the seller's contact email address");
  need(values.buyer.city, "BR-DE-8", "BT-52", "the buyer's city");
  need(values.buyer.postcode, "BR-DE-9", "BT-53", "the buyer's post code");
}

function need<T>(value: T | undefined, rule: string, term: string, what: string): T {
  if (value === undefined) throw new EinvoiceError(rule, `${what} (${term}) is required: map ${term} to a data path that has a value`, term);
  return value;
}

function mismatch(rule: string, term: string, what: string, printed: Decimal, computed: Decimal): EinvoiceError {
  return new EinvoiceError(rule, `${what}: the document prints ${decimalToString(printed)}, the lines give ${decimalToString(computed)}`, term);
}
