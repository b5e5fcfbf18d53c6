// How a value prints inside text, and when a `visibleIf` value counts as true.
import { decimalToString, isZero, parseDecimal, toDecimal } from "./decimal.js";
import { renderDate, resolveDateFormat } from "./date-pattern.js";
import { zonedFields } from "./date-value.js";

/**
 * The text of a value with no filter: strings as they are; numbers in plain decimal notation (never
 * `1e+21`); `true`/`false`; a Date (`$now`) as the datetime `iso` preset in `timezone`; an array as its
 * printable items joined by `", "`; missing values, objects, NaN and infinities as empty text.
 */
export function toText(value: unknown, timezone = "UTC"): string {
  switch (typeof value) {
    case "string":
      return value;
    case "number": {
      const d = toDecimal(value);
      return d ? decimalToString(d) : "";
    }
    case "bigint":
      return value.toString();
    case "boolean":
      return value ? "true" : "false";
    case "object":
      if (value instanceof Date) {
        const fields = zonedFields(value.getTime(), timezone);
        return fields ? renderDate(fields, resolveDateFormat("iso", "datetime"), "en-US") : "";
      }
      if (Array.isArray(value)) {
        return value
          .map((item: unknown) => toText(item, timezone))
          .filter((text) => text !== "")
          .join(", ");
      }
      return "";
    default:
      return "";
  }
}

/**
 * Truthiness for `visibleIf`: false for missing, `false`, zero, NaN, empty or blank text, the strings
 * `"false"` (any case) and numeric strings equal to zero (`"0"`, `"0.00"`), empty arrays, objects
 * without keys and invalid Dates; everything else is true.
 */
export function isTruthy(value: unknown): boolean {
  switch (typeof value) {
    case "boolean":
      return value;
    case "number":
      return value !== 0 && !Number.isNaN(value);
    case "bigint":
      return value !== 0n;
    case "string": {
      const text = value.trim();
      if (text === "" || text.toLowerCase() === "false") return false;
      const d = parseDecimal(text);
      return !(d && isZero(d));
    }
    case "object":
      if (value === null) return false;
      if (value instanceof Date) return !Number.isNaN(value.getTime());
      if (Array.isArray(value)) return value.length > 0;
      return Object.keys(value).length > 0;
    default:
      return false;
  }
}
