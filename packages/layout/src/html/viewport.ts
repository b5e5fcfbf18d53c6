// The viewport of a printed HTML page, for `vw`/`vh` and @media size features: Chromium prints with the
// page area (the @page size minus its margins) as the viewport, so `100vw` is the width the content has.
// Read from the @page rules alone (before the cascade, which needs it), with the initial font size for em
// margins; kept per sheet.
import { DiagnosticSink } from "../diagnostics.js";
import type { PageRule, StyleSheet } from "./css.js";
import { pageSetup } from "./layout/page.js";
import { INITIAL } from "./style.js";

const viewports = new WeakMap<StyleSheet, { width: number; height: number }>();

/** The page area of these @page rules, in points. */
export function pageArea(pages: readonly PageRule[]): { width: number; height: number } {
  // Diagnostics about @page are reported once, by the real page set-up after the cascade.
  const { size, margins } = pageSetup(pages, INITIAL, new DiagnosticSink());
  return { width: Math.max(1, size.width - margins.left - margins.right), height: Math.max(1, size.height - margins.top - margins.bottom) };
}

/** The page area of the sheet's @page rules, in points. */
export function pageViewport(sheet: StyleSheet): { width: number; height: number } {
  let viewport = viewports.get(sheet);
  if (!viewport) {
    viewport = pageArea(sheet.pages);
    viewports.set(sheet, viewport);
  }
  return viewport;
}
