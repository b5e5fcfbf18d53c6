// field: `kind`, `name`, `value` (tokens resolved first), `required`, `readOnly`, `options`, `fontSize`, `color`,
// `bg`, `borderColor`, `maxLength`, `label`. Layout draws the field's look (field-look.ts) and hands the painter
// a FieldItem: an interactive AcroForm field whose appearances are that look, or the look alone when flattened.
// A field never splits and never grows: it is as tall as its box.
import type { FieldItem, FieldWidget, FrameItem } from "../frame/types.js";
import type { FieldElement, FieldKind } from "../model/types.js";
import { FIELD_KINDS } from "../model/types.js";
import type { ParagraphLayout, ParagraphStyle } from "../text/types.js";
import { parseTemplate } from "../tokens/parse.js";
import { resolveText } from "../tokens/resolve.js";
import { atomicSplit, EmptyBlock, type Block, type PageNumbers, type Split } from "./block.js";
import { colourOf, num, report, type MeasureContext } from "./context.js";
import { arrowItems, boxItems, checkItems, FIELD_PADDING, radioItems, signatureLine, valueItems, type BoxPaint } from "./field-look.js";
import type { ElementKind } from "./kind.js";

/** Text size of a value when the element sets none. */
export const FIELD_FONT_SIZE = 10;
/** A field box's border colour when the element sets none. */
export const DEFAULT_BORDER = "#8a8f98";
/** Values that check a checkbox (compared without case), as a form's data usually spells them. */
const CHECKED = new Set(["true", "yes", "on", "1", "x", "checked"]);

/** A field ready to draw: its value resolved, its colours resolved (`#rrggbb`), its text's family chosen. */
export interface FieldSpec {
  readonly kind: FieldKind;
  readonly name: string;
  /** Text, the chosen option (or ""), or a checkbox's `Yes` / `Off`. */
  readonly value: string;
  readonly required: boolean;
  readonly readOnly: boolean;
  readonly options: readonly string[];
  readonly maxLength?: number;
  readonly label?: string;
  readonly fontSize: number;
  readonly color: string;
  readonly bg?: string;
  readonly border?: string;
  readonly family?: string;
  readonly direction: ParagraphStyle["direction"];
  /** Fields of this name on one page join into one (HTML radio buttons, one element each). */
  readonly shared?: boolean;
}

/** Lays a paragraph out (the render's paragraph cache, or the HTML layout's). */
export type ParagraphLayouter = (text: string, style: ParagraphStyle, width: number) => ParagraphLayout;

/** Form fields. */
export const fieldElement: ElementKind<FieldElement> = {
  measure(element, ctx) {
    const width = Math.max(0, num(element.width, 0));
    const height = Math.max(0, num(element.height, 0));
    const kind = element.kind as FieldKind;
    if (!FIELD_KINDS.includes(kind) || typeof element.name !== "string" || element.name === "") {
      report(ctx, "field.invalid", "a field needs a known kind and a name; nothing is drawn");
      return new EmptyBlock(height);
    }
    const bg = colourOf(ctx, element.bg, "bg");
    const border = element.borderColor === "transparent" ? undefined : (colourOf(ctx, element.borderColor, "borderColor") ?? DEFAULT_BORDER);
    const fontSize = num(element.fontSize, FIELD_FONT_SIZE) > 0 ? num(element.fontSize, FIELD_FONT_SIZE) : FIELD_FONT_SIZE;
    const options = Array.isArray(element.options) ? element.options.filter((o): o is string => typeof o === "string") : [];
    const spec: FieldSpec = {
      kind,
      name: element.name,
      value: fieldValue(element, kind, options, ctx),
      required: element.required === true,
      readOnly: element.readOnly === true,
      options,
      ...(typeof element.maxLength === "number" ? { maxLength: element.maxLength } : {}),
      ...(typeof element.label === "string" && element.label !== "" ? { label: element.label } : {}),
      fontSize,
      color: colourOf(ctx, element.color, "color") ?? "#000000",
      ...(bg !== undefined ? { bg } : {}),
      ...(border !== undefined ? { border } : {}),
      ...(ctx.env.bodyFamily !== undefined ? { family: ctx.env.bodyFamily } : {}),
      direction: ctx.env.direction,
    };
    const diag = (code: string, message: string): void => report(ctx, code, message);
    return new FieldBlock(height, fieldItem(spec, width, height, (text, style, w) => ctx.env.paragraphs.layout(text, style, w, diag)));
  },
};

/** A field's item (without its place): its widgets' looks and what prints with it, in a `width` × `height` box. */
export function fieldItem(spec: FieldSpec, width: number, height: number, paragraph: ParagraphLayouter): Omit<FieldItem, "x" | "y"> {
  const { kind, value, fontSize, color } = spec;
  const paint: BoxPaint = { ...(spec.bg !== undefined ? { bg: spec.bg } : {}), ...(spec.border !== undefined ? { border: spec.border } : {}) };
  const style = valueStyle(spec);
  const text = (value: string, boxWidth: number, multiline: boolean): FrameItem[] =>
    value === "" ? [] : valueItems(paragraph(value, style, multiline ? Math.max(1, boxWidth - 2 * FIELD_PADDING) : Infinity), boxWidth, height, multiline);
  let widgets: FieldWidget[];
  let items: FrameItem[] = [];
  switch (kind) {
    case "checkbox": {
      const size = Math.min(width, height);
      const off = boxItems(size, size, paint);
      widgets = [{ x: 0, y: (height - size) / 2, width: size, height: size, on: [...off, ...checkItems(size, color)], off, export: "Yes" }];
      break;
    }
    case "radio":
      ({ widgets, items } = radioGroup(spec, width, height, paint, style, paragraph));
      break;
    case "signature":
      widgets = [{ x: 0, y: 0, width, height, on: [...boxItems(width, height, paint), ...signatureLine(width, height, spec.border ?? color)] }];
      break;
    case "dropdown":
      widgets = [{ x: 0, y: 0, width, height, on: [...boxItems(width, height, paint), ...text(value, width - fontSize, false), ...arrowItems(width, height, color)] }];
      break;
    default:
      widgets = [{ x: 0, y: 0, width, height, on: [...boxItems(width, height, paint), ...text(value, width, kind === "multiline")] }];
  }
  return {
    kind: "field",
    fieldType: kind,
    name: spec.name,
    value: kind === "checkbox" ? (value === "Yes" ? "Yes" : "Off") : value,
    required: spec.required,
    readOnly: spec.readOnly,
    ...(kind === "radio" || kind === "dropdown" ? { options: spec.options } : {}),
    ...(spec.maxLength !== undefined && (kind === "text" || kind === "multiline" || kind === "date") ? { maxLength: spec.maxLength } : {}),
    ...(spec.label !== undefined ? { label: spec.label } : {}),
    ...(spec.shared === true ? { shared: true } : {}),
    fontSize,
    color,
    ...paint,
    widgets,
    items,
  };
}

/** The default value: tokens resolved; a checkbox's as `Yes`/`Off`; a choice's must be one of the options. */
function fieldValue(element: FieldElement, kind: FieldKind, options: readonly string[], ctx: MeasureContext): string {
  const source = typeof element.value === "string" ? element.value : "";
  const template = parseTemplate(source);
  const value = (template.hasTokens ? resolveText(template, ctx.tokens, ctx.scope) : source).trim();
  if (kind === "checkbox") return CHECKED.has(value.toLowerCase()) ? "Yes" : "Off";
  if (kind === "signature") return "";
  if ((kind === "radio" || kind === "dropdown") && value !== "" && !options.includes(value)) {
    report(ctx, "field.option", `the value ${JSON.stringify(value.slice(0, 40))} is not one of the field's options; nothing is chosen`);
    return "";
  }
  return value;
}

function valueStyle(spec: FieldSpec): ParagraphStyle {
  return { ...(spec.family ? { family: spec.family } : {}), weight: 400, italic: false, size: spec.fontSize, lineHeight: 1.15, letterSpacing: 0, align: "start", direction: spec.direction, color: spec.color };
}

/**
 * One round button per option, top to bottom, each with its option's text printed to its right. A shared
 * (HTML) radio button is one button whose option is its value, with no text: the page prints its label.
 */
function radioGroup(spec: FieldSpec, width: number, height: number, paint: BoxPaint, style: ParagraphStyle, paragraph: ParagraphLayouter): { widgets: FieldWidget[]; items: FrameItem[] } {
  const widgets: FieldWidget[] = [];
  const items: FrameItem[] = [];
  const { options, fontSize, color } = spec;
  if (options.length === 0) return { widgets, items };
  if (spec.shared === true) {
    const size = Math.min(width, height);
    const option = options[0] as string;
    widgets.push({ x: 0, y: (height - size) / 2, width: size, height: size, on: radioItems(size, color, paint, true), off: radioItems(size, color, paint, false), export: option });
    return { widgets, items };
  }
  const row = height / options.length;
  const size = Math.max(0, Math.min(row - 2, fontSize * 1.2, width));
  options.forEach((option, i) => {
    const top = i * row + (row - size) / 2;
    widgets.push({ x: 0, y: top, width: size, height: size, on: radioItems(size, color, paint, true), off: radioItems(size, color, paint, false), export: option });
    const line = paragraph(option, style, Infinity).lines[0];
    if (line === undefined) return;
    const dy = i * row + (row - line.height) / 2;
    for (const run of line.runs) items.push({ ...run, x: run.x + size + FIELD_PADDING * 2, y: run.y + dy });
  });
  return { widgets, items };
}

/** A placed field: its FieldItem moved to the block's place. */
export class FieldBlock implements Block {
  constructor(
    readonly height: number,
    private readonly field: Omit<FieldItem, "x" | "y">,
  ) {}

  split(available: number): Split {
    return atomicSplit(this, available);
  }

  place(out: FrameItem[], x: number, y: number, _page: PageNumbers): void {
    out.push({ ...this.field, x, y });
  }
}
