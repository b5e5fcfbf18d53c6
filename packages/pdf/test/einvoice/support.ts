// E-invoice test tools: xmllint against the CII D16B schemas (fixtures/einvoice, copied unchanged from the EN 16931
// validation artefacts), an XML reader (jsdom), and an EN 16931 rule checker that reads the XML itself, so the
// builder's arithmetic is checked by code that shares nothing with it (bigint cents, not ../../src money).
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { JSDOM } from "jsdom";
import { skipUnlessCi } from "../support/ci.js";
import { repoRoot } from "../support/paths.js";

export const EINVOICE_FIXTURES = join(repoRoot, "fixtures", "einvoice");
export const CII_XSD = join(EINVOICE_FIXTURES, "cii-d16b-xsd", "uncefact", "data", "standard", "CrossIndustryInvoice_100pD16B.xsd");
export const OFFICIAL_EXAMPLES = ["CII_example1.xml", "CII_example2.xml", "CII_business_example_01.xml"].map((name) => join(EINVOICE_FIXTURES, "examples", name));

/** Why xmllint tests are skipped here, or undefined when it runs (rejects under CI=true). */
export const xmllintMissing: Promise<string | undefined> = new Promise((resolve, reject) => {
  execFile("xmllint", ["--version"], (error) => {
    try {
      resolve(skipUnlessCi(error ? "xmllint is not installed (apt-get install libxml2-utils)" : undefined));
    } catch (failure) {
      reject(failure);
    }
  });
});
xmllintMissing.catch(() => undefined);

/** `xmllint --noout --schema` over the XML text: exit code and messages. */
export async function validateCii(xml: string): Promise<{ code: number; stderr: string }> {
  const dir = await mkdtemp(join(tmpdir(), "docsvc-cii-"));
  try {
    const file = join(dir, "invoice.xml");
    await writeFile(file, xml);
    return await new Promise((resolve) =>
      execFile("xmllint", ["--noout", "--nonet", "--schema", CII_XSD, file], (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr })));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function parseXml(xml: string): Document {
  const document = new new JSDOM("").window.DOMParser().parseFromString(xml, "text/xml");
  if (document.getElementsByTagName("parsererror").length > 0) throw new Error("not well-formed XML");
  return document;
}

export async function readExample(path: string): Promise<Document> {
  return parseXml(await readFile(path, "utf8"));
}

const kids = (node: Element, name?: string): Element[] => [...node.children].filter((c) => name === undefined || c.localName === name);
const kid = (node: Element | undefined, ...names: string[]): Element | undefined => names.reduce<Element | undefined>((n, name) => (n ? kids(n, name)[0] : undefined), node);
const text = (node: Element | undefined): string | undefined => node?.textContent?.trim() || undefined;

/** Amount text → cents (bigint); amounts in CII have at most 2 decimals (BR-DEC-*). */
function cents(value: string | undefined): bigint {
  if (value === undefined) return 0n;
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!m) throw new Error(`not an amount of at most 2 decimals: ${value}`);
  const n = BigInt(m[2]!) * 100n + BigInt((m[3] ?? "").padEnd(2, "0") || "0");
  return m[1] ? -n : n;
}

/**
 * The EN 16931 rules that apply to the invoices docsvc makes, checked on the XML: totals (BR-CO-10/13/14/15/16),
 * the VAT breakdown (BR-S-08/09, BR-CO-18), mandatory terms and parties (BR-01..BR-11, BR-16, BR-S-02). Returns
 * the rules broken, empty when none.
 */
export function brokenRules(doc: Document): string[] {
  const broken: string[] = [];
  const root = doc.documentElement;
  const header = kid(root, "ExchangedDocument");
  const tx = kid(root, "SupplyChainTradeTransaction");
  const agreement = kid(tx, "ApplicableHeaderTradeAgreement");
  const settlement = kid(tx, "ApplicableHeaderTradeSettlement");
  const sum = kid(settlement, "SpecifiedTradeSettlementHeaderMonetarySummation");
  const need = (rule: string, value: unknown) => {
    if (value === undefined) broken.push(rule);
  };
  need("BR-01", text(kid(root, "ExchangedDocumentContext", "GuidelineSpecifiedDocumentContextParameter", "ID")));
  need("BR-02", text(kid(header, "ID")));
  need("BR-03", text(kid(header, "IssueDateTime", "DateTimeString")));
  need("BR-04", text(kid(header, "TypeCode")));
  need("BR-05", text(kid(settlement, "InvoiceCurrencyCode")));
  const seller = kid(agreement, "SellerTradeParty");
  const buyer = kid(agreement, "BuyerTradeParty");
  need("BR-06", text(kid(seller, "Name")));
  need("BR-07", text(kid(buyer, "Name")));
  need("BR-08", kid(seller, "PostalTradeAddress"));
  need("BR-09", text(kid(seller, "PostalTradeAddress", "CountryID")));
  need("BR-10", kid(buyer, "PostalTradeAddress"));
  need("BR-11", text(kid(buyer, "PostalTradeAddress", "CountryID")));
  const lines = tx ? kids(tx, "IncludedSupplyChainTradeLineItem") : [];
  if (lines.length === 0) broken.push("BR-16");
  // Per category and rate: the sum of the lines' net amounts.
  const lineBases = new Map<string, bigint>();
  let lineSum = 0n;
  for (const line of lines) {
    const ls = kid(line, "SpecifiedLineTradeSettlement");
    const net = cents(text(kid(ls, "SpecifiedTradeSettlementLineMonetarySummation", "LineTotalAmount")));
    const key = `${text(kid(ls, "ApplicableTradeTax", "CategoryCode"))}|${Number(text(kid(ls, "ApplicableTradeTax", "RateApplicablePercent")) ?? "0")}`;
    lineBases.set(key, (lineBases.get(key) ?? 0n) + net);
    lineSum += net;
  }
  const breakdown = settlement ? kids(settlement, "ApplicableTradeTax") : [];
  if (breakdown.length === 0) broken.push("BR-CO-18");
  let taxSum = 0n;
  for (const entry of breakdown) {
    const category = text(kid(entry, "CategoryCode"));
    const rate = text(kid(entry, "RateApplicablePercent")) ?? "0";
    const basis = cents(text(kid(entry, "BasisAmount")));
    const tax = cents(text(kid(entry, "CalculatedAmount")));
    taxSum += tax;
    if (lineBases.get(`${category}|${Number(rate)}`) !== basis) broken.push(`BR-${category}-08`);
    // tax = basis × rate / 100, rounded half up to cents; the rate as an exact decimal (hundredths of a percent here).
    const [ri, rf = ""] = rate.split(".");
    const rateBp = BigInt(ri!) * 10000n + BigInt(rf.padEnd(4, "0").slice(0, 4) || "0"); // percent × 10^4
    const exact = basis * rateBp; // cents × percent × 10^4 → divide by 10^6 for cents
    const rounded = (exact + 500000n) / 1000000n;
    if (rounded !== tax) broken.push(`BR-${category}-09`);
  }
  if (hasStandardRate(breakdown) && text(kid(seller, "SpecifiedTaxRegistration", "ID")) === undefined) broken.push("BR-S-02");
  const lineTotal = cents(text(kid(sum, "LineTotalAmount")));
  const basisTotal = cents(text(kid(sum, "TaxBasisTotalAmount")));
  const taxTotal = cents(text(kid(sum, "TaxTotalAmount")));
  const grand = cents(text(kid(sum, "GrandTotalAmount")));
  const prepaid = cents(text(kid(sum, "TotalPrepaidAmount")));
  const due = cents(text(kid(sum, "DuePayableAmount")));
  const allowances = cents(text(kid(sum, "AllowanceTotalAmount")));
  const charges = cents(text(kid(sum, "ChargeTotalAmount")));
  if (lineTotal !== lineSum) broken.push("BR-CO-10");
  if (basisTotal !== lineTotal - allowances + charges) broken.push("BR-CO-13");
  if (taxTotal !== taxSum) broken.push("BR-CO-14");
  if (grand !== basisTotal + taxTotal) broken.push("BR-CO-15");
  if (due !== grand - prepaid) broken.push("BR-CO-16");
  return broken;
}

function hasStandardRate(breakdown: readonly Element[]): boolean {
  return breakdown.some((entry) => text(kid(entry, "CategoryCode")) === "S");
}

/**
 * Precedence of sibling elements as the official examples write them: for each parent name, pairs `a→b` meaning
 * some example has a child `a` before a sibling `b`.
 */
export function siblingOrder(docs: readonly Document[]): Set<string> {
  const pairs = new Set<string>();
  const visit = (node: Element) => {
    const names = kids(node).map((c) => c.localName);
    for (let i = 0; i < names.length; i++) for (let j = i + 1; j < names.length; j++) if (names[i] !== names[j]) pairs.add(`${node.localName}:${names[i]}→${names[j]}`);
    kids(node).forEach(visit);
  };
  docs.forEach((d) => visit(d.documentElement));
  return pairs;
}

/** Pairs of siblings in `doc` that the examples write the other way round (empty when the order agrees). */
export function orderConflicts(doc: Document, reference: Set<string>): string[] {
  const conflicts: string[] = [];
  const visit = (node: Element) => {
    const names = kids(node).map((c) => c.localName);
    for (let i = 0; i < names.length; i++) {
      for (let j = i + 1; j < names.length; j++) {
        if (names[i] !== names[j] && reference.has(`${node.localName}:${names[j]}→${names[i]}`) && !reference.has(`${node.localName}:${names[i]}→${names[j]}`)) {
          conflicts.push(`${node.localName}: ${names[i]} before ${names[j]}`);
        }
      }
    }
    kids(node).forEach(visit);
  };
  visit(doc.documentElement);
  return conflicts;
}

/** Every `parent/child` element-name pair of a document. */
export function elementPairs(doc: Document): Set<string> {
  const pairs = new Set<string>();
  const visit = (node: Element) => kids(node).forEach((c) => {
    pairs.add(`${node.localName}/${c.localName}`);
    visit(c);
  });
  visit(doc.documentElement);
  return pairs;
}
