// .NET-style date format strings (`MMM d, yyyy h:mm tt`) and the preset table of the document model.
import { BoundedCache } from "./cache.js";
import type { DateFields } from "./date-value.js";
import { dateNames, type DateNames } from "./locale.js";

/** Which filter is formatting: it picks the preset row and the default. */
export type DateKind = "date" | "datetime";

const PRESETS: Readonly<Record<DateKind, Readonly<Record<string, string>>>> = {
  date: { short: "M/d/yyyy", medium: "MMM d, yyyy", long: "MMMM d, yyyy", iso: "yyyy-MM-dd" },
  datetime: {
    short: "M/d/yyyy h:mm tt",
    medium: "MMM d, yyyy h:mm tt",
    long: "MMMM d, yyyy h:mm:ss tt",
    iso: "yyyy-MM-dd'T'HH:mm:ss",
    time: "h:mm tt",
    "24h": "HH:mm",
  },
};

type FormatPart = { readonly kind: "literal"; readonly text: string } | { readonly kind: "field"; readonly char: string; readonly count: number };

interface CompiledFormat {
  readonly parts: readonly FormatPart[];
  /** A day number is printed, so month names take their in-date form (Russian "2 мая", not "2 май"). */
  readonly monthInDate: boolean;
}

const FIELD_CHARS = new Set(["y", "M", "d", "H", "h", "m", "s", "f", "t"]);
const formatCache = new BoundedCache<string, CompiledFormat>(500);

/** The format string for a filter argument: a preset of `kind` (then of `datetime`), the `short` preset when empty, else the argument itself. */
export function resolveDateFormat(format: string | undefined, kind: DateKind): string {
  const name = (format ?? "").trim().toLowerCase();
  if (!name) return PRESETS[kind].short ?? "";
  return PRESETS[kind][name] ?? PRESETS.datetime[name] ?? format ?? "";
}

/** Prints date fields with a .NET-style format; names and AM/PM come from `locale`. */
export function renderDate(fields: DateFields, format: string, locale: string): string {
  const compiled = formatCache.get(format, compileFormat);
  const names = dateNames(locale);
  let out = "";
  for (const part of compiled.parts) {
    out += part.kind === "literal" ? part.text : renderField(fields, part.char, part.count, names, compiled.monthInDate);
  }
  return out;
}

function renderField(f: DateFields, char: string, n: number, names: DateNames, inDate: boolean): string {
  switch (char) {
    case "y":
      return n === 1 ? String(f.year % 100) : n === 2 ? pad(f.year % 100, 2) : pad(f.year, n);
    case "M":
      if (n <= 2) return pad(f.month, n);
      return (n === 3 ? (inDate ? names.monthsShortInDate : names.monthsShort) : inDate ? names.monthsLongInDate : names.monthsLong)[f.month - 1] ?? "";
    case "d":
      if (n <= 2) return pad(f.day, n);
      return (n === 3 ? names.daysShort : names.daysLong)[f.weekday] ?? "";
    case "H":
      return pad(f.hour, Math.min(n, 2));
    case "h":
      return pad(f.hour % 12 || 12, Math.min(n, 2)); // midnight and noon are 12
    case "m":
      return pad(f.minute, Math.min(n, 2));
    case "s":
      return pad(f.second, Math.min(n, 2));
    case "f":
      return pad(f.millisecond, 3).slice(0, n).padEnd(n, "0");
    case "t": {
      const designator = f.hour < 12 ? names.am : names.pm;
      return n === 1 ? [...designator][0] ?? "" : designator;
    }
    default:
      return char.repeat(n);
  }
}

// `'…'` and `"…"` quote literal text (an unclosed quote runs to the end), `\x` escapes one character;
// a run of one specifier letter is one field; every other character is literal.
function compileFormat(format: string): CompiledFormat {
  const parts: FormatPart[] = [];
  const literal = (text: string) => {
    const last = parts[parts.length - 1];
    if (last?.kind === "literal") parts[parts.length - 1] = { kind: "literal", text: last.text + text };
    else parts.push({ kind: "literal", text });
  };
  for (let i = 0; i < format.length; ) {
    const c = format[i] ?? "";
    if (c === "'" || c === '"') {
      const close = format.indexOf(c, i + 1);
      const end = close < 0 ? format.length : close;
      literal(format.slice(i + 1, end));
      i = end + 1;
    } else if (c === "\\") {
      literal(format[i + 1] ?? "");
      i += 2;
    } else if (FIELD_CHARS.has(c)) {
      let end = i;
      while (format[end] === c) end++;
      parts.push({ kind: "field", char: c, count: end - i });
      i = end;
    } else {
      literal(c);
      i++;
    }
  }
  const monthInDate = parts.some((p) => p.kind === "field" && p.char === "d" && p.count <= 2);
  return { parts, monthInDate };
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, "0");
}
