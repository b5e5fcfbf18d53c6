// Colour grammar shared by the validator and the palette: one place decides what a colour string is.

/** The brand slots a colour property may name instead of a hex value. */
export const COLOUR_SLOTS = ["@primary", "@accent", "@onPrimary", "@onAccent"] as const;

export type ColourSlot = (typeof COLOUR_SLOTS)[number];

// Hex digits are case-insensitive, as in CSS; slots and `transparent` are exact keywords.
const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** Whether `value` is `#rgb` or `#rrggbb` (case-insensitive). */
export function isHexColour(value: unknown): value is string {
  return typeof value === "string" && HEX_COLOUR.test(value);
}

/** Whether `value` names a brand slot such as `@primary`. */
export function isColourSlot(value: unknown): value is ColourSlot {
  return typeof value === "string" && (COLOUR_SLOTS as readonly string[]).includes(value);
}

/** Whether `value` is a valid document colour: hex, `transparent`, or a brand slot. */
export function isDocumentColour(value: unknown): value is string {
  return isHexColour(value) || value === "transparent" || isColourSlot(value);
}

/** Normalises `#rgb` / `#rrggbb` to lower-case `#rrggbb`; anything else gives undefined. */
export function normaliseHexColour(value: unknown): string | undefined {
  if (!isHexColour(value)) return undefined;
  const hex = value.slice(1).toLowerCase();
  if (hex.length === 6) return `#${hex}`;
  return `#${[...hex].map((digit) => digit + digit).join("")}`;
}

/** An sRGB colour as 0–255 channels. */
export interface Rgb {
  readonly r: number;
  readonly g: number;
  readonly b: number;
}

/** Parses `#rgb` / `#rrggbb` into 0–255 channels; anything else gives undefined. */
export function parseHexColour(value: unknown): Rgb | undefined {
  const hex = normaliseHexColour(value);
  if (hex === undefined) return undefined;
  return {
    r: Number.parseInt(hex.slice(1, 3), 16),
    g: Number.parseInt(hex.slice(3, 5), 16),
    b: Number.parseInt(hex.slice(5, 7), 16),
  };
}
