// Turns a date input (ISO 8601 string, epoch ms, Date) into wall-clock fields in the document's timezone.
import { BoundedCache } from "./cache.js";
import { safeTimeZone } from "./locale.js";

/** Wall-clock fields of a date, as printed. */
export interface DateFields {
  readonly year: number;
  /** 1–12 */
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly millisecond: number;
  /** 0 = Sunday */
  readonly weekday: number;
}

// Extended format only: `2024-05-02`, `2024-05-02T14:30`, `…:05`, `…:05.123`, then `Z`, `±hh`, `±hhmm` or `±hh:mm`.
// A space may stand for `T` (SQL and CSV exports write it so).
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?([Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/;

const HOUR_MS = 3_600_000;
const zonedCache = new BoundedCache<string, Intl.DateTimeFormat>(64);
const offsetCache = new BoundedCache<string, number | null>(4096);

/** The fields to print for a date input, or `undefined` when the input is not a (valid) date. */
export function toDateFields(value: unknown, timezone: string): DateFields | undefined {
  if (value instanceof Date) return zonedFields(value.getTime(), timezone);
  if (typeof value === "number") return Number.isFinite(value) ? zonedFields(Math.floor(value), timezone) : undefined;
  if (typeof value === "string") return parseIso(value.trim(), timezone);
  return undefined;
}

/** Today's date in `timezone` as `yyyy-MM-dd` (the value of `$today`), or `undefined` for an invalid clock. */
export function todayIn(now: Date, timezone: string): string | undefined {
  const f = zonedFields(now.getTime(), timezone);
  if (!f) return undefined;
  return `${String(f.year).padStart(4, "0")}-${pad2(f.month)}-${pad2(f.day)}`;
}

/** The wall-clock fields of an instant in an IANA zone; `undefined` outside years 1–9999. */
export function zonedFields(epochMs: number, timezone: string): DateFields | undefined {
  const utcYear = new Date(epochMs).getUTCFullYear();
  if (!(utcYear >= 0 && utcYear <= 10000)) return undefined; // also rejects NaN (an invalid Date)
  const zone = safeTimeZone(timezone);
  const offset = hourOffset(epochMs, zone) ?? offsetAt(epochMs, zone);
  if (Number.isNaN(offset)) return undefined;
  const local = new Date(epochMs + offset);
  const year = local.getUTCFullYear();
  if (year < 1 || year > 9999) return undefined;
  return {
    year,
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    millisecond: local.getUTCMilliseconds(),
    weekday: local.getUTCDay(),
  };
}

// Intl.formatToParts costs microseconds; a report prints many instants within the same hours. An
// hour whose two ends share one offset has no transition inside (zones never change twice in an
// hour), so its offset serves every instant in it. `undefined` means the hour holds a transition.
function hourOffset(epochMs: number, zone: string): number | undefined {
  const hour = Math.floor(epochMs / HOUR_MS);
  const offset = offsetCache.get(`${zone}|${hour}`, () => {
    const start = offsetAt(hour * HOUR_MS, zone);
    return start === offsetAt(hour * HOUR_MS + HOUR_MS - 1000, zone) ? start : null;
  });
  return offset ?? undefined;
}

// Wall time read as if it were UTC, minus the instant: the zone's offset in ms (NaN before year 1).
function offsetAt(epochMs: number, zone: string): number {
  const parts = zonedFormatter(zone).formatToParts(new Date(epochMs));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? "0");
  // Intl prints 1 BC as year 1 with an era, which would read as a one-year offset.
  if (parts.find((p) => p.type === "era")?.value !== "AD") return Number.NaN;
  const wall = utcMs(get("year"), get("month"), get("day"), get("hour") % 24, get("minute"), get("second"), 0);
  return wall - Math.floor(epochMs / 1000) * 1000;
}

function parseIso(text: string, timezone: string): DateFields | undefined {
  const m = ISO.exec(text);
  if (!m) return undefined;
  const [, y = "", mo = "", d = "", h, mi, s, frac, zone] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = h === undefined ? 0 : Number(h);
  const minute = mi === undefined ? 0 : Number(mi);
  const second = s === undefined ? 0 : Number(s);
  // Fractions beyond milliseconds are cut, not rounded, so `.9999` never rolls into the next second.
  const millisecond = frac === undefined ? 0 : Number(frac.slice(0, 3).padEnd(3, "0"));
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  if (zone === undefined) {
    // A date-only value, or a date-time without offset, is already wall time in the document's zone.
    return { year, month, day, hour, minute, second, millisecond, weekday: weekdayOf(year, month, day) };
  }
  const offset = zoneOffsetMinutes(zone);
  if (offset === undefined) return undefined;
  return zonedFields(utcMs(year, month, day, hour, minute, second, millisecond) - offset * 60_000, timezone);
}

function zoneOffsetMinutes(zone: string): number | undefined {
  if (zone === "Z" || zone === "z") return 0;
  const digits = zone.slice(1).replace(":", "");
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
  if (hours > 23 || minutes > 59) return undefined;
  return (zone.startsWith("-") ? -1 : 1) * (hours * 60 + minutes);
}

function zonedFormatter(timezone: string): Intl.DateTimeFormat {
  return zonedCache.get(timezone, (timeZone) =>
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      era: "short",
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    }),
  );
}

// Date.UTC maps years 0–99 to 1900–1999; setUTCFullYear does not.
function utcMs(y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number): number {
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, ms);
  return date.getTime();
}

function weekdayOf(year: number, month: number, day: number): number {
  return new Date(utcMs(year, month, day, 12, 0, 0, 0)).getUTCDay();
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function pad2(n: number): string {
  return String(n).padStart(2, "0");
}
