// Leaf schemas with their author-facing messages. Every schema carries its own message, so the
// wording never depends on valibot's defaults or on global message state set elsewhere in the process.
import * as v from "valibot";
import { isDocumentColour, isHexColour } from "../brand/colour.js";

/** Message for an object schema: a missing key is reported at the key's path, a wrong value here. */
function objectMessage(what: string): (issue: v.BaseIssue<unknown>) => string {
  return (issue) => (issue.path === undefined ? `expected ${what}` : "is required");
}

const SHOWN_MAX = 40;

/** Shows a received value the way the author wrote it, cut short so one message stays one line. */
export function shown(value: unknown): string {
  let text: string;
  if (typeof value === "string") text = `'${value}'`;
  else if (value === undefined) return "nothing";
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > SHOWN_MAX ? `${text.slice(0, SHOWN_MAX - 1)}…` : text;
}

/** A JSON object (not an array, which valibot would otherwise accept as an object). */
export function plainObject(what: string) {
  return v.custom<Record<string, unknown>>(
    (input) => typeof input === "object" && input !== null && !Array.isArray(input),
    `expected ${what}`,
  );
}

/** The keys of an object, for a variant option; unknown keys are dropped from the output. */
export function entries<const E extends v.ObjectEntries>(shape: E, what = "an object") {
  return v.object(shape, objectMessage(what));
}

/** A plain object with the given keys; unknown keys are dropped from the output. */
export function object<const E extends v.ObjectEntries>(shape: E, what = "an object") {
  return v.pipe(plainObject(what), entries(shape, what));
}

/** Any string. */
export const string = v.string("expected a string");

/** A string with at least one character. */
export const nonEmptyString = v.pipe(string, v.minLength(1, "must not be empty"));

/** true or false. */
export const boolean = v.boolean("expected true or false");

/** Any finite number. */
export const number = v.pipe(v.number("expected a number"), v.finite("expected a finite number"));

/** A finite number of at least 0. */
export const nonNegative = v.pipe(number, v.minValue(0, "must not be negative"));

/** A finite number above 0. */
export const positive = v.pipe(number, v.gtValue(0, "must be greater than 0"));

/** A finite number in [min, max]. */
export function range(min: number, max: number) {
  return v.pipe(number, v.minValue(min, `must be between ${min} and ${max}`), v.maxValue(max, `must be between ${min} and ${max}`));
}

/** An array whose items all match `item`. */
export function array<const T extends v.GenericSchema>(item: T) {
  return v.array(item, "expected an array");
}

/** One of a fixed list of strings; the message lists them all and echoes what was written. */
export function oneOf<const T extends readonly string[]>(options: T) {
  return v.picklist(options, (issue) => `expected one of: ${options.join(", ")}; got ${shown(issue.input)}`);
}

/** A colour property: `#rgb`, `#rrggbb`, `transparent` or a brand slot. */
export const colour = v.pipe(
  string,
  v.check((value: string) => isDocumentColour(value), (issue) => `expected a colour (#rgb, #rrggbb, transparent, @primary, @accent, @onPrimary or @onAccent); got ${shown(issue.input)}`),
);

/** A brand colour: `#rgb` or `#rrggbb` only, since a slot cannot name itself. */
export const hexColour = v.pipe(
  string,
  v.check((value: string) => isHexColour(value), (issue) => `expected a hex colour like #rrggbb or #rgb; got ${shown(issue.input)}`),
);
