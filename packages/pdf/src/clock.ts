// The clock of a render (`$now`/`$today`, the PDF dates and the file /ID). TypeScript callers pass a Date; plain
// JavaScript callers (and JSON-shaped options) often pass an ISO string or epoch milliseconds, which pdfkit would
// otherwise reject deep inside the paint with an unrelated error.

/** What a render's `now` option may be: a Date, an ISO 8601 string or epoch milliseconds. */
export type RenderClock = Date | string | number;

/** The render's clock as a Date (the current time when absent); a TypeError names the bad value. */
export function renderNow(now: RenderClock | undefined): Date {
  if (now === undefined) return new Date();
  if (now instanceof Date) {
    if (Number.isNaN(now.getTime())) throw new TypeError("The render option `now` is an invalid Date");
    return now;
  }
  if (typeof now === "number" || typeof now === "string") {
    const date = new Date(now);
    if (!Number.isNaN(date.getTime()) && (typeof now === "number" || now.trim() !== "")) return date;
  }
  throw new TypeError(`The render option \`now\` must be a Date, an ISO 8601 string or epoch milliseconds, not ${JSON.stringify(now) ?? typeof now}`);
}
