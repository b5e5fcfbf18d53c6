// Runs a filter chain. Each filter's output feeds the next; a formatted string is still a numeric
// string or an ISO date when it looks like one, so `number | unknown` keeps the formatted text.
import { formatDate } from "./date-format.js";
import { formatNumber } from "./number-format.js";
import { toText } from "./text.js";
import type { FilterCall, TokenContext } from "./types.js";

/** Applies filters in order and returns the printed text; an unknown filter passes its input through. */
export function applyFilters(value: unknown, filters: readonly FilterCall[], ctx: TokenContext): string {
  let current = value;
  for (const filter of filters) current = applyFilter(current, filter, ctx);
  return toText(current, ctx.timezone);
}

function applyFilter(value: unknown, filter: FilterCall, ctx: TokenContext): unknown {
  switch (filter.name) {
    case "number":
      return formatNumber(value, filter.arg, ctx.locale);
    case "date":
      return formatDate(value, filter.arg, "date", ctx.locale, ctx.timezone);
    case "datetime":
      return formatDate(value, filter.arg, "datetime", ctx.locale, ctx.timezone);
    case "markdown":
      // In a markdown element: insert the value as markdown instead of escaping it (markdown-escape.ts).
      return value;
    default:
      return value;
  }
}
