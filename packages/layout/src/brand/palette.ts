// The palette a render uses: template brand, overridden per key by a render-time theme, plus the
// derived on-colours. Resolution never throws: anything unusable falls back to the default.
import type { Brand, Colour, Theme } from "../model/types.js";
import { normaliseHexColour, parseHexColour } from "./colour.js";
import { onColour } from "./contrast.js";

/** A fully resolved palette; every colour is lower-case `#rrggbb`. */
export interface Palette {
  readonly primary: string;
  readonly accent: string;
  readonly onPrimary: string;
  readonly onAccent: string;
}

/** The palette of a template that sets no brand. */
export const DEFAULT_BRAND = { primary: "#2563eb", accent: "#f59e0b" } as const;

function pick(themeValue: string | null | undefined, brandValue: string | undefined, fallback: string): string {
  return normaliseHexColour(themeValue) ?? normaliseHexColour(brandValue) ?? fallback;
}

// On-colours by brand colour: every render resolves its palette, and a service renders few brands. Bounded:
// emptied when it holds ON_COLOURS_LIMIT entries.
const onColours = new Map<string, string>();
const ON_COLOURS_LIMIT = 256;

function onColourOf(hex: string): string {
  let on = onColours.get(hex);
  if (on === undefined) {
    // `hex` is already normalised, so the black fallback is unreachable; it only keeps this total.
    on = onColour(parseHexColour(hex) ?? { r: 0, g: 0, b: 0 });
    if (onColours.size >= ON_COLOURS_LIMIT) onColours.clear();
    onColours.set(hex, on);
  }
  return on;
}

/** Resolves the template brand and an optional render-time theme into a full palette. */
export function resolvePalette(brand: Brand | undefined, theme?: Theme | null): Palette {
  // A theme key that is null, empty or invalid keeps the template's colour (validateTheme rejects
  // invalid ones before a render; falling through here keeps resolution total).
  const primary = pick(theme?.primary, brand?.primary, DEFAULT_BRAND.primary);
  const accent = pick(theme?.accent, brand?.accent, DEFAULT_BRAND.accent);
  return {
    primary,
    accent,
    onPrimary: onColourOf(primary),
    onAccent: onColourOf(accent),
  };
}

/** Resolves a document colour to `#rrggbb`; `transparent`, absent or unusable values give undefined. */
export function resolveColour(value: Colour | undefined, palette: Palette): string | undefined {
  switch (value) {
    case undefined:
    case "transparent":
      return undefined;
    case "@primary":
      return palette.primary;
    case "@accent":
      return palette.accent;
    case "@onPrimary":
      return palette.onPrimary;
    case "@onAccent":
      return palette.onAccent;
    default:
      return normaliseHexColour(value);
  }
}
