// fontkit's shaper fetches (and so decodes, whole) every lookup of every feature it applies, the first time
// it shapes with a face: one string that leaves the fast path ("INV-2024-00020": a contextual rule applies to
// a hyphen between digits) has fontkit decode all of Inter's default GSUB and GPOS lookups, ~100 ms in a fresh
// process, though a handful can touch that string's glyphs. A lookup does nothing at a glyph its subtables'
// first-position coverages do not hold, so a lookup whose coverages hold none of the glyphs the string can
// ever have is a no-op, and fontkit is given only the others.
//
// "Can ever have": the string's cmap glyphs, closed under what the GSUB substitutions that can run (the
// features' lookups and every lookup a contextual rule calls) put in place of a glyph they cover. Read from
// the bytes (raw-layout.ts, raw-gsub.ts), so the filter decodes nothing itself; anything it cannot read keeps
// the lookup (or, for the closure, gives up filtering for the string). Only for strings fontkit shapes with
// its default or Arabic shaper, which change glyphs only through GSUB (the Indic, Universal and Hangul shapers
// insert and recompose glyphs themselves).

import type { Font } from "fontkit";
import { rawLookup, rawTablesOf, type RawLayoutTable } from "./raw-layout.js";
import { coverageIndexAt } from "./raw-coverage.js";
import { rawCalledLookups, rawSingleDelta, rawSubstitutes } from "./raw-gsub.js";
import { decodeSubtables, type DecodedLookup, type LookupList } from "./lookup-subtables.js";

/** The part of fontkit's OTProcessor used here (GSUBProcessor and GPOSProcessor). */
interface Processor {
  features: Record<string, { lookupListIndexes: ArrayLike<number> } | undefined>;
  table: { lookupList: { get(index: number): unknown } };
  lookupsForFeatures(userFeatures?: readonly string[], exclude?: readonly number[]): unknown[];
}

interface Engine {
  GSUBProcessor?: Processor | null;
  GPOSProcessor?: Processor | null;
  /** The shaping plan of the string being shaped: every feature tag it applies, by stage. */
  plan?: { allFeatures?: Record<string, number> } | null;
}

/**
 * Per table, the lookups that can do something to the string, each with the subtables that can (null: all of
 * them); null for no filter on that table.
 */
interface Live {
  readonly GSUB: LiveTable | null;
  readonly GPOS: LiveTable | null;
}
type LiveTable = ReadonlyMap<number, readonly number[] | null>;


/** The string being shaped: its distinct code points as a cache key, and its cmap glyphs. */
interface Active {
  readonly font: Font;
  readonly engine: Engine;
  readonly key: string;
  readonly glyphs: () => number[];
  live: Live | null | undefined;
}

// Scripts whose strings fontkit shapes with its default shaper (Latin, Greek, Cyrillic, Armenian, Hebrew,
// Georgian and the common and inherited characters) or its Arabic one, variation selectors excluded (the cmap
// maps a base + selector pair to a glyph of its own).
const FILTERABLE =
  /^(?:(?![\uFE00-\uFE0F\u180B-\u180F]|\uDB40[\uDD00-\uDDEF])[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Armenian}\p{Script=Hebrew}\p{Script=Georgian}\p{Script=Arabic}\p{Script=Common}\p{Script=Inherited}])*$/u;

let active: Active | null = null;
const patched = new WeakSet<Processor>();
/** Live sets by the two processors' selected feature records, then by plan features + distinct code points. */
const liveCache = new WeakMap<object, WeakMap<object, Map<string, Live | null>>>();
const NONE = {};
const LIVE_CACHE_ENTRIES = 512;

/**
 * Runs `layout` (a call of `font.layout` on `text`) with fontkit applying only the lookups that can touch the
 * glyphs of `text`; plain when the face or the string is not one the filter knows.
 */
export function withLiveLookups<T>(font: Font, text: string, layout: () => T): T {
  if (active !== null || !FILTERABLE.test(text)) return layout();
  const engine = engineOf(font);
  if (!engine) return layout();
  for (const processor of [engine.GSUBProcessor, engine.GPOSProcessor]) if (processor) patch(processor);
  active = {
    font,
    engine,
    key: distinctCodePoints(text),
    glyphs: () => Array.from(font.glyphsForString(text), (g) => g.id),
    live: undefined,
  };
  try {
    return layout();
  } finally {
    active = null;
  }
}

/** fontkit's OpenType layout engine of the face (created on first access), or null for AAT or no layout tables. */
function engineOf(font: Font): Engine | null {
  const engine = (font as unknown as { _layoutEngine?: { engine?: Engine } })._layoutEngine?.engine;
  if (!engine || !("GSUBProcessor" in engine) || !("GPOSProcessor" in engine)) return null;
  const ok = (p: Processor | null | undefined): boolean =>
    p == null || (typeof p.lookupsForFeatures === "function" && typeof p.features === "object" && typeof p.table?.lookupList?.get === "function");
  return ok(engine.GSUBProcessor) && ok(engine.GPOSProcessor) ? engine : null;
}

function distinctCodePoints(text: string): string {
  return [...new Set(text)].sort().join("");
}

/** Gives the processor a lookupsForFeatures that leaves out the lookups the active string cannot reach. */
function patch(processor: Processor): void {
  if (patched.has(processor)) return;
  patched.add(processor);
  const original = processor.lookupsForFeatures;
  processor.lookupsForFeatures = function (this: Processor, userFeatures: readonly string[] = [], exclude?: readonly number[]) {
    const live = active ? liveLookups(active) : null;
    const keep = live ? (this === active!.engine.GSUBProcessor ? live.GSUB : this === active!.engine.GPOSProcessor ? live.GPOS : null) : null;
    if (!keep) return original.call(this, userFeatures as string[], exclude as number[]);
    // fontkit's lookupsForFeatures, skipping the no-op lookups before they are fetched. Its sort is stable, so
    // the kept lookups keep their order.
    const lookups: { feature: string; index: number; lookup: unknown }[] = [];
    for (const tag of userFeatures) {
      const feature = this.features[tag];
      if (!feature) continue;
      for (const index of Array.from(feature.lookupListIndexes)) {
        if (exclude && exclude.indexOf(index) !== -1) continue;
        const subtables = keep.get(index);
        if (subtables === undefined) continue;
        lookups.push({ feature: tag, index, lookup: withSubtables(this.table.lookupList as LookupList, index, subtables) });
      }
    }
    lookups.sort((a, b) => a.index - b.index);
    return lookups;
  };
}

const views = new WeakMap<LookupList, Map<string, DecodedLookup>>();

/**
 * The lookup with only the given subtables, for fontkit's applyLookups (which tries a lookup's subtables in order
 * until one applies, so leaving out those that cannot apply changes nothing). Contextual subtables check their
 * backtrack coverages before their input: a chained lookup of Inter's with dozens of subtables otherwise scans
 * large coverage lists at every glyph.
 */
function withSubtables(list: LookupList, index: number, subtables: readonly number[] | null): DecodedLookup {
  if (subtables === null) return list.get(index) as DecodedLookup;
  const key = `${index}:${subtables.join(",")}`;
  let byKey = views.get(list);
  if (!byKey) views.set(list, (byKey = new Map()));
  let view = byKey.get(key);
  if (!view) {
    // Only those subtables decoded (lookup-subtables.ts), or picked from the lookup decoded whole.
    view = decodeSubtables(list, index, subtables) ?? undefined;
    if (!view) {
      const lookup = list.get(index) as DecodedLookup;
      view = { lookupType: lookup.lookupType, flags: lookup.flags, subTables: subtables.map((k) => lookup.subTables[k]) };
    }
    byKey.set(key, view);
  }
  return view;
}

function liveLookups(state: Active): Live | null {
  if (state.live !== undefined) return state.live;
  const { engine } = state;
  const tags = Object.keys(engine.plan?.allFeatures ?? {});
  if (tags.length === 0) return (state.live = null);
  const gsubFeatures = engine.GSUBProcessor?.features ?? NONE;
  const gposFeatures = engine.GPOSProcessor?.features ?? NONE;
  let byGpos = liveCache.get(gsubFeatures);
  if (!byGpos) liveCache.set(gsubFeatures, (byGpos = new WeakMap()));
  let byKey = byGpos.get(gposFeatures);
  if (!byKey) byGpos.set(gposFeatures, (byKey = new Map()));
  const key = `${tags.sort().join(",")}|${state.key}`;
  let live = byKey.get(key);
  if (live === undefined) {
    live = computeLive(state, tags);
    if (byKey.size >= LIVE_CACHE_ENTRIES) byKey.clear();
    byKey.set(key, live);
  }
  return (state.live = live);
}

function computeLive(state: Active, tags: readonly string[]): Live | null {
  const raw = rawTablesOf(state.font);
  const { GSUBProcessor: gsub, GPOSProcessor: gpos } = state.engine;
  let glyphs = new Set(state.glyphs());
  let gsubLive: LiveTable | null = null;
  if (gsub) {
    if (!raw.GSUB) return null; // no closure without GSUB's bytes: nothing can be left out
    const featured = featureLookups(gsub, tags);
    const called = calledLookups(raw.GSUB);
    if (!called) return null;
    const closed = closure(raw.GSUB, new Set([...featured, ...called]), glyphs);
    if (!closed) return null;
    glyphs = closed;
    gsubLive = liveTable(raw.GSUB, featured, glyphs);
  }
  const gposLive = gpos && raw.GPOS ? liveTable(raw.GPOS, featureLookups(gpos, tags), glyphs) : null;
  return { GSUB: gsubLive, GPOS: gposLive };
}

function liveTable(raw: RawLayoutTable, lookups: readonly number[], glyphs: ReadonlySet<number>): LiveTable {
  const table = new Map<number, readonly number[] | null>();
  for (const index of lookups) {
    const subtables = liveSubtables(raw, index, glyphs);
    if (subtables === null || subtables.length > 0) table.set(index, subtables);
  }
  return table;
}

function featureLookups(processor: Processor, tags: readonly string[]): number[] {
  const out = new Set<number>();
  for (const tag of tags) {
    const feature = processor.features[tag];
    if (feature) for (const index of Array.from(feature.lookupListIndexes)) out.add(index);
  }
  return [...out];
}

const calledCache = new WeakMap<RawLayoutTable, Set<number> | null>();

/** Every GSUB lookup some contextual subtable calls (they run at any glyph their coverage holds). */
function calledLookups(raw: RawLayoutTable): Set<number> | null {
  let called = calledCache.get(raw);
  if (called !== undefined) return called;
  called = new Set();
  for (let index = 0; index < raw.lookupCount && called; index++) {
    const lookup = rawLookup(raw, index);
    if (!lookup) {
      called = null;
      break;
    }
    for (let k = 0; k < lookup.types.length; k++) {
      const type = lookup.types[k]!;
      if (type !== 5 && type !== 6) continue;
      const calls = rawCalledLookups(raw, lookup.subtables[k]!, type);
      if (!calls) {
        called = null;
        break;
      }
      for (const c of calls) called.add(c);
    }
  }
  calledCache.set(raw, called);
  return called;
}

/**
 * `start` plus every glyph the substitutions of `lookups` can put in place of a glyph already in the set,
 * repeated until nothing new appears; null when some substitution cannot be read.
 */
function closure(raw: RawLayoutTable, lookups: ReadonlySet<number>, start: ReadonlySet<number>): Set<number> | null {
  const glyphs = new Set(start);
  const pending = [...start];
  const substitutions: { sub: number; type: number; coverage: number }[] = [];
  for (const index of lookups) {
    const lookup = rawLookup(raw, index);
    if (!lookup) return null;
    for (let k = 0; k < lookup.types.length; k++) {
      const type = lookup.types[k]!;
      if (type > 4) continue; // contextual (their calls are in `lookups`) or reverse chaining (fontkit throws on it)
      const coverage = lookup.firstCoverages[k]!;
      if (coverage < 0) return null;
      substitutions.push({ sub: lookup.subtables[k]!, type, coverage });
    }
  }
  while (pending.length > 0) {
    const glyph = pending.pop()!;
    for (const { sub, type, coverage } of substitutions) {
      const index = coverageIndexAt(raw.view, coverage, glyph, raw.sorted);
      if (index === -1) continue;
      if (index < 0) return null;
      let out: number[] | null;
      const delta = type === 1 ? rawSingleDelta(raw, sub) : null;
      if (delta !== null) out = [(glyph + delta) & 0xffff];
      else out = rawSubstitutes(raw, sub, type, index);
      if (!out) return null;
      for (const g of out) {
        if (glyphs.has(g)) continue;
        glyphs.add(g);
        pending.push(g);
      }
    }
  }
  return glyphs;
}

// The subtable formats fontkit decodes, by lookup type (GPOS types offset by 10). A lookup with another type or
// format is kept: fontkit throws on it when it is applied, and leaving it out would change that.
const KNOWN_FORMATS: Record<number, readonly number[]> = {
  1: [1, 2], 2: [1], 3: [1], 4: [1], 5: [1, 2, 3], 6: [1, 2, 3],
  11: [1, 2], 12: [1, 2], 13: [1], 14: [1], 15: [1], 16: [1], 17: [1, 2, 3], 18: [1, 2, 3],
};

/**
 * The subtables of lookup `index` that may do something at some glyph of `glyphs` (each kept unless its
 * coverage proves not, or for a context or chained context subtable by coverages, one of its other
 * coverages: every one must hold a glyph of the string for a rule to match); null for all of them, also when the lookup cannot be read or has a subtable of a type or
 * format fontkit does not know (it throws on that one when it reaches it, and leaving the lookup or others out
 * would change that).
 */
function liveSubtables(raw: RawLayoutTable, index: number, glyphs: ReadonlySet<number>): number[] | null {
  const lookup = rawLookup(raw, index);
  if (!lookup) return null;
  const live: number[] = [];
  for (let k = 0; k < lookup.types.length; k++) {
    const known = KNOWN_FORMATS[lookup.types[k]! + (raw.gpos ? 10 : 0)];
    if (!known || !known.includes(lookup.formats[k]!)) return null;
    if (intersects(raw, lookup.firstCoverages[k]!, glyphs) && coveragesIntersect(raw, lookup.types[k]!, lookup.formats[k]!, lookup.subtables[k]!, glyphs)) {
      live.push(k);
    }
  }
  return live.length === lookup.types.length ? null : live;
}

/** Whether the coverage at `offset` may hold a glyph of `glyphs` (true when it cannot be read). */
function intersects(raw: RawLayoutTable, offset: number, glyphs: ReadonlySet<number>): boolean {
  if (offset < 0) return true;
  for (const g of glyphs) if (coverageIndexAt(raw.view, offset, g, raw.sorted) !== -1) return true;
  return false;
}

/** For a (chained) context subtable by coverages (format 3), whether each of its coverages may hold a glyph of `glyphs`. */
function coveragesIntersect(raw: RawLayoutTable, type: number, format: number, sub: number, glyphs: ReadonlySet<number>): boolean {
  const context = raw.gpos ? (type === 7 ? 5 : type === 8 ? 6 : 0) : type;
  if (format !== 3 || (context !== 5 && context !== 6)) return true;
  const { view } = raw;
  try {
    // Runs of (count, offsets relative to the subtable): context's input; chained context's backtrack, input, lookahead.
    let at = sub + 2;
    for (let run = 0; run < (context === 5 ? 1 : 3); run++) {
      const count = view.getUint16(at);
      const offsets = context === 5 ? at + 4 : at + 2; // context: glyphCount, substitutionCount, then the coverages
      for (let k = 0; k < count; k++) {
        const relative = view.getUint16(offsets + 2 * k);
        if (relative !== 0 && !intersects(raw, sub + relative, glyphs)) return false;
      }
      at = offsets + 2 * count;
    }
    return true;
  } catch {
    return true;
  }
}
