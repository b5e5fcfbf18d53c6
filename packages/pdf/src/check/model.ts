// A read-only view of qpdf's JSON objects with PDF's types: names (`/Name`), text strings (`u:` UTF-8, `b:`
// hex bytes), references (`12 0 R`), dictionaries, arrays, numbers, booleans.
import type { QpdfFile, QpdfObject } from "./qpdf.js";

export type Dict = Readonly<Record<string, unknown>>;

const REF = /^\d+ \d+ R$/;

export class PdfModel {
  constructor(private readonly file: QpdfFile) {}

  get trailer(): Dict {
    return this.file.trailer;
  }

  get encrypted(): boolean {
    return this.file.encrypted;
  }

  /** Every object (`N G R`, its dictionary: the value's, or the stream's). */
  *dicts(): Generator<[string, Dict, QpdfObject]> {
    for (const [ref, object] of this.file.objects) {
      const dict = object.stream?.dict ?? (isDict(object.value) ? object.value : undefined);
      if (dict !== undefined) yield [ref, dict, object];
    }
  }

  /**
   * Every dictionary, nested ones included (an ExtGState inside a page's /Resources, an action inside an
   * annotation), with the object that holds it; bounded in depth and count.
   */
  *allDicts(limit = 1_000_000): Generator<[string, Dict]> {
    let count = 0;
    const stack: [string, unknown, number][] = [];
    for (const [ref, dict] of this.dicts()) stack.push([ref, dict, 0]);
    while (stack.length > 0 && count < limit) {
      const [ref, value, depth] = stack.pop()!;
      if (depth > 32 || value === null || typeof value !== "object") continue;
      if (Array.isArray(value)) {
        for (const item of value) if (item !== null && typeof item === "object") stack.push([ref, item, depth + 1]);
        continue;
      }
      count++;
      yield [ref, value as Dict];
      for (const item of Object.values(value)) if (item !== null && typeof item === "object") stack.push([ref, item, depth + 1]);
    }
  }

  /** A value with references followed (up to a few hops: a reference to a reference). */
  resolve(value: unknown): unknown {
    for (let hop = 0; hop < 8 && typeof value === "string" && REF.test(value); hop++) {
      const object = this.file.objects.get(value);
      if (object === undefined) return undefined;
      value = object.stream !== undefined ? object.stream.dict : object.value;
    }
    return value;
  }

  /** Whether `value` (resolved) is a stream. */
  isStream(value: unknown): boolean {
    return typeof value === "string" && REF.test(value) && this.file.objects.get(value)?.stream !== undefined;
  }

  dict(value: unknown): Dict | undefined {
    const resolved = this.resolve(value);
    return isDict(resolved) ? resolved : undefined;
  }

  array(value: unknown): readonly unknown[] | undefined {
    const resolved = this.resolve(value);
    return Array.isArray(resolved) ? resolved : undefined;
  }

  name(value: unknown): string | undefined {
    const resolved = this.resolve(value);
    return typeof resolved === "string" && resolved.startsWith("/") ? resolved.slice(1) : undefined;
  }

  number(value: unknown): number | undefined {
    const resolved = this.resolve(value);
    return typeof resolved === "number" ? resolved : undefined;
  }

  /** A text string's value (PDFDocEncoding and UTF-16 both decoded by qpdf into `u:`). */
  text(value: unknown): string | undefined {
    const resolved = this.resolve(value);
    if (typeof resolved !== "string") return undefined;
    if (resolved.startsWith("u:")) return resolved.slice(2);
    if (resolved.startsWith("b:")) return Buffer.from(resolved.slice(2), "hex").toString("latin1");
    return undefined;
  }

  /** The catalog (the trailer's /Root). */
  get catalog(): Dict {
    return this.dict(this.trailer["/Root"]) ?? {};
  }

  /** The page objects in order (the /Pages tree walked, depth-bounded). */
  pages(): { ref: string; dict: Dict }[] {
    const out: { ref: string; dict: Dict }[] = [];
    const seen = new Set<unknown>();
    const walk = (node: unknown, depth: number): void => {
      if (depth > 64 || seen.has(node)) return;
      seen.add(node);
      const dict = this.dict(node);
      if (dict === undefined) return;
      if (this.name(dict["/Type"]) === "Pages" || dict["/Kids"] !== undefined) {
        for (const kid of this.array(dict["/Kids"]) ?? []) walk(kid, depth + 1);
      } else out.push({ ref: typeof node === "string" ? node : "?", dict });
    };
    walk(this.catalog["/Pages"], 0);
    return out;
  }
}

export function isDict(value: unknown): value is Dict {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
