// What the designer calls an element or a band when it speaks to people: in the canvas's accessible names,
// the selection announcement and the comment pins. An element is named by what it shows (its text, its
// binding) rather than its generated id, which means nothing to a reader.
import type { Band, Element } from "../engine";

const TYPE_NAMES: Record<Element["type"], string> = {
  text: "Text", markdown: "Markdown", image: "Image", table: "Table", line: "Line", rect: "Rectangle", ellipse: "Ellipse", barcode: "Barcode", icon: "Icon", chart: "Chart", field: "Form field",
};
const MAX_QUOTE = 40;

function quote(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return `“${flat.length > MAX_QUOTE ? `${flat.slice(0, MAX_QUOTE - 1)}…` : flat}”`;
}

/** The element's label: its type and what it shows or is bound to (`Text “Invoice {{number}}”`, `Table of items`). */
export function elementLabel(el: Element): string {
  const type = TYPE_NAMES[el.type];
  switch (el.type) {
    case "text":
    case "markdown":
      return el.text.trim() ? `${type} ${quote(el.text)}` : `${type} (empty)`;
    case "table":
    case "chart":
      return el.bindingField ? `${type} of ${el.bindingField}` : `${type} (no binding)`;
    case "image":
      if (el.bindingField) return `${type} of ${el.bindingField}`;
      // A data: URL is the picture itself: nothing readable to quote.
      return el.src && !el.src.startsWith("data:") ? `${type} ${quote(el.src)}` : type;
    case "barcode":
      return `${type} ${el.format} ${quote(el.value)}`;
    case "icon":
      return el.name ? `${type} ${el.name}` : `${type} (inline SVG)`;
    case "field":
      return `${type} ${el.kind} ${quote(el.name)}`;
    default:
      return type;
  }
}

/**
 * What an element is, said before what it shows: its type and binding (`Table of items`, `Barcode qr`). The
 * canvas names an element by this followed by its drawn content, so the name always holds the visible text
 * (the sample values included), as a speech-input user reads it.
 */
export function elementKind(el: Element): string {
  const type = TYPE_NAMES[el.type];
  switch (el.type) {
    case "table":
    case "chart":
      return el.bindingField ? `${type} of ${el.bindingField}` : type;
    case "image":
      return el.bindingField ? `${type} of ${el.bindingField}` : type;
    case "barcode":
      return `${type} ${el.format}`;
    case "icon":
      return el.name ? `${type} ${el.name}` : type;
    case "field":
      return `${type} ${el.kind} ${el.name}`;
    default:
      return type;
  }
}

/** The band's label: its name or kind, and what it repeats for (`detail of items`). */
export function bandLabel(band: Band): string {
  const name = band.name ?? band.kind;
  return band.bindingField ? `${name} of ${band.bindingField}` : name;
}

/** What a screen reader hears when the selection changes (or after a keyboard move: the position is part of it). */
export function selectionAnnouncement(selected: readonly { element: Element; band: Band }[], band: Band | undefined): string {
  if (selected.length > 1) return `${selected.length} elements selected`;
  const one = selected[0];
  if (one) {
    const { element: el } = one;
    return `${elementLabel(el)} selected, in ${bandLabel(one.band)} band, at x ${el.x}, y ${el.y}, ${el.width} by ${el.height} points`;
  }
  if (band) return `${bandLabel(band)} band selected, ${band.height} points high`;
  return "Nothing selected";
}
