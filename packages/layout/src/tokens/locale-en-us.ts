// The en-US symbols and names, as Intl gives them, for documents in the default locale: the first Intl object a
// process builds starts ICU (40–80 ms of CPU in a fresh process, measured on the first invoice-20 render:
// NumberFormat 58 ms, then DateTimeFormat 10 ms), and an en-US document needs nothing else from it. A test
// compares this table with Intl on the running Node, so an ICU that printed otherwise would be caught.
import type { DateNames, NumberSymbols } from "./locale.js";

/** The tag these tables are for (its canonical form is itself). */
export const EN_US = "en-US";

/** en-US with Latin digits. */
export const EN_US_SYMBOLS: NumberSymbols = Object.freeze({ group: ",", decimal: "." });

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const MONTHS_SHORT = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const DAYS_SHORT = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** en-US month and day names (English has no separate in-date forms) and AM/PM. */
export const EN_US_NAMES: DateNames = Object.freeze({
  monthsLong: MONTHS,
  monthsShort: MONTHS_SHORT,
  monthsLongInDate: MONTHS,
  monthsShortInDate: MONTHS_SHORT,
  daysLong: DAYS,
  daysShort: DAYS_SHORT,
  am: "AM",
  pm: "PM",
});
