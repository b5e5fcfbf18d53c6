// Compiles a number pattern (`#,##0.00;(#,##0.00)`) into sections the formatter walks.
import { BoundedCache } from "./cache.js";

/** One printable piece of a section. */
export type PatternItem =
  | { readonly kind: "digit"; readonly zero: boolean }
  | { readonly kind: "percent" }
  | { readonly kind: "literal"; readonly text: string };

/** One `;`-separated section, split at its decimal point. */
export interface PatternSection {
  readonly intItems: readonly PatternItem[];
  readonly fracItems: readonly PatternItem[];
  readonly grouping: boolean;
  /** How many `%` signs: each multiplies by 100. */
  readonly percents: number;
  /** Integer digits always shown: placeholders from the leftmost `0` to the point. */
  readonly minInt: number;
  readonly minFrac: number;
  readonly maxFrac: number;
  readonly intPlaceholders: number;
}

/** A compiled pattern: positive (and zero) section, optional negative and zero sections. */
export interface NumberPattern {
  readonly positive: PatternSection;
  readonly negative?: PatternSection;
  readonly zero?: PatternSection;
}

/** The default pattern of a bare `number` filter. */
export const DEFAULT_NUMBER_PATTERN = "#,##0.##";

const PRESETS: Readonly<Record<string, string>> = {
  integer: "#,##0",
  decimal: "#,##0.00",
  percent: "#,##0.##%",
};

type RawItem = PatternItem | { readonly kind: "point" } | { readonly kind: "comma" } | { readonly kind: "semicolon" };

const cache = new BoundedCache<string, NumberPattern>(500);

/** Compiles a pattern or preset name; absent, empty or digitless patterns fall back to the default. */
export function compileNumberPattern(pattern: string | undefined): NumberPattern {
  const key = pattern ?? "";
  return cache.get(key, () => compile(key) ?? (compile(DEFAULT_NUMBER_PATTERN) as NumberPattern));
}

function compile(pattern: string): NumberPattern | undefined {
  const source = PRESETS[pattern.trim().toLowerCase()] ?? pattern;
  const sections = splitSections(tokenize(source));
  const [first, second, third] = sections;
  if (!first || !first.some((i) => i.kind === "digit")) return undefined;
  // An empty section is as if absent: `0.00;` prints negatives with the first section and a minus.
  return {
    positive: buildSection(first),
    ...(second && second.length > 0 ? { negative: buildSection(second) } : {}),
    ...(third && third.length > 0 ? { zero: buildSection(third) } : {}),
  };
}

// .NET rules: `'…'` and `"…"` quote literals, `\x` escapes one character, any other character is literal.
function tokenize(pattern: string): RawItem[] {
  const items: RawItem[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] ?? "";
    if (c === "'" || c === '"') {
      const close = pattern.indexOf(c, i + 1);
      const end = close < 0 ? pattern.length : close;
      items.push({ kind: "literal", text: pattern.slice(i + 1, end) });
      i = end;
    } else if (c === "\\") {
      items.push({ kind: "literal", text: pattern[++i] ?? "" });
    } else if (c === "0" || c === "#") items.push({ kind: "digit", zero: c === "0" });
    else if (c === ".") items.push({ kind: "point" });
    else if (c === ",") items.push({ kind: "comma" });
    else if (c === "%") items.push({ kind: "percent" });
    else if (c === ";") items.push({ kind: "semicolon" });
    else items.push({ kind: "literal", text: c });
  }
  return items;
}

function splitSections(items: readonly RawItem[]): RawItem[][] {
  const sections: RawItem[][] = [[]];
  for (const item of items) {
    if (item.kind === "semicolon") sections.push([]);
    else sections[sections.length - 1]?.push(item);
  }
  return sections;
}

function buildSection(raw: readonly RawItem[]): PatternSection {
  const point = raw.findIndex((i) => i.kind === "point");
  const intRaw = point < 0 ? raw : raw.slice(0, point);
  const fracRaw = point < 0 ? [] : raw.slice(point + 1);
  const firstDigit = intRaw.findIndex((i) => i.kind === "digit");
  const lastDigit = intRaw.findLastIndex((i) => i.kind === "digit");
  let grouping = false;
  const intItems: PatternItem[] = [];
  intRaw.forEach((item, at) => {
    // A comma between two integer placeholders switches grouping on; anywhere else it is a literal comma.
    if (item.kind === "comma" && at > firstDigit && at < lastDigit && firstDigit >= 0) grouping = true;
    else intItems.push(toItem(item));
  });
  const fracItems = fracRaw.map(toItem);
  const intDigits = intItems.filter((i) => i.kind === "digit");
  const fracDigits = fracItems.filter((i) => i.kind === "digit");
  const leftZero = intDigits.findIndex((i) => i.zero);
  return {
    intItems,
    fracItems,
    grouping,
    percents: raw.filter((i) => i.kind === "percent").length,
    minInt: leftZero < 0 ? 0 : intDigits.length - leftZero,
    minFrac: fracDigits.findLastIndex((i) => i.zero) + 1,
    maxFrac: fracDigits.length,
    intPlaceholders: intDigits.length,
  };
}

function toItem(item: RawItem): PatternItem {
  switch (item.kind) {
    case "point":
      return { kind: "literal", text: "." }; // a second point prints as itself
    case "comma":
      return { kind: "literal", text: "," };
    case "semicolon":
      return { kind: "literal", text: ";" };
    default:
      return item;
  }
}
