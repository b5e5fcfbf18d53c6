// WCAG 2.x relative luminance and contrast ratio, used to pick text colours that sit on a brand colour.
import type { Rgb } from "./colour.js";

export const BLACK = "#000000";
export const WHITE = "#ffffff";

// The sRGB linearisation threshold: WCAG 2.0 printed 0.03928, later corrected to the sRGB standard's
// 0.04045. No 8-bit channel value (c/255) falls between the two, so the choice never changes a result.
const LINEAR_THRESHOLD = 0.04045;

function linearise(channel: number): number {
  const c = channel / 255;
  return c <= LINEAR_THRESHOLD ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of an sRGB colour: 0 for black, 1 for white. */
export function relativeLuminance(colour: Rgb): number {
  return 0.2126 * linearise(colour.r) + 0.7152 * linearise(colour.g) + 0.0722 * linearise(colour.b);
}

/** WCAG contrast ratio between two colours, from 1 (none) to 21 (black on white). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  const [light, dark] = la >= lb ? [la, lb] : [lb, la];
  return (light + 0.05) / (dark + 0.05);
}

/** Black or white, whichever contrasts more with a colour of this relative luminance; a tie picks black. */
export function onColourForLuminance(luminance: number): typeof BLACK | typeof WHITE {
  const againstBlack = (luminance + 0.05) / 0.05;
  const againstWhite = 1.05 / (luminance + 0.05);
  // Ties (luminance ≈ 0.1791) are unreachable with 8-bit channels, but black is the documented answer:
  // of two equal ratios, black text is the conventional default.
  return againstBlack >= againstWhite ? BLACK : WHITE;
}

/** Black or white, whichever contrasts more with `background`; a tie picks black. */
export function onColour(background: Rgb): typeof BLACK | typeof WHITE {
  return onColourForLuminance(relativeLuminance(background));
}
