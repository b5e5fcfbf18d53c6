// Locale and timezone data taken from Intl, validated once and cached: Intl constructors are slow and
// a document formats thousands of values with the same locale.
import type { Digits } from "../model/types.js";
import { BoundedCache } from "./cache.js";
import { EN_US, EN_US_NAMES, EN_US_SYMBOLS } from "./locale-en-us.js";

/** The grouping and decimal symbols of a locale. */
export interface NumberSymbols {
  readonly group: string;
  readonly decimal: string;
}

/** Month and day names and AM/PM designators of a locale. */
export interface DateNames {
  /** Standalone names (`MMMM` alone: "März", Russian "март"), January first. */
  readonly monthsLong: readonly string[];
  readonly monthsShort: readonly string[];
  /** Names as they read next to a day number (Russian "марта"); used when the format has `d` or `dd`. */
  readonly monthsLongInDate: readonly string[];
  readonly monthsShortInDate: readonly string[];
  /** Sunday first, as `Date.getUTCDay()` counts. */
  readonly daysLong: readonly string[];
  readonly daysShort: readonly string[];
  readonly am: string;
  readonly pm: string;
}

const localeCache = new BoundedCache<string, string>(64);
const zoneCache = new BoundedCache<string, string>(64);
const symbolCache = new BoundedCache<string, NumberSymbols>(64);
const nameCache = new BoundedCache<string, DateNames>(64);

/** The canonical form of a BCP 47 tag, or `en-US` when the tag is empty or invalid. */
export function safeLocale(locale: string): string {
  if (locale === EN_US) return EN_US; // canonical as written, and supported by every ICU: no need to ask Intl
  return localeCache.get(locale, (tag) => {
    if (typeof tag !== "string" || !tag.trim()) return "en-US";
    try {
      const [canonical] = Intl.getCanonicalLocales(tag);
      if (!canonical) return "en-US";
      new Intl.NumberFormat(canonical);
      return canonical;
    } catch {
      return "en-US";
    }
  });
}

/** The IANA zone as Intl names it, or `UTC` when the zone is empty or unknown. */
export function safeTimeZone(timezone: string): string {
  return zoneCache.get(timezone, (zone) => {
    // An absent zone must not reach Intl, which would take the server's zone and break determinism.
    if (typeof zone !== "string" || !zone.trim()) return "UTC";
    try {
      return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
    } catch {
      return "UTC";
    }
  });
}

/**
 * Grouping and decimal symbols as `Intl.NumberFormat(locale)` prints them with the given digits (fr-FR groups
 * with U+202F). The numbering system decides the separators, so they match the digits: ar-SA with Latin
 * digits groups with `,` (not `٬`), with `arab` digits with `٬` and `٫`.
 */
export function numberSymbols(locale: string, digits: Digits = "latn"): NumberSymbols {
  const tag = safeLocale(locale);
  if (tag === EN_US && digits === "latn") return EN_US_SYMBOLS;
  return symbolCache.get(`${tag}\u0000${digits}`, () => intlNumberSymbols(tag, digits));
}

/** The symbols as Intl prints them (numberSymbols without the en-US table; exported for its test). */
export function intlNumberSymbols(tag: string, digits: Digits): NumberSymbols {
  const parts = new Intl.NumberFormat(tag, { numberingSystem: digits }).formatToParts(1234567.5);
  return {
    group: parts.find((p) => p.type === "group")?.value ?? ",",
    decimal: parts.find((p) => p.type === "decimal")?.value ?? ".",
  };
}

/** Month and day names and AM/PM for a locale. */
export function dateNames(locale: string): DateNames {
  const tag = safeLocale(locale);
  if (tag === EN_US) return EN_US_NAMES;
  return nameCache.get(tag, intlDateNames);
}

// Each Intl.DateTimeFormat costs ~0.1–1 ms to construct (far more for the first one of a process), and a
// date pattern reads one or two of these lists: each list is built on first read with one formatter for its
// 7 or 12 values (formatting is deterministic per options, so one formatter prints what many would).
/** The names as Intl prints them (dateNames without the en-US table; exported for its test). */
export function intlDateNames(tag: string): DateNames {
  const utc = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(tag, { ...options, timeZone: "UTC" });
  const months = Array.from({ length: 12 }, (_, m) => new Date(Date.UTC(2024, m, 15, 12)));
  // 2024-01-07 is a Sunday.
  const days = Array.from({ length: 7 }, (_, d) => new Date(Date.UTC(2024, 0, 7 + d, 12)));
  const standalone = (month: "long" | "short") => {
    const format = utc({ month });
    return months.map((d) => format.format(d));
  };
  const inDate = (month: "long" | "short", fallback: readonly string[]) => {
    const format = utc({ day: "numeric", month });
    return months.map((d, m) => {
      const name = format.formatToParts(d).find((p) => p.type === "month")?.value;
      // Japanese and others print a month number next to a day; the standalone name is then the better name.
      return name && !/\d/.test(name) ? name : (fallback[m] ?? "");
    });
  };
  const weekdays = (weekday: "long" | "short") => {
    const format = utc({ weekday });
    return days.map((d) => format.format(d));
  };
  let hours: Intl.DateTimeFormat | undefined;
  const period = (hour: number) =>
    (hours ??= utc({ hour: "numeric", hour12: true }))
      .formatToParts(new Date(Date.UTC(2024, 0, 1, hour)))
      .find((p) => p.type === "dayPeriod")?.value;
  const lazy = <T>(build: () => T): (() => T) => {
    let value: T | undefined;
    return () => (value ??= build());
  };
  const monthsLong = lazy(() => standalone("long"));
  const monthsShort = lazy(() => standalone("short"));
  const monthsLongInDate = lazy(() => inDate("long", monthsLong()));
  const monthsShortInDate = lazy(() => inDate("short", monthsShort()));
  const daysLong = lazy(() => weekdays("long"));
  const daysShort = lazy(() => weekdays("short"));
  const am = lazy(() => period(9) ?? "AM");
  const pm = lazy(() => period(15) ?? "PM");
  return {
    get monthsLong() {
      return monthsLong();
    },
    get monthsShort() {
      return monthsShort();
    },
    get monthsLongInDate() {
      return monthsLongInDate();
    },
    get monthsShortInDate() {
      return monthsShortInDate();
    },
    get daysLong() {
      return daysLong();
    },
    get daysShort() {
      return daysShort();
    },
    get am() {
      return am();
    },
    get pm() {
      return pm();
    },
  };
}
