// The cascade: for every element, the declarations of the rules it matches (user-agent sheet, then the
// template's sheets, then its style attribute) sorted by importance and origin, specificity and order; the
// winners become its computed style (style.ts). When every selector looks only at what an element's
// "shape" captures (shape.ts), the style is computed once per shape and kept with the compiled sheet, so a
// stored template's later renders — and the 500 rows of one render — only look their shape up. Otherwise
// elements that match the same rules under the same parent style share one computed style object.
import { DiagnosticSink, type Diagnostic } from "../diagnostics.js";
import { parseStyleAttribute, parseStyleSheets, type StyleRule, type StyleSheet } from "./css.js";
import { RuleIndex } from "./rule-index.js";
import type { HtmlElement } from "./dom.js";
import { PENDING, type Declaration } from "./shorthands.js";
import { NO_CUSTOM, pendingValue, resolveCustom } from "./var.js";
import { nthMatches, sheetShape, type SheetShape } from "./shape.js";
import { computeStyle, LANG_ATTRIBUTE, SUPPORTED, type ComputedStyle, type FontUnits, type StyleExtras } from "./style.js";
import { UA_CSS } from "./ua.js";
import { HINT_ATTRIBUTES, presentationalHints } from "./hints.js";
import { isFootnoteFloat } from "./pseudo.js";

/** The page box in points (vw/vh). */
export type Viewport = NonNullable<StyleExtras["viewport"]>;

/** Computed styles by element. */
export type Styles = ReadonlyMap<HtmlElement, ComputedStyle>;

interface Weighted {
  readonly declaration: Declaration;
  /** Tier (importance and origin), then specificity, then order. */
  readonly tier: number;
  readonly specificity: number;
  readonly order: number;
  readonly source: string;
}

// The user-agent sheet is parsed and indexed once per process; its rules come before every author rule.
let uaRules: RuleIndex | undefined;
function userAgentRules(diagnostics: DiagnosticSink): RuleIndex {
  uaRules ??= new RuleIndex(parseStyleSheets([UA_CSS], diagnostics, -1e6).rules);
  return uaRules;
}

// Per compiled sheet: its rule index, its shape, and the styles computed so far by shape.
interface SheetState {
  readonly author: RuleIndex;
  readonly shape: SheetShape;
  /** Shape key → id; an element's key holds its parent's id, so ids chain shapes up to the root. */
  readonly ids: Map<string, number>;
  readonly byId: ShapeStyle[];
  /** The attribute part of a shape key per attribute map (template elements without tokens keep theirs). */
  readonly attributeKeys: WeakMap<ReadonlyMap<string, string>, string>;
}

interface ShapeStyle {
  readonly style: ComputedStyle;
  /** What computing it reported (unsupported properties, unreadable style attributes): repeated per render. */
  readonly diagnostics: readonly Diagnostic[];
}

/** Shapes kept per sheet before the cache starts again (a template whose attributes vary per row). */
const MAX_SHAPES = 20_000;

const states = new WeakMap<StyleSheet, SheetState>();

function stateOf(sheet: StyleSheet, ua: RuleIndex): SheetState {
  let state = states.get(sheet);
  if (!state) {
    const shape = sheetShape([...ua.rules, ...sheet.rules].map((r) => r.shape));
    state = { author: new RuleIndex(sheet.rules), shape, ids: new Map(), byId: [], attributeKeys: new WeakMap() };
    states.set(sheet, state);
  }
  return state;
}

/** Computes the style of every element under `root` (iteratively: trees may be deep). */
export function cascade(root: HtmlElement, sheet: StyleSheet, diagnostics: DiagnosticSink, viewport?: Viewport, fontUnits?: FontUnits): Styles {
  const ua = userAgentRules(diagnostics);
  const state = stateOf(sheet, ua);
  const extras: StyleExtras = { ...(viewport ? { viewport } : {}), ...(fontUnits ? { fontUnits } : {}) };
  return state.shape.safe ? cascadeByShape(root, state, ua, diagnostics, extras) : cascadeEach(root, state.author, ua, diagnostics, extras);
}

// The cascade with one style per shape, kept across renders.
function cascadeByShape(root: HtmlElement, state: SheetState, ua: RuleIndex, diagnostics: DiagnosticSink, extras: StyleExtras): Styles {
  if (state.ids.size > MAX_SHAPES) {
    state.ids.clear();
    state.byId.length = 0;
  }
  const styles = new Map<HtmlElement, ComputedStyle>();
  const reported = new Set<number>();
  let rootSize = 12;
  const stack: { el: HtmlElement; parent: number; position: string }[] = [{ el: root, parent: -1, position: "" }];
  while (stack.length > 0) {
    const { el, parent, position } = stack.pop() as { el: HtmlElement; parent: number; position: string };
    const key = `${parent}\u0001${el.tag}\u0001${position}\u0001${attributeKey(el.attrs, state)}`;
    let id = state.ids.get(key);
    if (id === undefined) {
      const recorded = new DiagnosticSink();
      const style = computedFor(el, matchedRules(el, ua, state.author), state.byId[parent]?.style, rootSize, recorded, extras);
      id = state.byId.push({ style, diagnostics: recorded.items }) - 1;
      state.ids.set(key, id);
    }
    const entry = state.byId[id] as ShapeStyle;
    if (!reported.has(id)) {
      reported.add(id);
      for (const d of entry.diagnostics) diagnostics.add(d.code, d.message, d.path);
    }
    if (el === root) rootSize = entry.style.size;
    styles.set(el, entry.style);
    const children = el.children.filter((c): c is HtmlElement => c.kind === "element");
    const positions = positionKeys(children, state.shape);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ el: children[i] as HtmlElement, parent: id, position: positions[i] as string });
  }
  return styles;
}

// The attributes selectors test (and the style attribute), as one string per attribute map.
function attributeKey(attrs: ReadonlyMap<string, string>, state: SheetState): string {
  let key = state.attributeKeys.get(attrs);
  if (key !== undefined) return key;
  const all = state.shape.attributes.has("*");
  key = "";
  for (const [name, value] of attrs) if (all || state.shape.attributes.has(name) || HINT_ATTRIBUTES.has(name)) key += `${name}\u0002${value}\u0003`;
  state.attributeKeys.set(attrs, key);
  return key;
}

// For each element child, which of the sheet's positional tests it passes, as a string of 0s and 1s.
function positionKeys(children: readonly HtmlElement[], shape: SheetShape): string[] {
  if (shape.nth.length === 0) return children.map(() => "");
  const ofType = shape.nth.some((t) => t.ofType);
  const typeCount = new Map<string, number>();
  const typeIndex: number[] = [];
  if (ofType) {
    for (const c of children) {
      const n = (typeCount.get(c.tag) ?? 0) + 1;
      typeCount.set(c.tag, n);
      typeIndex.push(n);
    }
  }
  return children.map((c, i) => {
    let key = "";
    for (const t of shape.nth) {
      const index = t.ofType ? (t.fromEnd ? (typeCount.get(c.tag) as number) - (typeIndex[i] as number) + 1 : (typeIndex[i] as number)) : t.fromEnd ? children.length - i : i + 1;
      key += nthMatches(t, index) ? "1" : "0";
    }
    return key;
  });
}

// The cascade matching every element, for sheets with selectors a shape cannot answer.
function cascadeEach(root: HtmlElement, author: RuleIndex, ua: RuleIndex, diagnostics: DiagnosticSink, extras: StyleExtras): Styles {
  const styles = new Map<HtmlElement, ComputedStyle>();
  const shared = new Map<ComputedStyle | undefined, Map<string, ComputedStyle>>();
  const ids = new WeakMap<readonly Declaration[], number>();
  let nextId = 0;
  const idOf = (list: readonly Declaration[]): number => {
    let id = ids.get(list);
    if (id === undefined) ids.set(list, (id = nextId++));
    return id;
  };
  let rootSize = 12;
  const stack: { el: HtmlElement; parent: ComputedStyle | undefined }[] = [{ el: root, parent: undefined }];
  while (stack.length > 0) {
    const { el, parent } = stack.pop() as { el: HtmlElement; parent: ComputedStyle | undefined };
    const matched = matchedRules(el, ua, author);
    const lang = el.attrs.get("lang");
    const hints = hintKey(el);
    const key = `${matched.map((m) => `${m.rule.order}:${idOf(m.rule.declarations)}`).join(",")}|${el.attrs.get("style") ?? ""}${lang !== undefined ? `|lang=${lang}` : ""}${hints}`;
    let byKey = shared.get(parent);
    if (!byKey) shared.set(parent, (byKey = new Map()));
    let style = byKey.get(key);
    if (!style) {
      style = computedFor(el, matched, parent, rootSize, diagnostics, extras);
      byKey.set(key, style);
    }
    if (el === root) rootSize = style.size;
    styles.set(el, style);
    for (let i = el.children.length - 1; i >= 0; i--) {
      const child = el.children[i];
      if (child?.kind === "element") stack.push({ el: child, parent: style });
    }
  }
  return styles;
}

// The hints an element gets, as part of its style key (cells take their table's cellpadding and border).
function hintKey(el: HtmlElement): string {
  const hints = presentationalHints(el);
  return hints.length === 0 ? "" : `|${hints.map((d) => `${d.property}:${d.value}`).join(";")}`;
}

function matchedRules(el: HtmlElement, ua: RuleIndex, author: RuleIndex): { rule: StyleRule; tier: number }[] {
  const matched: { rule: StyleRule; tier: number }[] = [];
  for (const rule of ua.candidates(el)) if (rule.matches(el)) matched.push({ rule, tier: 0 });
  for (const rule of author.candidates(el)) if (rule.matches(el)) matched.push({ rule, tier: 1 });
  return matched;
}

// The computed style of an element from the rules it matches, its style attribute and its parent's style.
function computedFor(el: HtmlElement, matched: readonly { rule: StyleRule; tier: number }[], parent: ComputedStyle | undefined, rootSize: number, diagnostics: DiagnosticSink, extras: StyleExtras = {}): ComputedStyle {
  const weighted: Weighted[] = [];
  for (const { rule, tier } of matched) {
    for (const declaration of rule.declarations) {
      weighted.push({ declaration, tier: declaration.important ? 3 - tier : tier, specificity: rule.specificity, order: rule.order, source: rule.selector });
    }
  }
  // Presentational hints: author level, before every author rule.
  for (const declaration of presentationalHints(el)) weighted.push({ declaration, tier: 1, specificity: -1, order: 0, source: el.path });
  const inline = el.attrs.get("style");
  if (inline !== undefined) {
    for (const declaration of parseStyleAttribute(inline, diagnostics, el.path)) {
      weighted.push({ declaration, tier: declaration.important ? 2 : 1, specificity: 1e9, order: 0, source: el.path });
    }
  }
  weighted.sort((a, b) => a.tier - b.tier || a.specificity - b.specificity || a.order - b.order);
  const specified = new Map<string, string>();
  const own = new Map<string, string>();
  let pending = false;
  for (const w of weighted) {
    const { property, value } = w.declaration;
    if (property.startsWith("--")) {
      own.set(property, value);
      continue;
    }
    if (!SUPPORTED.has(property) && !isFootnoteFloat(property, value)) {
      diagnostics.add("css.unsupported", `${property} is not supported; the content is laid out without it`, w.source);
      continue;
    }
    specified.set(property, value);
    if (value.startsWith(PENDING)) pending = true;
  }
  const custom = resolveCustom(own, parent?.custom ?? NO_CUSTOM);
  if (pending) for (const [p, v] of specified) if (v.startsWith(PENDING)) specified.set(p, pendingValue(p, v, custom));
  const lang = el.attrs.get("lang");
  if (lang !== undefined) specified.set(LANG_ATTRIBUTE, lang);
  return computeStyle(specified, parent, rootSize, { ...extras, custom });
}
