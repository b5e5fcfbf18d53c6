// Validation of the render-time theme `{primary, accent}`, run before anything is rendered.
// The messages are part of the API contract (document-model.md) and must stay word for word.
import type { Theme } from "../model/types.js";
import { isHexColour, normaliseHexColour } from "./colour.js";

/** The keys a render-time theme may set. */
export const THEME_KEYS = ["primary", "accent"] as const;

type ThemeKey = (typeof THEME_KEYS)[number];

/** The outcome of validateTheme: a normalised theme, or per-path errors plus one summary message. */
export type ThemeResult =
  | { readonly ok: true; readonly theme: Theme }
  | { readonly ok: false; readonly errors: Record<string, string[]>; readonly message: string };

function isThemeKey(key: string): key is ThemeKey {
  return (THEME_KEYS as readonly string[]).includes(key);
}

function addError(errors: Record<string, string[]>, path: string, message: string): void {
  (errors[path] ??= []).push(message);
}

/** Validates a render-time theme; null or undefined means no theme and is valid. */
export function validateTheme(theme: unknown): ThemeResult {
  if (theme === null || theme === undefined) return { ok: true, theme: {} };
  const errors: Record<string, string[]> = {};
  if (typeof theme !== "object" || Array.isArray(theme)) {
    const message = 'theme must be an object like {"primary": "#rrggbb", "accent": "#rrggbb"}.';
    addError(errors, "theme", message);
    return { ok: false, errors, message };
  }
  const normalised: { primary?: string; accent?: string } = {};
  for (const [key, value] of Object.entries(theme)) {
    if (!isThemeKey(key)) {
      addError(errors, "theme", `theme has an unknown key '${key}'; allowed: primary, accent.`);
      continue;
    }
    // Null and empty mean "keep the template's colour", so they are dropped rather than kept as values.
    if (value === null || value === undefined || value === "") continue;
    if (!isHexColour(value)) {
      addError(errors, `theme.${key}`, `theme.${key} must be a hex colour like #rrggbb.`);
      continue;
    }
    normalised[key] = normaliseHexColour(value);
  }
  const messages = Object.values(errors).flat();
  if (messages.length > 0) return { ok: false, errors, message: messages.join(" ") };
  return { ok: true, theme: normalised };
}
