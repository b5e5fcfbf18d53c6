// Runs a filter chain. Each filter's output feeds the next; a formatted string is still a numeric
// string or an ISO date when it looks like one, so `number | unknown` keeps the formatted text.
import { formatDate } from "./date-format.js";
import { formatNumber } from "./number-format.js";
import { aggregate } from "./aggregate.js";
import { toText } from "./text.js";
import { withDigits } from "./digits.js";
import type { FilterCall, TemplateText, TokenContext } from "./types.js";

/** The filters applyFilters knows; any other name passes its input through (a typo prints the raw value). */
export const KNOWN_FILTERS: ReadonlySet<string> = new Set(["number", "date", "datetime", "sum", "count", "avg", "min", "max", "markdown"]);

/** The filter names of a pipe that no filter answers to (`numbr` in `{{total | numbr}}`). */
export function unknownFilters(filters: readonly FilterCall[]): string[] {
  return filters.filter((f) => !KNOWN_FILTERS.has(f.name)).map((f) => f.name);
}

// Parsed texts are shared through the parse cache and measured once per row: checked once each.
const checked = new WeakMap<TemplateText, readonly string[]>();

/** One `token.filter` message per unknown filter of a parsed text (none for most texts: no tokens, or known filters). */
export function unknownFilterMessages(text: TemplateText): readonly string[] {
  let known = checked.get(text);
  if (known === undefined) checked.set(text, (known = messagesOf(text)));
  return known;
}

function messagesOf(text: TemplateText): string[] {
  const out: string[] = [];
  for (const part of text.parts) {
    if (typeof part === "string") continue;
    for (const name of unknownFilters(part.filters)) out.push(`${part.source}: there is no filter "${name}"; the value prints unformatted (filters: ${[...KNOWN_FILTERS].join(", ")})`);
  }
  return out;
}

/** Applies filters in order and returns the printed text; an unknown filter passes its input through. */
export function applyFilters(value: unknown, filters: readonly FilterCall[], ctx: TokenContext): string {
  let current = value;
  for (const filter of filters) current = applyFilter(current, filter, ctx);
  const text = toText(current, ctx.timezone);
  // A number printed as it is (`{{ qty }}`, `$index`) takes the document's digits too; strings never do.
  return typeof current === "number" || typeof current === "bigint" ? withDigits(text, ctx.digits) : text;
}

function applyFilter(value: unknown, filter: FilterCall, ctx: TokenContext): unknown {
  switch (filter.name) {
    case "number":
      return formatNumber(value, filter.arg, ctx.locale, ctx.digits);
    case "date":
      return formatDate(value, filter.arg, "date", ctx.locale, ctx.timezone, ctx.digits);
    case "datetime":
      return formatDate(value, filter.arg, "datetime", ctx.locale, ctx.timezone, ctx.digits);
    case "sum":
    case "count":
    case "avg":
    case "min":
    case "max":
      return aggregate(filter.name, value, filter.arg, ctx);
    case "markdown":
      // In a markdown element: insert the value as markdown instead of escaping it (markdown-escape.ts).
      return value;
    default:
      return value;
  }
}
