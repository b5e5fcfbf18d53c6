// What a selector can see of an element, read from its syntax: the attributes it tests and the positional
// tests (:nth-child and friends) it applies. Selectors that look only at tag, attributes, position among
// siblings and ancestors give the same answer for two elements with the same "shape" — tag, tested
// attributes, results of every positional test, and the same shape of parent — so the cascade computes a
// style once per shape (500 table rows have two shapes under `tr:nth-child(even)`). Selectors that look
// elsewhere (sibling combinators, :has, :empty, :contains …) make the whole sheet fall back to matching
// every element.
import type * as csstree from "css-tree";

/** A positional test: `a·n + b` counted from the start or the end, among all element siblings or those of its type. */
export interface NthTest {
  readonly a: number;
  readonly b: number;
  readonly fromEnd: boolean;
  readonly ofType: boolean;
}

/** What one selector depends on. */
export interface SelectorShape {
  /** False when the selector looks at anything the shape does not capture. */
  readonly safe: boolean;
  readonly attributes: readonly string[];
  readonly nth: readonly NthTest[];
}

// Pseudo-classes whose answer depends only on the tag and attributes of the element and its ancestors
// (css-select reads these from attributes, or answers them constantly for a document that is never
// interactive); which attributes is css-select's business, so all of them join the shape ("*").
const ATTRIBUTE_ONLY = new Set([
  "link", "any-link", "checked", "disabled", "enabled", "selected", "required", "optional", "visited", "hover",
  "active", "focus", "focus-visible", "focus-within", "read-only", "read-write", "placeholder-shown", "target",
]);
// Pseudo-classes whose argument is a selector list analysed recursively.
const NESTED = new Set(["not", "is", "where", "matches", "any", "-webkit-any"]);
// Positional pseudo-classes as tests.
const POSITIONAL: Readonly<Record<string, readonly NthTest[]>> = {
  "first-child": [{ a: 0, b: 1, fromEnd: false, ofType: false }],
  "last-child": [{ a: 0, b: 1, fromEnd: true, ofType: false }],
  "only-child": [{ a: 0, b: 1, fromEnd: false, ofType: false }, { a: 0, b: 1, fromEnd: true, ofType: false }],
  "first-of-type": [{ a: 0, b: 1, fromEnd: false, ofType: true }],
  "last-of-type": [{ a: 0, b: 1, fromEnd: true, ofType: true }],
  "only-of-type": [{ a: 0, b: 1, fromEnd: false, ofType: true }, { a: 0, b: 1, fromEnd: true, ofType: true }],
};
const NTH: Readonly<Record<string, { fromEnd: boolean; ofType: boolean }>> = {
  "nth-child": { fromEnd: false, ofType: false },
  "nth-last-child": { fromEnd: true, ofType: false },
  "nth-of-type": { fromEnd: false, ofType: true },
  "nth-last-of-type": { fromEnd: true, ofType: true },
};

/** The shape of one parsed selector. */
export function selectorShape(selector: csstree.Selector): SelectorShape {
  const attributes = new Set<string>();
  const nth: NthTest[] = [];
  const safe = visitSelector(selector, attributes, nth);
  return { safe, attributes: [...attributes], nth };
}

function visitSelector(selector: csstree.Selector, attributes: Set<string>, nth: NthTest[]): boolean {
  let safe = true;
  selector.children.forEach((node) => {
    if (!safe) return;
    switch (node.type) {
      case "TypeSelector":
        return;
      case "IdSelector":
        attributes.add("id");
        return;
      case "ClassSelector":
        attributes.add("class");
        return;
      case "AttributeSelector":
        attributes.add(node.name.name.toLowerCase());
        return;
      case "Combinator":
        // Descendant and child combinators climb to ancestors, which the parent's shape covers.
        safe = node.name === " " || node.name === ">";
        return;
      case "PseudoClassSelector":
        safe = visitPseudo(node, attributes, nth);
        return;
      default:
        safe = false;
    }
  });
  return safe;
}

function visitPseudo(node: csstree.PseudoClassSelector, attributes: Set<string>, nth: NthTest[]): boolean {
  const name = node.name.toLowerCase();
  if (name === "root") return true;
  if (ATTRIBUTE_ONLY.has(name)) {
    attributes.add("*");
    return true;
  }
  const positional = POSITIONAL[name];
  if (positional) {
    nth.push(...positional);
    return true;
  }
  const first = node.children?.first;
  const kind = NTH[name];
  if (kind) {
    if (first?.type !== "Nth" || first.selector) return false;
    const ab = anPlusB(first.nth);
    if (!ab) return false;
    nth.push({ ...ab, ...kind });
    return true;
  }
  if (NESTED.has(name) && first?.type === "SelectorList") {
    let safe = true;
    first.children.forEach((s) => {
      if (safe) safe = s.type === "Selector" && visitSelector(s, attributes, nth);
    });
    return safe;
  }
  return false;
}

function anPlusB(node: csstree.AnPlusB | csstree.Identifier): { a: number; b: number } | undefined {
  if (node.type === "Identifier") {
    const name = node.name.toLowerCase();
    return name === "even" ? { a: 2, b: 0 } : name === "odd" ? { a: 2, b: 1 } : undefined;
  }
  const a = node.a === null ? 0 : Number(node.a);
  const b = node.b === null ? 0 : Number(node.b);
  return Number.isFinite(a) && Number.isFinite(b) ? { a, b } : undefined;
}

/** Whether the 1-based position `index` is `a·n + b` for some n ≥ 0. */
export function nthMatches(test: NthTest, index: number): boolean {
  const { a, b } = test;
  if (a === 0) return index === b;
  const n = (index - b) / a;
  return Number.isInteger(n) && n >= 0;
}

/** The shape of a whole sheet: safe only when every selector is; the union of attributes and tests. */
export interface SheetShape {
  readonly safe: boolean;
  readonly attributes: ReadonlySet<string>;
  readonly nth: readonly NthTest[];
}

/** Combines the shapes of every rule (user agent and author) a cascade uses. */
export function sheetShape(shapes: Iterable<SelectorShape>): SheetShape {
  let safe = true;
  // The style attribute decides the style itself, and lang the language the style carries (hyphenation
  // patterns), so both are always part of the shape.
  const attributes = new Set<string>(["style", "lang"]);
  const nth = new Map<string, NthTest>();
  for (const shape of shapes) {
    safe &&= shape.safe;
    for (const a of shape.attributes) attributes.add(a);
    for (const t of shape.nth) nth.set(`${t.a},${t.b},${t.fromEnd},${t.ofType}`, t);
  }
  return { safe, attributes, nth: [...nth.values()] };
}
