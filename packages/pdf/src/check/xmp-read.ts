// The few XMP properties the rules compare, read from a packet with patterns rather than an RDF parser: both
// forms XMP writers use (an element `<pdfaid:part>3</pdfaid:part>` or an attribute `pdfaid:part="3"`), first
// occurrence, entities decoded. Enough to compare values; not a validation of the RDF itself.

export interface XmpValues {
  readonly text: string;
  get(property: string): string | undefined;
  /** The first `rdf:li` of an rdf:Alt / Bag / Seq property (dc:title's x-default, dc:language's first). */
  first(property: string): string | undefined;
}

function decode(text: string): string {
  return text
    .replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'")
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&amp;/g, "&");
}

const escaped = (property: string): string => property.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function readXmp(bytes: Uint8Array): XmpValues | undefined {
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  if (!/<x:xmpmeta|<rdf:RDF/.test(text)) return undefined;
  return {
    text,
    get(property) {
      const p = escaped(property);
      const element = new RegExp(`<${p}(?:\\s[^>]*)?>([^<]*)</${p}>`).exec(text);
      if (element) return decode(element[1]!.trim());
      const attribute = new RegExp(`\\s${p}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(text);
      return attribute ? decode((attribute[1] ?? attribute[2])!.trim()) : undefined;
    },
    first(property) {
      const p = escaped(property);
      const block = new RegExp(`<${p}(?:\\s[^>]*)?>([\\s\\S]*?)</${p}>`).exec(text);
      if (!block) return undefined;
      const item = /<rdf:li(?:\s[^>]*)?>([^<]*)<\/rdf:li>/.exec(block[1]!);
      return item ? decode(item[1]!.trim()) : undefined;
    },
  };
}

/** An XMP date (ISO 8601, optional parts) or a PDF date (`D:YYYYMMDDHHmmSSOHH'mm`) as epoch ms, or undefined. */
export function dateInstant(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const pdf = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Z+-])(\d{2})?'?(\d{2})?'?)?/.exec(text.trim());
  if (pdf) {
    const [, y, mo = "01", d = "01", h = "00", mi = "00", s = "00", zone, zh = "00", zm = "00"] = pdf;
    const offset = zone === "+" || zone === "-" ? (zone === "-" ? 1 : -1) * (Number(zh) * 60 + Number(zm)) : 0;
    return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) + offset * 60_000;
  }
  const time = Date.parse(text.trim());
  return Number.isNaN(time) ? undefined : Math.floor(time / 1000) * 1000;
}
