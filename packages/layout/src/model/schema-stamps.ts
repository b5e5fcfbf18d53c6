// The document's `stamps`: text or image stamps and watermarks, one schema per `type` joined by a variant so
// errors point into the stamp the author meant.
import * as v from "valibot";
import type { Stamp } from "./types.js";
import { array, boolean, colour, entries, nonNegative, number, object, oneOf, plainObject, positive, range, shown, string } from "./schema-primitives.js";

const placement = {
  id: v.optional(string),
  position: v.optional(oneOf(["center", "top-left", "top-right", "bottom-left", "bottom-right"])),
  x: v.optional(number),
  y: v.optional(number),
  width: v.optional(positive),
  height: v.optional(positive),
  margin: v.optional(nonNegative),
  rotation: v.optional(number),
  opacity: v.optional(range(0, 1)),
  pages: v.optional(oneOf(["all", "first", "last"])),
  visibleIf: v.optional(string),
  layer: v.optional(oneOf(["over", "under"])),
};

const border = object({
  width: v.optional(nonNegative),
  color: v.optional(colour),
  radius: v.optional(nonNegative),
});

const textStamp = entries({
  type: v.literal("text"),
  text: string,
  fontSize: v.optional(positive),
  fontFamily: v.optional(string),
  fontWeight: v.optional(range(100, 900)),
  italic: v.optional(boolean),
  color: v.optional(colour),
  border: v.optional(border),
  padding: v.optional(nonNegative),
  ...placement,
});

// As an image element: a missing or empty value prints nothing.
const imageStamp = entries({
  type: v.literal("image"),
  src: v.optional(string),
  bindingField: v.optional(string),
  fit: v.optional(oneOf(["contain", "cover", "fill"])),
  ...placement,
});

const stamp = v.pipe(
  plainObject('a stamp object like {"type": "text", "text": "PAID"}'),
  v.variant("type", [textStamp, imageStamp], (issue) =>
    issue.input === undefined ? "is required ('text' or 'image')" : `unknown stamp type ${shown(issue.input)}; allowed: text, image`),
);

/** The `stamps` list. */
export const stampsSchema: v.GenericSchema<unknown, readonly Stamp[]> = array(stamp);
