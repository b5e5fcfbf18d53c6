// The UN/CEFACT Cross Industry Invoice (D16B) of a computed invoice, per profile: what each profile carries
// follows the Factur-X 1.0 / ZUGFeRD 2.3 profile tables; element order follows the D16B schema (the official
// EN 16931 examples in ../shared/einvoice/examples/ are laid out the same way).
import { decimalToString, type Decimal } from "../tokens/decimal.js";
import type { Invoice, InvoiceLine, VatBreakdown } from "./compute.js";
import { fixed } from "./money.js";
import type { PartyValues } from "./resolve.js";
import type { EinvoiceFormat, EinvoiceProfile } from "./types.js";
import { el, opt, serialise, type XmlElement } from "./xml.js";

const NS = {
  "xmlns:rsm": "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
  "xmlns:qdt": "urn:un:unece:uncefact:data:standard:QualifiedDataType:100",
  "xmlns:ram": "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
  "xmlns:udt": "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100",
};

/** The specification identifier (BT-24) of each profile. */
export const GUIDELINES: Readonly<Record<EinvoiceProfile, string>> = {
  minimum: "urn:factur-x.eu:1p0:minimum",
  "basic-wl": "urn:factur-x.eu:1p0:basicwl",
  basic: "urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic",
  en16931: "urn:cen.eu:en16931:2017",
  extended: "urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended",
};
export const XRECHNUNG_GUIDELINE = "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0";
/** BT-23, the business process XRechnung 3.0 asks for (the Peppol billing process). */
export const XRECHNUNG_PROCESS = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0";

interface Level {
  /** BASIC WL and above: addresses, VAT breakdown, payment, notes. */
  readonly full: boolean;
  /** BASIC and above: the lines. */
  readonly lines: boolean;
  /** EN 16931 and above: contacts, seller item ids, line notes and descriptions. */
  readonly comfort: boolean;
}

/** The CII XML text of an invoice. */
export function ciiXml(invoice: Invoice, format: EinvoiceFormat, profile: EinvoiceProfile): string {
  const rank = ["minimum", "basic-wl", "basic", "en16931", "extended"].indexOf(profile);
  const level: Level = { full: rank >= 1, lines: rank >= 2, comfort: rank >= 3 };
  const xrechnung = format === "xrechnung";
  return serialise(
    el("rsm:CrossIndustryInvoice", [
      el("rsm:ExchangedDocumentContext", [
        xrechnung && el("ram:BusinessProcessSpecifiedDocumentContextParameter", [el("ram:ID", XRECHNUNG_PROCESS)]),
        el("ram:GuidelineSpecifiedDocumentContextParameter", [el("ram:ID", xrechnung ? XRECHNUNG_GUIDELINE : GUIDELINES[profile])]),
      ]),
      el("rsm:ExchangedDocument", [
        el("ram:ID", invoice.number),
        el("ram:TypeCode", invoice.typeCode),
        el("ram:IssueDateTime", [date(invoice.issueDate)]),
        level.full && invoice.note !== undefined && el("ram:IncludedNote", [el("ram:Content", invoice.note)]),
      ]),
      el("rsm:SupplyChainTradeTransaction", [
        ...(level.lines ? invoice.lines.map((line) => lineItem(line, level)) : []),
        el("ram:ApplicableHeaderTradeAgreement", [
          opt("ram:BuyerReference", invoice.buyerReference),
          party("ram:SellerTradeParty", invoice.seller, level, true),
          party("ram:BuyerTradeParty", invoice.buyer, level, false),
        ]),
        el("ram:ApplicableHeaderTradeDelivery"),
        settlement(invoice, level),
      ]),
    ], NS),
  );
}

function lineItem(line: InvoiceLine, level: Level): XmlElement {
  return el("ram:IncludedSupplyChainTradeLineItem", [
    el("ram:AssociatedDocumentLineDocument", [
      el("ram:LineID", line.id),
      level.comfort && line.note !== undefined && el("ram:IncludedNote", [el("ram:Content", line.note)]),
    ]),
    el("ram:SpecifiedTradeProduct", [
      level.comfort ? opt("ram:SellerAssignedID", line.sellerId) : undefined,
      el("ram:Name", line.name),
      level.comfort ? opt("ram:Description", line.description) : undefined,
    ]),
    el("ram:SpecifiedLineTradeAgreement", [el("ram:NetPriceProductTradePrice", [el("ram:ChargeAmount", decimalToString(line.price))])]),
    el("ram:SpecifiedLineTradeDelivery", [el("ram:BilledQuantity", decimalToString(line.quantity), { unitCode: line.unit })]),
    el("ram:SpecifiedLineTradeSettlement", [
      el("ram:ApplicableTradeTax", [
        el("ram:TypeCode", "VAT"),
        el("ram:CategoryCode", line.category),
        line.category !== "O" && el("ram:RateApplicablePercent", decimalToString(line.rate ?? { negative: false, int: "", frac: "" })),
      ]),
      el("ram:SpecifiedTradeSettlementLineMonetarySummation", [el("ram:LineTotalAmount", amount(line.netAmount))]),
    ]),
  ]);
}

function party(name: string, p: PartyValues, level: Level, seller: boolean): XmlElement {
  const contact = level.comfort && (p.contact !== undefined || p.phone !== undefined || p.contactEmail !== undefined);
  return el(name, [
    el("ram:Name", p.name!),
    p.legalId !== undefined && el("ram:SpecifiedLegalOrganization", [el("ram:ID", p.legalId)]),
    contact && el("ram:DefinedTradeContact", [
      opt("ram:PersonName", p.contact),
      p.phone !== undefined && el("ram:TelephoneUniversalCommunication", [el("ram:CompleteNumber", p.phone)]),
      p.contactEmail !== undefined && el("ram:EmailURIUniversalCommunication", [el("ram:URIID", p.contactEmail)]),
    ]),
    (level.full || seller) && p.country !== undefined && el("ram:PostalTradeAddress", level.full
      ? [opt("ram:PostcodeCode", p.postcode), opt("ram:LineOne", p.line1), opt("ram:LineTwo", p.line2), opt("ram:CityName", p.city), el("ram:CountryID", p.country), opt("ram:CountrySubDivisionName", p.subdivision)]
      : [el("ram:CountryID", p.country)]),
    level.full && p.email !== undefined && el("ram:URIUniversalCommunication", [el("ram:URIID", p.email, { schemeID: "EM" })]),
    (level.full || seller) && p.vatId !== undefined && el("ram:SpecifiedTaxRegistration", [el("ram:ID", p.vatId, { schemeID: "VA" })]),
  ]);
}

function settlement(invoice: Invoice, level: Level): XmlElement {
  const t = invoice.totals;
  const hasPayment = invoice.paymentMeans !== undefined;
  return el("ram:ApplicableHeaderTradeSettlement", [
    level.full ? opt("ram:PaymentReference", invoice.remittance) : undefined,
    el("ram:InvoiceCurrencyCode", invoice.currency),
    level.full && hasPayment && el("ram:SpecifiedTradeSettlementPaymentMeans", [
      el("ram:TypeCode", invoice.paymentMeans!),
      invoice.iban !== undefined && el("ram:PayeePartyCreditorFinancialAccount", [el("ram:IBANID", invoice.iban)]),
    ]),
    ...(level.full ? invoice.breakdown.map(tradeTax) : []),
    level.full && (invoice.paymentTerms !== undefined || invoice.dueDate !== undefined) && el("ram:SpecifiedTradePaymentTerms", [
      opt("ram:Description", invoice.paymentTerms),
      invoice.dueDate !== undefined && el("ram:DueDateDateTime", [date(invoice.dueDate)]),
    ]),
    el("ram:SpecifiedTradeSettlementHeaderMonetarySummation", [
      level.full && el("ram:LineTotalAmount", amount(t.lineTotal)),
      el("ram:TaxBasisTotalAmount", amount(t.taxBasis)),
      el("ram:TaxTotalAmount", amount(t.taxTotal), { currencyID: invoice.currency }),
      el("ram:GrandTotalAmount", amount(t.grandTotal)),
      t.paid !== undefined && el("ram:TotalPrepaidAmount", amount(t.paid)),
      el("ram:DuePayableAmount", amount(t.due)),
    ]),
  ]);
}

function tradeTax(b: VatBreakdown): XmlElement {
  return el("ram:ApplicableTradeTax", [
    el("ram:CalculatedAmount", amount(b.tax)),
    el("ram:TypeCode", "VAT"),
    el("ram:BasisAmount", amount(b.basis)),
    el("ram:CategoryCode", b.category),
    b.rate !== undefined && el("ram:RateApplicablePercent", decimalToString(b.rate)),
  ]);
}

function date(yyyymmdd: string): XmlElement {
  return el("udt:DateTimeString", yyyymmdd, { format: "102" });
}

function amount(d: Decimal): string {
  return fixed(d, 2);
}
