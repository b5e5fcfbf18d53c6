// The field Enter on the canvas edits first: what the element shows (its text, value, binding, source…),
// else the panel's first field.
import type { ElementType } from "../engine";

const MAIN_KEY: Record<ElementType, string> = {
  text: "text", markdown: "text", barcode: "value", icon: "name", table: "bindingField", image: "upload", line: "stroke", rect: "fill", ellipse: "fill", chart: "bindingField", field: "name",
};

/** Focuses the main field of the properties panel `panel` (an element's of `type`, or a band's). */
export function focusMainField(panel: HTMLElement, type?: ElementType): void {
  const main = type ? panel.querySelector<HTMLElement>(`[data-testid="prop-${MAIN_KEY[type]}"]`) : null;
  const target = main ?? panel.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea");
  target?.focus();
}
