// The official EN 16931 example 1 (two VAT rates, a negative line) rebuilt from its own values through a mapping:
// the VAT breakdown and the totals computed by the builder equal the ones the example states.
import { test } from "node:test";
import assert from "node:assert/strict";
import { buildEinvoice, type EinvoiceMapping } from "@docsvc/layout";
import { OFFICIAL_EXAMPLES, parseXml, readExample, validateCii, xmllintMissing } from "./support.js";

const ns = "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100";
const all = (node: Document | Element, name: string): Element[] => [...node.getElementsByTagNameNS(ns, name)];
const first = (node: Document | Element, name: string): string => all(node, name)[0]?.textContent?.trim() ?? "";

const MAPPING: EinvoiceMapping = {
  "BT-1": "number", "BT-2": "date", "BT-5": "currency",
  "BT-27": "seller.name", "BT-31": "seller.vat", "BT-35": "seller.street", "BT-37": "seller.city", "BT-38": "seller.postcode", "BT-40": "seller.country",
  "BT-44": "buyer.name", "BT-50": "buyer.street", "BT-52": "buyer.city", "BT-53": "buyer.postcode", "BT-55": "buyer.country",
  "BT-106": "lineTotal", "BT-109": "taxBasis", "BT-110": "taxTotal", "BT-112": "grandTotal", "BT-115": "due",
  "BG-25": { rows: "lines", "BT-126": "id", "BT-155": "sku", "BT-153": "name", "BT-129": "qty", "BT-130": "unit", "BT-146": "price", "BT-131": "net", "BT-151": "category", "BT-152": "rate" },
};

/** Example 1's values as data, and the XML built from them. */
async function rebuilt(): Promise<{ example: Document; xml: string; lines: number }> {
  const example = await readExample(OFFICIAL_EXAMPLES[0]!);
  const party = (role: string) => {
    const p = all(example, role)[0]!;
    return { name: first(p, "Name"), vat: first(p, "SpecifiedTaxRegistration") || undefined, street: first(p, "LineOne"), city: first(p, "CityName"), postcode: first(p, "PostcodeCode"), country: first(p, "CountryID") };
  };
  const sum = all(example, "SpecifiedTradeSettlementHeaderMonetarySummation")[0]!;
  const data = {
    number: first(all(example, "ExchangedDocument")[0] ?? example.documentElement, "ID") || "12115118",
    date: "2015-01-09",
    currency: first(example, "InvoiceCurrencyCode"),
    seller: { ...party("SellerTradeParty"), vat: "NL820098395B01" },
    buyer: party("BuyerTradeParty"),
    lines: all(example, "IncludedSupplyChainTradeLineItem").map((line) => ({
      id: first(line, "LineID"),
      sku: first(line, "SellerAssignedID"),
      name: first(line, "Name"),
      qty: first(line, "BilledQuantity"),
      unit: all(line, "BilledQuantity")[0]!.getAttribute("unitCode"),
      price: first(line, "ChargeAmount"),
      net: first(all(line, "SpecifiedTradeSettlementLineMonetarySummation")[0]!, "LineTotalAmount"),
      category: first(line, "CategoryCode"),
      rate: first(line, "RateApplicablePercent"),
    })),
    lineTotal: first(sum, "LineTotalAmount"),
    taxBasis: first(sum, "TaxBasisTotalAmount"),
    taxTotal: first(sum, "TaxTotalAmount"),
    grandTotal: first(sum, "GrandTotalAmount"),
    due: first(sum, "DuePayableAmount"),
  };
  return { example, xml: buildEinvoice(MAPPING, data, { format: "factur-x", profile: "en16931" }).xml, lines: data.lines.length };
}

test("official example 1 rebuilt from its values: same VAT breakdown (6 % and 21 %) and totals", async () => {
  const { example, xml, lines } = await rebuilt();
  assert.ok(lines > 10);
  const built = parseXml(xml);
  const breakdown = (doc: Document) => all(all(doc, "ApplicableHeaderTradeSettlement")[0]!, "ApplicableTradeTax")
    .map((t) => [first(t, "CategoryCode"), Number(first(t, "RateApplicablePercent")), Number(first(t, "BasisAmount")), Number(first(t, "CalculatedAmount"))])
    .sort((a, b) => (a[1] as number) - (b[1] as number));
  assert.deepEqual(breakdown(built), breakdown(example));
  assert.equal(breakdown(built).length, 2);
  for (const name of ["LineTotalAmount", "TaxBasisTotalAmount", "TaxTotalAmount", "GrandTotalAmount", "DuePayableAmount"]) {
    const s = (doc: Document) => Number(first(all(doc, "SpecifiedTradeSettlementHeaderMonetarySummation")[0]!, name));
    assert.equal(s(built), s(example), name);
  }
});

test("official example 1 rebuilt: valid against the CII D16B schemas", { skip: await xmllintMissing }, async () => {
  const result = await validateCii((await rebuilt()).xml);
  assert.equal(result.code, 0, result.stderr);
});
