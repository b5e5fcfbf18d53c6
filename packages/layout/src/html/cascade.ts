// The cascade: for every element, the declarations of the rules it matches (user-agent sheet, then the
// template's sheets, then its style attribute) sorted by importance and origin, specificity and order; the
// winners become its computed style (style.ts). Elements that match the same rules under the same parent
// style share one computed style object (rows of a table mostly do).
import type { DiagnosticSink } from "../diagnostics.js";
import { parseStyleAttribute, parseStyleSheets, type StyleRule, type StyleSheet } from "./css.js";
import { RuleIndex } from "./rule-index.js";
import type { HtmlElement } from "./dom.js";
import type { Declaration } from "./shorthands.js";
import { computeStyle, SUPPORTED, type ComputedStyle } from "./style.js";
import { UA_CSS } from "./ua.js";

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

// Author rules indexed once per compiled sheet (a cached template keeps its index).
const indexes = new WeakMap<StyleSheet, RuleIndex>();

/** Computes the style of every element under `root` (iteratively: trees may be deep). */
export function cascade(root: HtmlElement, sheet: StyleSheet, diagnostics: DiagnosticSink): Styles {
  const ua = userAgentRules(diagnostics);
  let author = indexes.get(sheet);
  if (!author) indexes.set(sheet, (author = new RuleIndex(sheet.rules)));
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
    const matched: { rule: StyleRule; tier: number }[] = [];
    for (const rule of ua.candidates(el)) if (rule.matches(el)) matched.push({ rule, tier: 0 });
    for (const rule of author.candidates(el)) if (rule.matches(el)) matched.push({ rule, tier: 1 });
    const inline = el.attrs.get("style");
    const key = `${matched.map((m) => `${m.rule.order}:${idOf(m.rule.declarations)}`).join(",")}|${inline ?? ""}`;
    let byKey = shared.get(parent);
    if (!byKey) shared.set(parent, (byKey = new Map()));
    let style = byKey.get(key);
    if (!style) {
      const weighted: Weighted[] = [];
      for (const { rule, tier } of matched) {
        for (const declaration of rule.declarations) {
          weighted.push({ declaration, tier: declaration.important ? 3 - tier : tier, specificity: rule.specificity, order: rule.order, source: rule.selector });
        }
      }
      if (inline !== undefined) {
        for (const declaration of parseStyleAttribute(inline, diagnostics, el.path)) {
          weighted.push({ declaration, tier: declaration.important ? 2 : 1, specificity: 1e9, order: 0, source: el.path });
        }
      }
      weighted.sort((a, b) => a.tier - b.tier || a.specificity - b.specificity || a.order - b.order);
      const specified = new Map<string, string>();
      for (const w of weighted) {
        const { property, value } = w.declaration;
        if (!SUPPORTED.has(property) && !property.startsWith("--")) {
          diagnostics.add("css.unsupported", `${property} is not supported; the content is laid out without it`, w.source);
          continue;
        }
        specified.set(property, value);
      }
      style = computeStyle(specified, parent, rootSize);
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
