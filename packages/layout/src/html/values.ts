// CSS values the converter understands: lengths (with calc()), colours and keywords. A length is kept as a
// linear combination `pt + pct% of the reference`, which is what calc() of sums produces and what layout
// resolves once the containing block's width is known.

/** A length: `pt` points plus `pct` percent of a reference size (the containing block's width, mostly). */
export interface Length {
  readonly pt: number;
  readonly pct: number;
}

/** The reference sizes relative units need. */
export interface UnitBase {
  /** The element's font size in points (for `em`; the parent's when resolving `font-size` itself). */
  readonly em: number;
  /** The root font size in points (for `rem`). */
  readonly rem: number;
  /** 1vw and 1vh in points: a hundredth of the page box (as Chromium prints); A4 when not given. */
  readonly vw?: number;
  readonly vh?: number;
  /** 1ex and 1ch in points (the face's x-height and "0" width); half an em when not given. */
  readonly ex?: number;
  readonly ch?: number;
}

/** A4 in points, for vw/vh where no page box is known. */
const A4 = { width: 595.28, height: 841.89 };

const ABSOLUTE: Readonly<Record<string, number>> = {
  px: 0.75, pt: 1, pc: 12, in: 72, cm: 72 / 2.54, mm: 72 / 25.4, q: 72 / 101.6,
};

/** Resolves a length against a reference size. */
export function resolveLength(length: Length, reference: number): number {
  return length.pt + (length.pct === 0 ? 0 : (length.pct * reference) / 100);
}

/** Parses a CSS length (`12px`, `1.5em`, `50%`, `0`, `calc(100% - 2cm)`); undefined when it is not one. */
export function parseLength(text: string, base: UnitBase): Length | undefined {
  const s = text.trim().toLowerCase();
  if (/^(calc|min|max|clamp)\(/.test(s) && s.endsWith(")")) return parseCalc(s, base);
  return parseSimple(s, base);
}

function parseSimple(s: string, base: UnitBase): Length | undefined {
  const m = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)([a-z%]*)$/.exec(s);
  if (!m) return undefined;
  const n = Number(m[1]);
  if (!Number.isFinite(n)) return undefined;
  const unit = m[2] ?? "";
  if (unit === "") return n === 0 ? { pt: 0, pct: 0 } : undefined;
  if (unit === "%") return { pt: 0, pct: n };
  if (unit === "em") return { pt: n * base.em, pct: 0 };
  if (unit === "rem") return { pt: n * base.rem, pct: 0 };
  if (unit === "ex") return { pt: n * (base.ex ?? base.em * 0.5), pct: 0 };
  if (unit === "ch") return { pt: n * (base.ch ?? base.em * 0.5), pct: 0 };
  if (unit === "vw" || unit === "vh" || unit === "vmin" || unit === "vmax") {
    const vw = base.vw ?? A4.width / 100;
    const vh = base.vh ?? A4.height / 100;
    const per = unit === "vw" ? vw : unit === "vh" ? vh : unit === "vmin" ? Math.min(vw, vh) : Math.max(vw, vh);
    return { pt: n * per, pct: 0 };
  }
  const factor = ABSOLUTE[unit];
  return factor === undefined ? undefined : { pt: n * factor, pct: 0 };
}

// calc(): sums and differences of lengths, products and quotients by plain numbers, parentheses; min(),
// max() and clamp() of them (math.ts picks the argument).
function parseCalc(expr: string, base: UnitBase): Length | undefined {
  const tokens = expr.match(/\(|\)|,|[*/]|(?:^|(?<=[\s(,]))[+-](?=\s)|[+-]?(?:\d+\.?\d*|\.\d+)[a-z%]*|calc|min|max|clamp/g);
  if (!tokens) return undefined;
  let i = 0;
  type Value = { len: Length } | { num: number };
  const primary = (): Value | undefined => {
    const t = tokens[i++];
    if (t === undefined) return undefined;
    if (t === "calc") return primary();
    if (t === "min" || t === "max" || t === "clamp") {
      if (tokens[i++] !== "(") return undefined;
      const args: Value[] = [];
      for (;;) {
        const v = sum();
        if (!v) return undefined;
        args.push(v);
        const next = tokens[i++];
        if (next === ")") break;
        if (next !== ",") return undefined;
      }
      return pickArgument(t, args, base);
    }
    if (t === "(") {
      const v = sum();
      if (tokens[i++] !== ")") return undefined;
      return v;
    }
    if (/^[+-]?(?:\d+\.?\d*|\.\d+)$/.test(t)) return { num: Number(t) };
    const len = parseSimple(t, base);
    return len ? { len } : undefined;
  };
  const product = (): Value | undefined => {
    let left = primary();
    while (left && (tokens[i] === "*" || tokens[i] === "/")) {
      const op = tokens[i++];
      const right = primary();
      if (!right) return undefined;
      left = combine(left, right, op === "*" ? "mul" : "div");
    }
    return left;
  };
  const sum = (): Value | undefined => {
    let left = product();
    while (left && (tokens[i] === "+" || tokens[i] === "-")) {
      const op = tokens[i++];
      const right = product();
      if (!right) return undefined;
      left = combine(left, right, op === "+" ? "add" : "sub");
    }
    return left;
  };
  const result = sum();
  if (!result || i !== tokens.length) return undefined;
  return "len" in result ? result.len : result.num === 0 ? { pt: 0, pct: 0 } : undefined;
}

function combine(a: { len: Length } | { num: number }, b: { len: Length } | { num: number }, op: "add" | "sub" | "mul" | "div"): { len: Length } | { num: number } | undefined {
  if (op === "add" || op === "sub") {
    const sign = op === "add" ? 1 : -1;
    if ("num" in a && "num" in b) return { num: a.num + sign * b.num };
    const la = "len" in a ? a.len : a.num === 0 ? { pt: 0, pct: 0 } : undefined;
    const lb = "len" in b ? b.len : b.num === 0 ? { pt: 0, pct: 0 } : undefined;
    return la && lb ? { len: { pt: la.pt + sign * lb.pt, pct: la.pct + sign * lb.pct } } : undefined;
  }
  if ("num" in b) {
    const f = op === "mul" ? b.num : b.num === 0 ? NaN : 1 / b.num;
    if (!Number.isFinite(f)) return undefined;
    return "num" in a ? { num: a.num * f } : { len: { pt: a.len.pt * f, pct: a.len.pct * f } };
  }
  if (op === "mul" && "num" in a) return { len: { pt: b.len.pt * a.num, pct: b.len.pct * a.num } };
  return undefined;
}

const NAMED: Readonly<Record<string, string>> = {
  black: "#000000", white: "#ffffff", red: "#ff0000", green: "#008000", blue: "#0000ff", yellow: "#ffff00",
  gray: "#808080", grey: "#808080", silver: "#c0c0c0", maroon: "#800000", navy: "#000080", teal: "#008080",
  olive: "#808000", purple: "#800080", fuchsia: "#ff00ff", aqua: "#00ffff", lime: "#00ff00", orange: "#ffa500",
  lightgray: "#d3d3d3", lightgrey: "#d3d3d3", darkgray: "#a9a9a9", darkgrey: "#a9a9a9", dimgray: "#696969",
  gainsboro: "#dcdcdc", whitesmoke: "#f5f5f5", aliceblue: "#f0f8ff", ghostwhite: "#f8f8ff", ivory: "#fffff0",
  beige: "#f5f5dc", linen: "#faf0e6", lightblue: "#add8e6", lightyellow: "#ffffe0", lightgreen: "#90ee90",
  darkblue: "#00008b", darkred: "#8b0000", darkgreen: "#006400", steelblue: "#4682b4", slategray: "#708090",
  darkslategray: "#2f4f4f", crimson: "#dc143c", gold: "#ffd700", indigo: "#4b0082", tomato: "#ff6347",
  royalblue: "#4169e1", seagreen: "#2e8b57", firebrick: "#b22222", chocolate: "#d2691e", coral: "#ff7f50",
  pink: "#ffc0cb", brown: "#a52a2a", tan: "#d2b48c", wheat: "#f5deb3", honeydew: "#f0fff0", lavender: "#e6e6fa",
};

/** A colour as `#rrggbb` (alpha below one half is transparent); "transparent" → null; undefined: not a colour. */
export function parseColour(text: string): string | null | undefined {
  const s = text.trim().toLowerCase();
  if (s === "transparent") return null;
  const named = NAMED[s];
  if (named) return named;
  const hex = /^#([0-9a-f]{3,8})$/.exec(s)?.[1];
  if (hex) {
    if (hex.length === 3 || hex.length === 4) {
      if (hex.length === 4 && parseInt(hex[3]!, 16) < 8) return null;
      return `#${hex[0]}${hex[0]}${hex[1]}${hex[1]}${hex[2]}${hex[2]}`;
    }
    if (hex.length === 6) return `#${hex}`;
    if (hex.length === 8) return parseInt(hex.slice(6), 16) < 128 ? null : `#${hex.slice(0, 6)}`;
    return undefined;
  }
  const fn = /^rgba?\(([^)]*)\)$/.exec(s)?.[1];
  if (fn) {
    const parts = fn.split(/[\s,/]+/).filter((p) => p !== "");
    if (parts.length < 3) return undefined;
    const channel = (p: string): number => (p.endsWith("%") ? (Number(p.slice(0, -1)) * 255) / 100 : Number(p));
    const rgb = parts.slice(0, 3).map(channel);
    if (rgb.some((c) => !Number.isFinite(c))) return undefined;
    const alphaText = parts[3];
    const alpha = alphaText === undefined ? 1 : alphaText.endsWith("%") ? Number(alphaText.slice(0, -1)) / 100 : Number(alphaText);
    if (alpha < 0.5) return null;
    return `#${rgb.map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, "0")).join("")}`;
  }
  return undefined;
}

/** Splits a value on top-level whitespace (not inside parentheses or quotes). */
export function splitValue(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = "";
  let current = "";
  for (const ch of text.trim()) {
    if (quote) {
      current += ch;
      if (ch === quote) quote = "";
      continue;
    }
    if (ch === '"' || ch === "'") quote = ch;
    if (ch === "(") depth++;
    if (ch === ")") depth = Math.max(0, depth - 1);
    if (/\s/.test(ch) && depth === 0) {
      if (current) out.push(current);
      current = "";
      continue;
    }
    current += ch;
  }
  if (current) out.push(current);
  return out;
}

/**
 * min()/max()/clamp() of calc values. Numbers compare as numbers and lengths of one kind (all absolute, or
 * all percentages) exactly. A mix of percentages and absolute lengths cannot be decided before layout
 * knows the reference, and a Length is a linear `pt + pct%`: it is decided against the page area's width
 * (1vw × 100), which is the reference of every top-level block — nested boxes may differ (documented).
 */
function pickArgument(fn: string, args: readonly ({ len: Length } | { num: number })[], base: UnitBase): { len: Length } | { num: number } | undefined {
  if (fn === "clamp" && args.length !== 3) return undefined;
  if (args.length === 0) return undefined;
  const numbers = args.every((a) => "num" in a);
  const lengths = args.map((a) => ("len" in a ? a.len : a.num === 0 ? { pt: 0, pct: 0 } : undefined));
  if (!numbers && lengths.some((l) => l === undefined)) return undefined;
  const reference = (base.vw ?? 5.9528) * 100;
  const value = (i: number): number => {
    const a = args[i] as { len: Length } | { num: number };
    return "num" in a ? a.num : resolveLength(a.len, reference);
  };
  let index = 0;
  if (fn === "min") for (let i = 1; i < args.length; i++) index = value(i) < value(index) ? i : index;
  else if (fn === "max") for (let i = 1; i < args.length; i++) index = value(i) > value(index) ? i : index;
  else {
    // clamp(MIN, VAL, MAX) = max(MIN, min(VAL, MAX)): MIN wins over MAX when they cross
    const upper = value(1) > value(2) ? 2 : 1;
    index = value(upper) < value(0) ? 0 : upper;
  }
  return args[index];
}
