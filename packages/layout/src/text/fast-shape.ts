// A fast path around fontkit's shaper for the common case: a left-to-right string of Latin letters,
// digits and punctuation in which no substitution can happen. fontkit runs every contextual lookup over
// every glyph (Inter has ~80 `calt` rules: ~15 µs a glyph); here the same OpenType tables are read to
// prove that no GSUB lookup (and no GPOS lookup other than pair kerning) applies to the string, then
// glyphs come straight from the cmap and kerning from the pair tables, memoised per glyph pair. When the
// proof fails the caller shapes with fontkit, so output is always what fontkit gives (a test compares
// the two over a corpus and every designer font).
//
// The table objects are fontkit's parsed GSUB/GPOS, typed here only as far as read. Matching mirrors
// fontkit's OTProcessor exactly (including its forward reading of backtrack sequences).
//
// Figure styles (`tnum`, `lnum`, `pnum`, asked for by tables and number tokens) are user features that fontkit
// adds to the same stage as the default ones: their lookups run in lookup-index order among the others. When
// every such lookup is a single substitution, the fast path applies them here (digits to tabular digits) and
// proves that no other lookup applies before or after them.

import type { Font } from "fontkit";
import type { FontFace } from "./face.js";
import { rawCoverageHas, rawLookup, rawTablesOf, type RawLayoutTable } from "./raw-layout.js";
import { rawPairsReadable, rawPairValues, type PairResult } from "./raw-pairs.js";
import { rawContextMatch, rawGuardApplies, rawGuardCovers, rawGuardsOf, rawSingleSubstitute, type RawGuard } from "./raw-guards.js";
import { rawAdvance, rawGlyphClass, rawMetricsOf, type RawMetrics } from "./raw-metrics.js";

/** A string shaped by the fast path, font units, one glyph per UTF-16 unit (BMP only), left to right. */
export interface FastShaped {
  readonly ids: Uint16Array;
  readonly advances: Float64Array;
  readonly offsetsX: Float64Array;
  readonly offsetsY: Float64Array;
}

type Coverage = { version: 1; glyphs: ArrayLike<number> } | { version: 2; rangeRecords: readonly RangeRecord[] };
interface RangeRecord {
  start: number;
  end: number;
  startCoverageIndex?: number;
}
type ClassDef =
  | { version: 1; startGlyph: number; classValueArray: ArrayLike<number> }
  | { version: 2; classRangeRecord: readonly { start: number; end: number; class: number }[] };
interface Value {
  xAdvance?: number;
  xPlacement?: number;
  yPlacement?: number;
}
interface LazyList<T> {
  get(index: number): T;
  readonly length: number;
}
interface LookupFlags {
  flags?: { ignoreBaseGlyphs?: boolean; ignoreLigatures?: boolean };
}
interface Lookup {
  lookupType: number;
  flags: LookupFlags;
  subTables: ArrayLike<SubTable>;
}
/** Union of the subtable shapes read below (fontkit decodes each lookup type into its own fields). */
interface SubTable {
  version: number;
  deltaGlyphID?: number;
  substitute?: LazyList<number>;
  lookupType?: number;
  extension?: SubTable;
  coverage?: Coverage;
  markCoverage?: Coverage;
  mark1Coverage?: Coverage;
  ligatureSets?: LazyList<readonly { components: ArrayLike<number> }[]>;
  ruleSets?: ArrayLike<readonly { input: ArrayLike<number> }[] | undefined>;
  classDef?: ClassDef;
  classSet?: ArrayLike<readonly { classes: ArrayLike<number> }[] | undefined>;
  coverages?: readonly Coverage[];
  chainRuleSets?: ArrayLike<readonly ChainRule[] | undefined>;
  chainClassSet?: ArrayLike<readonly ChainRule[] | undefined>;
  backtrackClassDef?: ClassDef;
  inputClassDef?: ClassDef;
  lookaheadClassDef?: ClassDef;
  backtrackCoverage?: readonly Coverage[];
  inputCoverage?: readonly Coverage[];
  lookaheadCoverage?: readonly Coverage[];
  backtrackGlyphCount?: number;
  inputGlyphCount?: number;
  pairSets?: LazyList<readonly { secondGlyph: number; value1?: Value; value2?: Value }[]>;
  classDef1?: ClassDef;
  classDef2?: ClassDef;
  classRecords?: LazyList<LazyList<{ value1?: Value; value2?: Value }>>;
}
interface ChainRule {
  backtrack: ArrayLike<number>;
  input: ArrayLike<number>;
  lookahead: ArrayLike<number>;
}
interface LayoutTable {
  scriptList: readonly { tag: string; script: { defaultLangSys?: { featureIndexes: ArrayLike<number> } } }[];
  featureList: ArrayLike<{ tag: string; feature: { lookupListIndexes: ArrayLike<number> } }>;
  lookupList: LazyList<Lookup>;
}

// The features fontkit's default shaper applies to horizontal left-to-right text (fractions excluded: the
// fast path never sees U+2044).
const FEATURES = new Set(["rvrn", "ltra", "ltrm", "ccmp", "locl", "rlig", "mark", "mkmk", "calt", "clig", "liga", "rclt", "curs", "kern"]);
const DEFAULT_SCRIPTS = ["DFLT", "dflt", "latn"];

/** One (lookup type, subtable) that must not apply for the fast path to hold. */
interface Guard {
  readonly type: number;
  readonly table: SubTable;
  readonly gpos: boolean;
}

/**
 * The guards of one lookup: read from the font's bytes (raw-guards.ts) when every subtable is one that reader
 * knows, otherwise decoded by fontkit the first time a glyph its stored first-position coverages hold is met
 * (`firstCoverages` null: decoded whatever the glyph).
 */
interface GuardGroup {
  readonly raw: RawLayoutTable | null;
  readonly firstCoverages: readonly number[] | null;
  readonly rawGuards: readonly RawGuard[] | null;
  /** A GPOS lookup; a lookup listed by more than one selected feature (fontkit applies it once per listing). */
  readonly gpos: boolean;
  readonly twice: boolean;
  guards: readonly Guard[] | undefined;
  readonly load: () => readonly Guard[];
}

/** Per face, script tag and user features: what to check, what to substitute and the pair-kerning lookups. */
interface Plan {
  readonly groups: readonly GuardGroup[];
  /** The user features' single-substitution lookups (each its subtables), in lookup-index order. */
  readonly substitutions: readonly (readonly SubTable[])[];
  /** The GSUB lookups in index order: guard groups and the user features' substitutions. */
  readonly gsubSteps: readonly (GuardGroup | readonly SubTable[])[];
  /** Guards by glyph: only those whose first-position coverage holds the glyph can apply at it. */
  readonly guardsByGlyph: Map<number, readonly (Guard | RawGuard)[]>;
  readonly pairLookups: readonly PairLookup[];
  /** Adjustments by `a * 65536 + b`: [aAdv, aX, aY, bAdv, bX, bY], or null for none. */
  readonly pairs: Map<number, Float64Array | null>;
}

/**
 * A pair-kerning lookup: its decoded subtables, or (read from the bytes, raw-pairs.ts) its subtables' offsets
 * and first-position coverages, with the decoded form for anything the reader does not know.
 */
type PairLookup =
  | readonly SubTable[]
  | { readonly raw: RawLayoutTable; readonly subtables: readonly number[]; readonly coverages: readonly number[]; readonly decoded: () => readonly SubTable[] };

interface FacePlans {
  readonly font: Font;
  /** Plans by `script tag|user features`, each built the first time a string needs it. */
  readonly plans: Map<string, Plan | null>;
  readonly advances: Map<number, { id: number; advance: number }>;
  /** Advances of glyphs reached by substitution, by glyph id. */
  readonly substitutedAdvances: Map<number, number>;
  readonly classOf: (glyph: number) => number;
  /** Advances read from the bytes (raw-metrics.ts) and the cmap lookup, when the face allows; else fontkit's glyphs. */
  readonly metrics: RawMetrics | null;
  readonly cmap: { lookup(codePoint: number): number } | null;
}

const plans = new WeakMap<FontFace, FacePlans | null>();
const coverageMaps = new WeakMap<object, Map<number, number>>();

// Letters must be Latin (fontkit then picks the `latn` script); everything else Common punctuation,
// digits and symbols from the blocks below. Marks, controls and default-ignorables are excluded.
const ALLOWED = /^[\u0020-\u007e\u00a0-\u00ac\u00ae-\u024f\u2010-\u2027\u2030-\u205e\u20a0-\u20c0\u2100-\u214f]*$/;
const LATIN_LETTER = /\p{Script=Latin}/u;

/**
 * Shapes `text` without fontkit's shaper when that provably gives the same glyphs and positions; returns
 * undefined when fontkit must shape it (other scripts, marks, a lookup that could apply, unusual fonts).
 */
export function fastShape(face: FontFace, text: string, features: readonly string[] = NO_FEATURES): FastShaped | undefined {
  if (text.length === 0 || !ALLOWED.test(text) || text.includes("\u2044")) return undefined;
  let facePlans = plans.get(face);
  if (facePlans === undefined) {
    facePlans = facePlansOf(face.font);
    plans.set(face, facePlans);
  }
  if (!facePlans) return undefined;
  const plan = planFor(facePlans, LATIN_LETTER.test(text) ? "latn" : "zzzz", features);
  if (!plan) return undefined;
  const n = text.length;
  const ids = new Uint16Array(n);
  const advances = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const code = text.charCodeAt(i);
    let entry = facePlans.advances.get(code);
    if (!entry) {
      entry = glyphFor(facePlans, code);
      facePlans.advances.set(code, entry);
    }
    if (entry.id === 0) return undefined;
    const cls = facePlans.classOf(entry.id);
    if (cls > 1) return undefined; // ligature, mark or component glyphs: lookup flags could matter
    ids[i] = entry.id;
    advances[i] = entry.advance;
  }
  if (!noGuardApplies(facePlans, plan, text, ids, advances)) {
    // Possibly only contextual single substitutions (Inter's calt: a hyphen between capitals or figures
    // becomes hyphen.case): applied here when that is provably all GSUB does, then GPOS checked on the result.
    const cmapIds = ids.slice();
    if (!contextualSubstitutions(plan, ids)) return undefined;
    for (let i = 0; i < n; i++) {
      if (ids[i] === cmapIds[i]) continue;
      if (facePlans.classOf(ids[i]!) > 1) return undefined;
      advances[i] = substitutedAdvance(facePlans, ids[i]!, text.charCodeAt(i));
    }
    if (anyGuardApplies(plan, ids, true)) return undefined;
  }
  const offsetsX = new Float64Array(n);
  const offsetsY = new Float64Array(n);
  for (let i = 0; i + 1 < n; i++) {
    const adj = pairAdjustment(plan, ids[i]!, ids[i + 1]!);
    if (!adj) continue;
    advances[i] = advances[i]! + adj[0]!;
    offsetsX[i] = offsetsX[i]! + adj[1]!;
    offsetsY[i] = offsetsY[i]! + adj[2]!;
    advances[i + 1] = advances[i + 1]! + adj[3]!;
    offsetsX[i + 1] = offsetsX[i + 1]! + adj[4]!;
    offsetsY[i + 1] = offsetsY[i + 1]! + adj[5]!;
  }
  return { ids, advances, offsetsX, offsetsY };
}

const NO_FEATURES: readonly string[] = [];

type Tables = { GSUB?: LayoutTable; GPOS?: LayoutTable; morx?: unknown; kern?: unknown; GDEF?: { glyphClassDef?: ClassDef } };

function facePlansOf(font: Font): FacePlans | null {
  try {
    const f = font as unknown as Tables;
    if (f.morx || !f.GPOS) return null;
    const metrics = rawMetricsOf(font);
    // fontkit's cmap lookup (what glyphForCodePoint asks), without making a Glyph per character.
    const cmap = (font as unknown as { _cmapProcessor?: { lookup?: unknown } })._cmapProcessor;
    const lookup = metrics && typeof cmap?.lookup === "function" ? (cmap as { lookup(codePoint: number): number }) : null;
    if (metrics && lookup) {
      return { font, plans: new Map(), advances: new Map(), substitutedAdvances: new Map(), classOf: (glyph) => rawGlyphClass(metrics, glyph), metrics, cmap: lookup };
    }
    const glyphClassDef = f.GDEF?.glyphClassDef;
    return {
      font,
      plans: new Map(),
      advances: new Map(),
      substitutedAdvances: new Map(),
      classOf: glyphClassDef ? (glyph) => classId(glyphClassDef, glyph) : () => 0,
      metrics: null,
      cmap: null,
    };
  } catch {
    return null;
  }
}

/** The cmap glyph of a character and its advance, as fontkit's glyphForCodePoint gives them. */
function glyphFor(facePlans: FacePlans, code: number): { id: number; advance: number } {
  if (facePlans.metrics && facePlans.cmap) {
    const id = facePlans.cmap.lookup(code);
    return { id, advance: rawAdvance(facePlans.metrics, id) };
  }
  const glyph = facePlans.font.glyphForCodePoint(code);
  return { id: glyph.id, advance: glyph.advanceWidth };
}

/** The plan for a script and user features, built on first use (a face's GSUB/GPOS lookups are decoded then). */
function planFor(facePlans: FacePlans, script: string, features: readonly string[]): Plan | null {
  const key = features.length === 0 ? script : `${script}|${features.join(",")}`;
  let plan = facePlans.plans.get(key);
  if (plan === undefined) {
    try {
      const f = facePlans.font as unknown as Tables;
      plan = buildPlan(f.GSUB, f.GPOS!, script, f.kern !== undefined, features, rawTablesOf(facePlans.font));
    } catch {
      plan = null;
    }
    facePlans.plans.set(key, plan);
  }
  return plan;
}

/** The advance of a glyph reached by substitution, read as fontkit reads it (getGlyph with the source code point). */
function substitutedAdvance(facePlans: FacePlans, id: number, code: number): number {
  let advance = facePlans.substitutedAdvances.get(id);
  if (advance === undefined) {
    advance = facePlans.metrics ? rawAdvance(facePlans.metrics, id) : facePlans.font.getGlyph(id, [code]).advanceWidth;
    facePlans.substitutedAdvances.set(id, advance);
  }
  return advance;
}

/**
 * Whether no guard applies to the cmap glyphs `ids`, nor (with user features) to any state the features' single
 * substitutions put them in (conservative: each state is checked against every guard); the substitutions are
 * applied to `ids` and `advances` as it goes. False leaves them as they were.
 */
function noGuardApplies(facePlans: FacePlans, plan: Plan, text: string, ids: Uint16Array, advances: Float64Array): boolean {
  if (anyGuardApplies(plan, ids)) return false;
  if (plan.substitutions.length === 0) return true;
  const cmapIds = ids.slice();
  const cmapAdvances = advances.slice();
  for (const subtables of plan.substitutions) {
    const before = ids.slice();
    if (!substitute(subtables, ids)) continue;
    let ok = true;
    for (let i = 0; i < ids.length && ok; i++) {
      if (ids[i] === before[i]) continue;
      if (facePlans.classOf(ids[i]!) > 1) ok = false;
      else advances[i] = substitutedAdvance(facePlans, ids[i]!, text.charCodeAt(i));
    }
    if (!ok || anyGuardApplies(plan, ids)) {
      ids.set(cmapIds);
      advances.set(cmapAdvances);
      return false;
    }
  }
  return true;
}

/** Whether some guard (only GPOS ones with `gposOnly`) could apply at some position of `ids`. */
function anyGuardApplies(plan: Plan, ids: Uint16Array, gposOnly = false): boolean {
  for (let i = 0; i < ids.length; i++) {
    for (const guard of guardsAt(plan, ids[i]!)) {
      if ("raw" in guard) {
        if ((!gposOnly || guard.raw.gpos) && rawGuardApplies(guard, ids, i)) return true;
      } else if ((!gposOnly || guard.gpos) && applies(guard, ids, i)) return true;
    }
  }
  return false;
}

/**
 * Runs the GSUB lookups over `ids` as fontkit's GSUBProcessor does (lookup-index order, each over every position,
 * its first applying subtable winning) when each subtable that applies is a context rule by coverages calling
 * single substitutions, and proves the others do not apply; false (fontkit shapes the string) otherwise.
 * No glyph here is a mark, ligature or component (fastShape checks the classes), so lookup flags change nothing.
 */
function contextualSubstitutions(plan: Plan, ids: Uint16Array): boolean {
  for (const step of plan.gsubSteps) {
    if (!("raw" in step)) {
      substitute(step, ids); // a user feature's single substitution (fontkit runs it in index order with the rest)
      continue;
    }
    const group = step;
    if (!group.rawGuards || group.twice) return false;
    for (let i = 0; i < ids.length; i++) {
      for (const guard of group.rawGuards) {
        if (!rawGuardCovers(guard, ids[i]!)) continue;
        const records = rawContextMatch(guard, ids, i);
        if (records === null) continue;
        if (records === "unknown") {
          if (rawGuardApplies(guard, ids, i)) return false;
          continue;
        }
        for (let r = 0; r < records.length; r += 2) {
          const at = i + records[r]!;
          if (at >= ids.length) return false;
          const id = rawSingleSubstitute(guard.raw, records[r + 1]!, ids[at]!);
          if (id === null) return false;
          ids[at] = id;
        }
        break;
      }
    }
  }
  return true;
}

/** Applies one single-substitution lookup to every glyph as fontkit does (first covering subtable wins). */
function substitute(subtables: readonly SubTable[], ids: Uint16Array): boolean {
  let changed = false;
  for (let i = 0; i < ids.length; i++) {
    for (const t of subtables) {
      const index = coverageIndex(t.coverage!, ids[i]!);
      if (index < 0) continue;
      const id = t.version === 1 ? (ids[i]! + t.deltaGlyphID!) & 0xffff : t.substitute!.get(index);
      if (id !== ids[i]) changed = true;
      ids[i] = id;
      break;
    }
  }
  return changed;
}

/**
 * The langsys fontkit would select for `script`, then the lookups of the default features and of `extra` (the
 * user features), and per lookup index how many of the selected features list it.
 */
function lookupsFor(
  table: LayoutTable | undefined,
  script: string,
  extra: readonly string[],
): { indexes: number[]; tags: Set<string>; extraIndexes: Set<number>; shared: boolean; twice: Set<number> } {
  if (!table) return { indexes: [], tags: new Set(), extraIndexes: new Set(), shared: false, twice: new Set() };
  const entry =
    table.scriptList.find((s) => s.tag === script) ??
    DEFAULT_SCRIPTS.map((tag) => table.scriptList.find((s) => s.tag === tag)).find((s) => s !== undefined);
  const langSys = entry?.script.defaultLangSys;
  const features = new Map<string, { lookupListIndexes: ArrayLike<number> }>();
  if (langSys) {
    for (const index of Array.from(langSys.featureIndexes)) {
      const record = table.featureList[index];
      if (record) features.set(record.tag, record.feature);
    }
  }
  const indexes = new Set<number>();
  const extraIndexes = new Set<number>();
  const twice = new Set<number>();
  let shared = false;
  for (const [tag, feature] of features) {
    const isExtra = extra.includes(tag);
    if (!FEATURES.has(tag) && !isExtra) continue;
    for (const i of new Set(Array.from(feature.lookupListIndexes))) {
      // A lookup listed by two selected features runs twice in fontkit: only modelled for guards (no-ops).
      if (indexes.has(i) && (isExtra || extraIndexes.has(i))) shared = true;
      if (indexes.has(i)) twice.add(i);
      indexes.add(i);
      if (isExtra) extraIndexes.add(i);
    }
  }
  const sorted = [...indexes].sort((a, b) => a - b);
  return { indexes: sorted, tags: new Set(features.keys()), extraIndexes, shared, twice };
}

function buildPlan(
  gsub: LayoutTable | undefined,
  gpos: LayoutTable,
  script: string,
  legacyKern: boolean,
  extra: readonly string[],
  raw: { GSUB: RawLayoutTable | null; GPOS: RawLayoutTable | null },
): Plan | null {
  const groups: GuardGroup[] = [];
  const substitutions: SubTable[][] = [];
  const gsubSteps: (GuardGroup | readonly SubTable[])[] = [];
  const pairLookups: PairLookup[] = [];
  const subs = lookupsFor(gsub, script, extra);
  const pos = lookupsFor(gpos, script, extra);
  // Without a GPOS `kern` feature fontkit kerns with the legacy `kern` table: not modelled here.
  if (!pos.tags.has("kern") && legacyKern) return null;
  if (subs.shared || pos.shared) return null;
  for (const [gposTable, found, table, rawTable] of [
    [false, subs, gsub, raw.GSUB],
    [true, pos, gpos, raw.GPOS],
  ] as const) {
    for (const index of found.indexes) {
      const isExtra = !gposTable && found.extraIndexes.has(index);
      const stored = rawTable && !isExtra ? rawLookup(rawTable, index) : null;
      if (stored && !(gposTable && stored.types.includes(2))) {
        // Neither a substitution to apply nor pair kerning: guards, read from the bytes or decoded when a covered glyph is met.
        if (stored.flag & 0x6) return null; // ignoreBaseGlyphs, ignoreLigatures
        const group: GuardGroup = {
          raw: rawTable,
          firstCoverages: stored.firstCoverages,
          rawGuards: rawGuardsOf(rawTable!, stored),
          gpos: gposTable,
          twice: found.twice.has(index),
          guards: undefined,
          load: () => guardsOf(table!.lookupList.get(index), gposTable),
        };
        groups.push(group);
        if (!gposTable) gsubSteps.push(group);
        continue;
      }
      if (stored && gposTable && stored.types.every((t) => t === 2) && rawPairsReadable(rawTable!, stored.subtables, stored.firstCoverages)) {
        // Pair kerning only: read from the bytes, pair by pair, instead of decoding the lookup whole.
        if (stored.flag & 0x6) return null; // ignoreBaseGlyphs, ignoreLigatures
        let decoded: SubTable[] | undefined;
        pairLookups.push({
          raw: rawTable!,
          subtables: stored.subtables,
          coverages: stored.firstCoverages,
          decoded: () => (decoded ??= guardsOf(table!.lookupList.get(index), true).map((g) => g.table)),
        });
        continue;
      }
      const lookup = table!.lookupList.get(index);
      if (lookup.flags.flags?.ignoreBaseGlyphs || lookup.flags.flags?.ignoreLigatures) return null;
      if (isExtra) {
        // A user feature's substitution: applied when single (type 1), otherwise fontkit shapes the string.
        const tables: SubTable[] = [];
        for (let k = 0; k < lookup.subTables.length; k++) {
          let table = lookup.subTables[k]!;
          let type = lookup.lookupType;
          if (type === 7) {
            type = table.lookupType ?? 0;
            table = table.extension!;
          }
          if (type !== 1) return null;
          tables.push(table);
        }
        substitutions.push(tables);
        gsubSteps.push(tables);
        continue;
      }
      const guards = guardsOf(lookup, gposTable);
      const pairs = guards.filter((g) => gposTable && g.type === 2).map((g) => g.table);
      if (pairs.length > 0) {
        // A lookup mixing pair and other subtables stops at the first that applies: not modelled.
        if (pairs.length !== lookup.subTables.length) return null;
        pairLookups.push(pairs);
      } else {
        const group: GuardGroup = { raw: null, firstCoverages: null, rawGuards: null, gpos: gposTable, twice: found.twice.has(index), guards, load: () => guards };
        groups.push(group);
        if (!gposTable) gsubSteps.push(group);
      }
    }
  }
  return { groups, substitutions, gsubSteps, guardsByGlyph: new Map(), pairLookups, pairs: new Map() };
}

/** A decoded lookup's subtables as guards (extension subtables unwrapped). */
function guardsOf(lookup: Lookup, gpos: boolean): Guard[] {
  const guards: Guard[] = [];
  for (let k = 0; k < lookup.subTables.length; k++) {
    let type = lookup.lookupType;
    let table = lookup.subTables[k]!;
    if ((gpos && type === 9) || (!gpos && type === 7)) {
      type = table.lookupType ?? 0;
      table = table.extension!;
    }
    guards.push({ type, table, gpos });
  }
  return guards;
}

/** The guards that can apply at a position holding `glyph` (their first-position coverage has it). */
function guardsAt(plan: Plan, glyph: number): readonly (Guard | RawGuard)[] {
  let list = plan.guardsByGlyph.get(glyph);
  if (!list) {
    const found: (Guard | RawGuard)[] = [];
    for (const group of plan.groups) {
      if (group.rawGuards) {
        for (const g of group.rawGuards) if (rawGuardCovers(g, glyph)) found.push(g);
        continue;
      }
      const raw = group.raw;
      if (raw && group.firstCoverages && !group.firstCoverages.some((offset) => rawCoverageHas(raw, offset, glyph))) continue;
      group.guards ??= group.load();
      for (const g of group.guards) if (firstCoverage(g).some((c) => coverageIndex(c, glyph) >= 0)) found.push(g);
    }
    list = found;
    plan.guardsByGlyph.set(glyph, list);
  }
  return list;
}

/** The coverage tables of which one must hold the current glyph for the subtable to do anything. */
function firstCoverage(guard: Guard): Coverage[] {
  const t = guard.table;
  const type = guard.gpos ? gposAsGsub(guard.type) : guard.type;
  if (guard.gpos && (guard.type === 4 || guard.type === 5)) return t.markCoverage ? [t.markCoverage] : [];
  if (guard.gpos && guard.type === 6) return t.mark1Coverage ? [t.mark1Coverage] : [];
  if (type === 5 && t.version === 3) return t.coverages?.[0] ? [t.coverages[0]] : [];
  if (type === 6 && t.version === 3) return t.inputCoverage?.[0] ? [t.inputCoverage[0]] : [];
  return t.coverage ? [t.coverage] : [];
}

/** GPOS contextual lookups (7, 8) are matched like GSUB's (5, 6). */
function gposAsGsub(type: number): number {
  return type === 7 ? 5 : type === 8 ? 6 : -type;
}

/** Whether the guard's subtable would apply at position i (conservative: true unless proven not). */
function applies(guard: Guard, ids: Uint16Array, i: number): boolean {
  const t = guard.table;
  const type = guard.gpos ? gposAsGsub(guard.type) : guard.type;
  const glyph = ids[i]!;
  switch (type) {
    case 4: {
      const index = coverageIndex(t.coverage!, glyph);
      if (index < 0) return false;
      for (const lig of t.ligatureSets!.get(index)) if (glyphsMatch(ids, i + 1, lig.components)) return true;
      return false;
    }
    case 5: {
      if (t.version === 1) {
        const index = coverageIndex(t.coverage!, glyph);
        if (index < 0) return false;
        for (const rule of t.ruleSets![index] ?? []) if (glyphsMatch(ids, i + 1, rule.input)) return true;
        return false;
      }
      if (t.version === 2) {
        if (coverageIndex(t.coverage!, glyph) < 0) return false;
        for (const rule of t.classSet![classId(t.classDef!, glyph)] ?? []) {
          if (classesMatch(ids, i + 1, rule.classes, t.classDef!)) return true;
        }
        return false;
      }
      return coveragesMatch(ids, i, t.coverages!);
    }
    case 6: {
      if (t.version === 1) {
        const index = coverageIndex(t.coverage!, glyph);
        if (index < 0) return false;
        for (const rule of t.chainRuleSets![index] ?? []) {
          if (
            glyphsMatch(ids, i - rule.backtrack.length, rule.backtrack) &&
            glyphsMatch(ids, i + 1, rule.input) &&
            glyphsMatch(ids, i + 1 + rule.input.length, rule.lookahead)
          ) {
            return true;
          }
        }
        return false;
      }
      if (t.version === 2) {
        if (coverageIndex(t.coverage!, glyph) < 0) return false;
        for (const rule of t.chainClassSet![classId(t.inputClassDef!, glyph)] ?? []) {
          if (
            classesMatch(ids, i - rule.backtrack.length, rule.backtrack, t.backtrackClassDef!) &&
            classesMatch(ids, i + 1, rule.input, t.inputClassDef!) &&
            classesMatch(ids, i + 1 + rule.input.length, rule.lookahead, t.lookaheadClassDef!)
          ) {
            return true;
          }
        }
        return false;
      }
      return (
        coveragesMatch(ids, i - (t.backtrackGlyphCount ?? 0), t.backtrackCoverage!) &&
        coveragesMatch(ids, i, t.inputCoverage!) &&
        coveragesMatch(ids, i + (t.inputGlyphCount ?? 0), t.lookaheadCoverage!)
      );
    }
    default:
      // Single, multiple, alternate substitution; single, cursive and mark positioning: the current
      // glyph being covered is enough (guardsAt already checked it), so they apply.
      return true;
  }
}

// fontkit's OTProcessor.match: sequence[k] is compared with the glyph at start + k; out of range fails.
function glyphsMatch(ids: Uint16Array, start: number, sequence: ArrayLike<number>): boolean {
  if (start < 0 || start + sequence.length > ids.length) return sequence.length === 0;
  for (let k = 0; k < sequence.length; k++) if (ids[start + k] !== sequence[k]) return false;
  return true;
}

function classesMatch(ids: Uint16Array, start: number, sequence: ArrayLike<number>, classDef: ClassDef): boolean {
  if (start < 0 || start + sequence.length > ids.length) return sequence.length === 0;
  for (let k = 0; k < sequence.length; k++) if (classId(classDef, ids[start + k]!) !== sequence[k]) return false;
  return true;
}

function coveragesMatch(ids: Uint16Array, start: number, coverages: readonly Coverage[]): boolean {
  if (start < 0 || start + coverages.length > ids.length) return coverages.length === 0;
  for (let k = 0; k < coverages.length; k++) if (coverageIndex(coverages[k]!, ids[start + k]!) < 0) return false;
  return true;
}

/** fontkit's coverageIndex, memoised per coverage table as a Map. */
function coverageIndex(coverage: Coverage, glyph: number): number {
  let map = coverageMaps.get(coverage);
  if (!map) {
    map = new Map();
    if (coverage.version === 1) {
      const glyphs = coverage.glyphs;
      for (let i = glyphs.length - 1; i >= 0; i--) map.set(glyphs[i]!, i);
    } else {
      for (let r = coverage.rangeRecords.length - 1; r >= 0; r--) {
        const range = coverage.rangeRecords[r]!;
        for (let g = range.end; g >= range.start; g--) map.set(g, (range.startCoverageIndex ?? 0) + g - range.start);
      }
    }
    coverageMaps.set(coverage, map);
  }
  return map.get(glyph) ?? -1;
}

/** fontkit's getClassID: 0 for glyphs the class definition does not list. */
function classId(classDef: ClassDef, glyph: number): number {
  if (classDef.version === 1) {
    const i = glyph - classDef.startGlyph;
    return i >= 0 && i < classDef.classValueArray.length ? classDef.classValueArray[i]! : 0;
  }
  for (const range of classDef.classRangeRecord) if (range.start <= glyph && glyph <= range.end) return range.class;
  return 0;
}

/** Pair kerning for (a, b) summed over the pair lookups, each taking its first applicable subtable. */
function pairAdjustment(plan: Plan, a: number, b: number): Float64Array | null {
  const key = a * 65536 + b;
  const known = plan.pairs.get(key);
  if (known !== undefined) return known;
  const adj = new Float64Array(6);
  let any = false;
  for (const pairLookup of plan.pairLookups) {
    let subtables: readonly SubTable[];
    if ("raw" in pairLookup) {
      let result: PairResult = "next";
      for (let k = 0; k < pairLookup.subtables.length && result === "next"; k++) {
        result = rawPairValues(pairLookup.raw, pairLookup.subtables[k]!, pairLookup.coverages[k]!, a, b);
      }
      if (result === "next") continue;
      if (result !== "unknown") {
        any = addRaw(adj, 0, result.first) || any;
        any = addRaw(adj, 3, result.second) || any;
        continue;
      }
      subtables = pairLookup.decoded();
    } else subtables = pairLookup;
    for (const t of subtables) {
      const index = coverageIndex(t.coverage!, a);
      if (index < 0) continue;
      let values: { value1?: Value; value2?: Value } | undefined;
      if (t.version === 1) {
        values = t.pairSets!.get(index).find((pair) => pair.secondGlyph === b);
        if (!values) continue;
      } else {
        values = t.classRecords!.get(classId(t.classDef1!, a)).get(classId(t.classDef2!, b));
      }
      any = addValue(adj, 0, values?.value1) || any;
      any = addValue(adj, 3, values?.value2) || any;
      break;
    }
  }
  const result = any ? adj : null;
  plan.pairs.set(key, result);
  return result;
}

function addRaw(adj: Float64Array, at: number, [x, px, py]: readonly [number, number, number]): boolean {
  adj[at] = adj[at]! + x;
  adj[at + 1] = adj[at + 1]! + px;
  adj[at + 2] = adj[at + 2]! + py;
  return x !== 0 || px !== 0 || py !== 0;
}

function addValue(adj: Float64Array, at: number, value: Value | undefined): boolean {
  if (!value) return false;
  const x = value.xAdvance ?? 0;
  const px = value.xPlacement ?? 0;
  const py = value.yPlacement ?? 0;
  adj[at] = adj[at]! + x;
  adj[at + 1] = adj[at + 1]! + px;
  adj[at + 2] = adj[at + 2]! + py;
  return x !== 0 || px !== 0 || py !== 0;
}
