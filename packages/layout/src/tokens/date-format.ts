// The `date` and `datetime` filters.
import { type DateKind, renderDate, resolveDateFormat } from "./date-pattern.js";
import { toDateFields } from "./date-value.js";
import { toText } from "./text.js";
import { withDigits } from "./digits.js";
import type { Digits } from "../model/types.js";

/** Formats an ISO 8601 string, epoch ms or Date with a preset or .NET-style format; anything else prints unchanged. */
export function formatDate(value: unknown, format: string | undefined, kind: DateKind, locale: string, timezone: string, digits?: Digits): string {
  const fields = toDateFields(value, timezone);
  if (!fields) return toText(value, timezone);
  return withDigits(renderDate(fields, resolveDateFormat(format, kind), locale), digits);
}
