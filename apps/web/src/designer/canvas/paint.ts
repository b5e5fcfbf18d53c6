// How the canvas paints an element's content: colours through the brand palette, fonts by role, and token
// text resolved against the sample data (or shown as written), using the engine's own token module.
import { resolveColour, resolveText, type Element, type Palette, type TemplateDocument, type TextRole } from "../engine";

/** What painting needs besides the element. */
export interface PaintContext {
  readonly palette: Palette;
  readonly doc: TemplateDocument;
  /** The sample data; null shows tokens as written. */
  readonly data: Record<string, unknown> | null;
  /** The row a detail band's elements resolve against (its binding's first sample item). */
  readonly row?: unknown;
}

/** A CSS colour for a document colour, or undefined (transparent / absent). */
export function cssColour(value: string | undefined, ctx: PaintContext): string | undefined {
  return resolveColour(value, ctx.palette);
}

const HEADING_ROLES: ReadonlySet<TextRole> = new Set(["title", "heading"]);

/** The CSS font-family of a text-like element: its own, else the document's heading or body font (Inter). */
export function fontFamilyOf(element: { readonly fontFamily?: string; readonly role?: TextRole }, doc: TemplateDocument): string {
  const family = element.fontFamily ?? (element.role && HEADING_ROLES.has(element.role) ? doc.fonts?.heading : doc.fonts?.body) ?? "Inter";
  // The fallback chain the renderer uses for scripts the family lacks.
  return `${JSON.stringify(family)}, "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", sans-serif`;
}

/** Text with its tokens resolved against the sample data (a detail's row first), or as written. */
export function displayText(text: string, ctx: PaintContext): string {
  if (ctx.data === null) return text;
  try {
    return resolveText(text, {
      root: ctx.data,
      locale: ctx.doc.locale ?? "en-US",
      timezone: ctx.doc.timezone ?? "UTC",
      now: new Date(),
      page: 1,
      pages: 1,
    }, ctx.row === undefined ? undefined : { row: ctx.row, index: 0 });
  } catch {
    return text;
  }
}

/** A value at a dotted path of the data (for bindings: tables, images, detail rows). */
export function valueAt(data: unknown, path: string | undefined): unknown {
  if (!path) return undefined;
  let cur: unknown = data;
  for (const key of path.replace(/\[(\d+)\]/g, ".$1").split(".")) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** The default size of a new element of each type, in points. */
export const DEFAULT_SIZES: Readonly<Record<Element["type"], { width: number; height: number }>> = {
  text: { width: 160, height: 18 },
  image: { width: 100, height: 60 },
  table: { width: 400, height: 38 },
  line: { width: 200, height: 0 },
  rect: { width: 120, height: 60 },
  ellipse: { width: 80, height: 80 },
  barcode: { width: 160, height: 50 },
  markdown: { width: 240, height: 48 },
  icon: { width: 24, height: 24 },
  chart: { width: 320, height: 180 },
  field: { width: 160, height: 20 },
};

let counter = 0;

/** A fresh id for a new element or band, unique within the document. */
export function newId(prefix: string, taken: (id: string) => boolean): string {
  for (;;) {
    counter += 1;
    const id = `${prefix}${Math.random().toString(36).slice(2, 6)}${counter}`;
    if (!taken(id)) return id;
  }
}

/** A new element of `type` at (x, y), with the keys its type requires. */
export function newElement(type: Element["type"], id: string, x: number, y: number): Element {
  const { width, height } = DEFAULT_SIZES[type];
  const base = { id, x: Math.round(x), y: Math.round(y), width, height };
  switch (type) {
    case "text": return { ...base, type, text: "Text" };
    case "image": return { ...base, type, src: "", fit: "contain" };
    case "table": return { ...base, type, bindingField: "", columns: [] };
    case "line": return { ...base, type, stroke: "#111827", strokeWidth: 1 };
    case "rect": return { ...base, type, stroke: "#111827", strokeWidth: 1 };
    case "ellipse": return { ...base, type, stroke: "#111827", strokeWidth: 1 };
    case "barcode": return { ...base, type, format: "qr", value: "{{number}}" };
    case "markdown": return { ...base, type, text: "**Bold** and *italic*" };
    case "icon": return { ...base, type, name: "star", color: "@primary" };
    case "chart": return { ...base, type, chartType: "bar", bindingField: "", series: [{ valueKey: "value", label: "Value" }], categoryKey: "label" };
    // The id is unique in the document, so a name made from it is too (field names must be unique).
    case "field": return { ...base, type, kind: "text", name: `field_${id.replace(/[^A-Za-z0-9_-]/g, "")}` };
  }
}
