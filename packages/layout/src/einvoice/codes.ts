// Bounded code lists the builder checks before writing: a wrong code is a named error, not an invoice a
// receiver rejects later. Full lists are long; these are the codes invoices actually use (docs/einvoicing.md).

/** UN/ECE Recommendation 20 (and 21 packaging) unit codes in common invoice use. */
export const UNIT_CODES: ReadonlySet<string> = new Set([
  "C62", "H87", "EA", "NAR", "NPR", "PR", "SET", "DZN", "XPP", "XBX", "XPK", "XCT", "XPA", "XPX", "XBG", "XRO",
  "LS", "E48", "P1", "ACT",
  "SEC", "MIN", "HUR", "DAY", "WEE", "MON", "ANN", "QAN",
  "MMT", "CMT", "DMT", "MTR", "KMT", "INH", "FOT", "YRD", "SMI",
  "MTK", "KMK", "HAR", "FTK",
  "MLT", "CLT", "LTR", "HLT", "MTQ", "GLL",
  "MGM", "GRM", "KGM", "TNE", "LBR", "ONZ",
  "KWH", "MWH", "GWH", "KWT", "MAW", "WTT", "KVA",
  "KTM", "TKM", "B32",
  "D63", "D64", "D65", "D66", "D67",
]);

/** ISO 4217 active currency codes. */
export const CURRENCY_CODES: ReadonlySet<string> = new Set(
  ("AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF " +
    "CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG " +
    "HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA " +
    "MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD " +
    "RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX " +
    "USD UYU UZS VES VND VUV WST XAF XCD XCG XOF XPF YER ZAR ZMW ZWG").split(" "),
);

/** UNTDID 1001 invoice type codes of EN 16931 (commercial invoice, credit note, corrected, self-billed, prepayment…). */
export const TYPE_CODES: ReadonlySet<string> = new Set(["380", "381", "383", "384", "386", "389", "751", "261", "262", "326", "875", "876", "877"]);

/** UNCL 5305 VAT category codes. */
export const VAT_CATEGORIES: ReadonlySet<string> = new Set(["S", "Z", "E", "AE", "K", "G", "O", "L", "M"]);

/** UNCL 4461 payment means codes in common use. */
export const PAYMENT_MEANS: ReadonlySet<string> = new Set(["1", "10", "20", "30", "31", "42", "48", "49", "54", "55", "57", "58", "59", "68", "97", "ZZZ"]);
