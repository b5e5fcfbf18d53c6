// fontkit's lookup list is a restructure LazyArray: `get(index)` decodes the lookup whole, every subtable with its
// coverages, rule sets and class definitions as arrays of structs. When fontkit shapes a string the live-lookup
// filter (live-lookups.ts) already knows which few subtables can do something to it; this decodes the lookup's
// header and only those subtables, with fontkit's own types, from the same stream and parent context as `get`
// (so each subtable decodes to what `get` would give). Anything unexpected in the list's shape falls back to `get`.

/** The part of a decoded lookup fontkit's applyLookups reads. */
export interface DecodedLookup {
  readonly lookupType: number;
  readonly flags: unknown;
  readonly subTables: ArrayLike<unknown>;
}

/** A restructure DecodeStream: only the position is moved here. */
interface Stream {
  pos: number;
}

/** restructure's Pointer, Struct and number types, as far as used. */
interface NumberType {
  decode(stream: Stream, ctx?: unknown): number;
}
interface PointerType {
  readonly offsetType: NumberType & { size(): number };
  readonly type: unknown;
  readonly options: { readonly type?: string; readonly lazy?: boolean; readonly relativeTo?: unknown };
  decode(stream: Stream, ctx: unknown): unknown;
}
interface StructType {
  readonly fields: Record<string, { decode(stream: Stream, ctx: unknown): unknown; readonly type?: unknown }>;
  _setup(stream: Stream, parent: unknown, length: number): Record<string, unknown> & { readonly _startOffset: number };
}

/** restructure's LazyArrayValue (fontkit's `lookupList`). */
export interface LookupList {
  get(index: number): unknown;
  readonly length: number;
  readonly type?: unknown;
  readonly stream?: Stream;
  readonly ctx?: { readonly _startOffset?: number };
  readonly base?: number;
  readonly items?: unknown[];
}

const HEADER = ["lookupType", "flags", "subTableCount"] as const;

/**
 * Lookup `index` of `list` with only subtables `subtables` (indexes into its subtable list, ascending) decoded;
 * null when the lookup is decoded already, the list is not the shape expected or the bytes do not decode (the
 * caller then takes `get(index)`, which fails as fontkit fails).
 */
export function decodeSubtables(list: LookupList, index: number, subtables: readonly number[]): DecodedLookup | null {
  const whole = (): null => null;
  if (list.items?.[index] != null) return whole();
  const pointer = list.type as PointerType | undefined;
  const stream = list.stream;
  const lookupType = pointer?.type as StructType | undefined;
  const subPointer = lookupType?.fields?.subTables?.type as PointerType | undefined;
  if (
    !pointer || !stream || !lookupType || !subPointer || typeof list.base !== "number" || typeof list.ctx?._startOffset !== "number" ||
    !isLocal(pointer) || !isLocal(subPointer) || Object.keys(lookupType.fields).slice(0, 4).join() !== "lookupType,flags,subTableCount,subTables" ||
    index < 0 || index >= list.length
  ) {
    return whole();
  }
  const saved = stream.pos;
  try {
    // The lookup's offset, as the LazyArray's Pointer reads it (relative to the list's start).
    const size = pointer.offsetType.size();
    stream.pos = list.base + size * index;
    const offset = pointer.offsetType.decode(stream);
    if (offset === 0) return whole();
    const at = list.ctx._startOffset + offset;
    stream.pos = at;
    // The lookup's Struct decode up to its subtable offsets, then each chosen offset decoded as the Array would.
    const res = lookupType._setup(stream, list.ctx, 0);
    for (const key of HEADER) res[key] = lookupType.fields[key]!.decode(stream, res);
    const subSize = subPointer.offsetType.size();
    const start = stream.pos;
    const count = res.subTableCount as number;
    const decoded: unknown[] = [];
    for (const k of subtables) {
      if (k >= count) return whole();
      stream.pos = start + subSize * k;
      decoded.push(subPointer.decode(stream, res));
    }
    return { lookupType: res.lookupType as number, flags: res.flags, subTables: decoded };
  } catch {
    return whole();
  } finally {
    stream.pos = saved;
  }
}

function isLocal(pointer: PointerType): boolean {
  return (pointer.options?.type ?? "local") === "local" && !pointer.options?.lazy && !pointer.options?.relativeTo && typeof pointer.offsetType?.decode === "function";
}
