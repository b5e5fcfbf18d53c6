import { test } from "node:test";
import assert from "node:assert/strict";
import { formatDate } from "../../src/tokens/date-format.js";
import type { DateKind } from "../../src/tokens/date-pattern.js";

// 2024-03-05 is a Tuesday.
const T = "2024-03-05T14:07:09.045";

// [value, format, kind, expected] in en-US, UTC.
const CASES: ReadonlyArray<readonly [unknown, string | undefined, DateKind, string]> = [
  // Every preset, both filters.
  [T, "short", "date", "3/5/2024"],
  [T, "medium", "date", "Mar 5, 2024"],
  [T, "long", "date", "March 5, 2024"],
  [T, "iso", "date", "2024-03-05"],
  [T, "short", "datetime", "3/5/2024 2:07 PM"],
  [T, "medium", "datetime", "Mar 5, 2024 2:07 PM"],
  [T, "long", "datetime", "March 5, 2024 2:07:09 PM"],
  [T, "iso", "datetime", "2024-03-05T14:07:09"],
  [T, "time", "datetime", "2:07 PM"],
  [T, "24h", "datetime", "14:07"],
  // Defaults, and the datetime-only presets under `date`.
  [T, undefined, "date", "3/5/2024"],
  [T, undefined, "datetime", "3/5/2024 2:07 PM"],
  [T, "", "date", "3/5/2024"],
  [T, "time", "date", "2:07 PM"],
  [T, "24h", "date", "14:07"],
  [T, " Long ", "date", "March 5, 2024"],
  // Custom formats.
  [T, "dddd, MMMM d, yyyy", "date", "Tuesday, March 5, 2024"],
  [T, "ddd dd MMM yy", "date", "Tue 05 Mar 24"],
  [T, "yyyy-MM-dd HH:mm:ss.fff", "datetime", "2024-03-05 14:07:09.045"],
  [T, "H:m:s", "datetime", "14:7:9"],
  [T, "hh:mm tt", "datetime", "02:07 PM"],
  [T, "h t", "datetime", "2 P"],
  [T, "f ff fff ffff", "datetime", "0 04 045 0450"],
  [T, "yyyy 'year' MM", "date", "2024 year 03"],
  [T, "'Today is' dddd", "date", "Today is Tuesday"],
  [T, 'yyyy "Q" MM', "date", "2024 Q 03"],
  [T, "yyyy'T'HH", "datetime", "2024T14"],
  [T, "dd\\d", "date", "05d"],
  [T, "'open quote runs to the end", "date", "open quote runs to the end"],
  [T, "d/M/yyyy (W)", "date", "5/3/2024 (W)"],
  ["2024-03-05T00:00:00", "hh:mm tt", "datetime", "12:00 AM"],
  ["2024-03-05T00:00:00", "h:mm tt", "datetime", "12:00 AM"],
  ["2024-03-05T12:00:00", "hh:mm tt", "datetime", "12:00 PM"],
  ["2024-03-05T12:00:00", "HH:mm", "datetime", "12:00"],
  ["2024-03-05T13:05:00", "h:mm tt", "datetime", "1:05 PM"],
  ["2024-03-05T09:05:00", "H HH h hh", "datetime", "9 09 9 09"],
  ["2024-03-05T23:59:59", "hh:mm:ss tt", "datetime", "11:59:59 PM"],
  ["2005-01-09", "y yy yyy yyyy", "date", "5 05 2005 2005"],
  ["0987-01-09", "yyyy", "date", "0987"],
  // Inputs.
  ["2024-02-29", "iso", "date", "2024-02-29"],
  ["2024-05-02", "iso", "datetime", "2024-05-02T00:00:00"],
  ["2024-05-02 14:30", "short", "datetime", "5/2/2024 2:30 PM"],
  ["2024-05-02t14:30:00z", "iso", "datetime", "2024-05-02T14:30:00"],
  ["2024-05-02T14:30:00.5", "fff", "datetime", "500"],
  ["2024-05-02T14:30:00.123456", "ss.fff", "datetime", "00.123"],
  ["2024-05-02T14:30:00,25", "fff", "datetime", "250"],
  [" 2024-05-02 ", "iso", "date", "2024-05-02"],
  [1714608000000, "iso", "datetime", "2024-05-02T00:00:00"],
  [1709647629045, "yyyy-MM-dd HH:mm:ss.fff", "datetime", "2024-03-05 14:07:09.045"],
  [0, "iso", "datetime", "1970-01-01T00:00:00"],
  [-86400000, "iso", "date", "1969-12-31"],
  [new Date(Date.UTC(2024, 0, 1, 8)), "short", "datetime", "1/1/2024 8:00 AM"],
  // Not dates: printed unchanged.
  ["2024-02-30", "short", "date", "2024-02-30"],
  ["2023-02-29", "short", "date", "2023-02-29"],
  ["2024-13-01", "short", "date", "2024-13-01"],
  ["2024-00-10", "short", "date", "2024-00-10"],
  ["0000-01-01", "short", "date", "0000-01-01"],
  ["2024-05-02T24:00:00", "short", "datetime", "2024-05-02T24:00:00"],
  ["2024-05-02T12:60", "short", "datetime", "2024-05-02T12:60"],
  ["2024-05-02T12:00+25:00", "short", "datetime", "2024-05-02T12:00+25:00"],
  ["2024-5-2", "short", "date", "2024-5-2"],
  ["20240502", "short", "date", "20240502"],
  ["1714608000000", "short", "date", "1714608000000"],
  ["May 2, 2024", "short", "date", "May 2, 2024"],
  ["not a date", "short", "date", "not a date"],
  ["", "short", "date", ""],
  [null, "short", "date", ""],
  [undefined, "short", "date", ""],
  [true, "short", "date", "true"],
  [Number.NaN, "short", "date", ""],
  [1e20, "short", "date", "100000000000000000000"],
  [new Date(Number.NaN), "short", "date", ""],
];

for (const [value, format, kind, expected] of CASES) {
  test(`${kind}(${value instanceof Date ? "Date" : JSON.stringify(value)}, ${JSON.stringify(format)}) → ${JSON.stringify(expected)}`, () => {
    assert.equal(formatDate(value, format, kind, "en-US", "UTC"), expected);
  });
}

// [value, format, kind, timezone, expected]
const ZONE_CASES: ReadonlyArray<readonly [unknown, string, DateKind, string, string]> = [
  // A date-only string is a calendar day: no timezone moves it.
  ["2024-05-02", "iso", "date", "Pacific/Kiritimati", "2024-05-02"],
  ["2024-05-02", "iso", "date", "Pacific/Pago_Pago", "2024-05-02"],
  ["2024-05-02", "iso", "datetime", "America/Los_Angeles", "2024-05-02T00:00:00"],
  ["2024-05-02", "dddd", "date", "Pacific/Kiritimati", "Thursday"],
  // An offset or Z is converted into the document's zone.
  ["2024-05-02T23:30:00+02:00", "iso", "datetime", "Asia/Tokyo", "2024-05-03T06:30:00"],
  ["2024-05-02T23:30:00+02:00", "iso", "datetime", "America/Los_Angeles", "2024-05-02T14:30:00"],
  ["2024-05-02T23:30:00+0200", "iso", "datetime", "UTC", "2024-05-02T21:30:00"],
  ["2024-05-02T23:30:00-05", "iso", "datetime", "UTC", "2024-05-03T04:30:00"],
  ["2024-05-02T23:30:00+05:45", "iso", "datetime", "Asia/Kathmandu", "2024-05-02T23:30:00"],
  ["2024-01-15T12:00:00Z", "HH:mm", "datetime", "Europe/Berlin", "13:00"],
  ["2024-07-15T12:00:00Z", "HH:mm", "datetime", "Europe/Berlin", "14:00"],
  ["2024-05-02T22:30:00Z", "short", "date", "Europe/Berlin", "5/3/2024"],
  ["2024-03-10T07:30:00Z", "h:mm tt", "datetime", "America/New_York", "3:30 AM"],
  [0, "iso", "datetime", "America/New_York", "1969-12-31T19:00:00"],
  [new Date(Date.UTC(2024, 4, 2, 22, 30)), "dddd HH:mm", "datetime", "Australia/Sydney", "Friday 08:30"],
  // Offsets are cached per hour; hours that hold a transition are computed per instant.
  ["2024-03-10T06:59:59Z", "iso", "datetime", "America/New_York", "2024-03-10T01:59:59"],
  ["2024-03-10T07:00:00Z", "iso", "datetime", "America/New_York", "2024-03-10T03:00:00"],
  ["2024-11-03T05:30:00Z", "HH:mm", "datetime", "America/New_York", "01:30"],
  ["2024-11-03T06:30:00Z", "HH:mm", "datetime", "America/New_York", "01:30"],
  ["2024-10-05T15:29:59Z", "iso", "datetime", "Australia/Lord_Howe", "2024-10-06T01:59:59"],
  ["2024-10-05T15:30:00Z", "iso", "datetime", "Australia/Lord_Howe", "2024-10-06T02:30:00"],
  ["1850-01-01T12:00:00Z", "HH:mm:ss", "datetime", "America/New_York", "07:03:58"],
  ["0001-01-01T00:00:00Z", "iso", "datetime", "UTC", "0001-01-01T00:00:00"],
  ["0001-01-01T00:00:00Z", "iso", "datetime", "America/New_York", "0001-01-01T00:00:00Z"],
  // Without an offset the time is wall time in the document's zone: printed as written.
  ["2024-05-02T23:30:00", "iso", "datetime", "Asia/Tokyo", "2024-05-02T23:30:00"],
  ["2024-03-10T02:30:00", "HH:mm", "datetime", "America/New_York", "02:30"],
  // An unknown zone falls back to UTC.
  ["2024-05-02T23:30:00Z", "iso", "datetime", "Mars/Olympus_Mons", "2024-05-02T23:30:00"],
  ["2024-05-02T23:30:00Z", "iso", "datetime", "", "2024-05-02T23:30:00"],
];

for (const [value, format, kind, zone, expected] of ZONE_CASES) {
  test(`${kind}(${value instanceof Date ? "Date" : JSON.stringify(value)}, ${JSON.stringify(format)}) in ${zone || "(none)"} → ${expected}`, () => {
    assert.equal(formatDate(value, format, kind, "en-US", zone), expected);
  });
}

// [value, format, locale, expected]: names and AM/PM from Intl, patterns unchanged.
const LOCALE_CASES: ReadonlyArray<readonly [string, string, string, string]> = [
  ["2024-03-05", "d. MMMM yyyy", "de-DE", "5. März 2024"],
  ["2024-03-05", "dddd, d. MMMM yyyy", "de-DE", "Dienstag, 5. März 2024"],
  ["2024-12-05", "d. MMM yyyy", "de-DE", "5. Dez. 2024"],
  ["2024-12-05", "MMM", "de-DE", "Dez"],
  ["2024-03-05", "ddd", "de-DE", "Di"],
  ["2024-03-05", "long", "de-DE", "März 5, 2024 12:00:00 AM"],
  ["2024-03-05", "dddd d MMMM yyyy", "fr-FR", "mardi 5 mars 2024"],
  ["2024-05-02", "d MMMM", "ru-RU", "2 мая"],
  ["2024-05-02", "MMMM", "ru-RU", "май"],
  ["2024-05-02", "d MMMM", "pl-PL", "2 maja"],
  ["2024-05-02", "yyyy MMMM d", "ja-JP", "2024 5月 2"],
  ["2024-05-02T15:00:00", "h tt", "ja-JP", "3 午後"],
  ["2024-05-02T09:00:00", "h tt", "es-ES", "9 a.\u202fm."],
  ["2024-05-02T15:00:00", "h:mm tt", "de-DE", "3:00 PM"],
  ["2024-05-02", "MMMM", "not a locale!", "May"],
];

for (const [value, format, locale, expected] of LOCALE_CASES) {
  test(`date in ${locale}: ${value} ${JSON.stringify(format)} → ${expected}`, () => {
    assert.equal(formatDate(value, format, "datetime", locale, "UTC"), expected);
  });
}
