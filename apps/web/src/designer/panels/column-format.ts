// A table column's `format` as typed: the renderer reads it as a filter chain (`number:"#,##0.00"`), and takes
// an unknown filter as "print the value as it is". So a bare pattern such as `#,##0.00` used to be stored and
// silently ignored. Here a bare number or date pattern is read as the filter it means, and anything else that
// is not a filter chain is refused with the reason.
import { parseFilterChain } from "../engine";

/** The filters a column format may use (packages/layout/src/tokens/filters.ts). */
const FILTERS = new Set(["number", "date", "datetime", "sum", "count", "avg", "min", "max", "markdown"]);

/** Characters of a number pattern (`#,##0.00`, `0.0%`, `#,##0.00;(#,##0.00)`), with at least one digit place. */
const NUMBER_PATTERN = /^[#0,.%‰;()\s+\-¤']*[#0][#0,.%‰;()\s+\-¤']*$/u;
/** A date pattern: the engine's letters (`dd.MM.yyyy`, `yyyy-MM-dd HH:mm`) and separators. */
const DATE_PATTERN = /^(?=.*(?:yy|MM|dd))[yMdEHhmsa.,:/\s-]+$/u;

export type ColumnFormat =
  | { readonly ok: true; readonly format: string | undefined; readonly note?: string }
  | { readonly ok: false; readonly reason: string };

const quoted = (s: string) => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

/** What to store for the format typed as `input` (undefined: no format), or why it is not one. */
export function readColumnFormat(input: string): ColumnFormat {
  const text = input.trim();
  if (text === "") return { ok: true, format: undefined };
  if (NUMBER_PATTERN.test(text)) {
    const format = `number:${quoted(text)}`;
    return { ok: true, format, note: `Read as ${format}.` };
  }
  if (DATE_PATTERN.test(text)) {
    const format = `date:${quoted(text)}`;
    return { ok: true, format, note: `Read as ${format}.` };
  }
  const filters = parseFilterChain(text);
  const unknown = filters.find((f) => !FILTERS.has(f.name));
  if (filters.length === 0 || unknown) {
    return { ok: false, reason: `${unknown ? `"${unknown.name}" is not a format` : "Not a format"}: use number:"#,##0.00", date:"medium" or a pattern such as #,##0.00.` };
  }
  return { ok: true, format: text };
}
