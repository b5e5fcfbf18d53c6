// HTML form controls as form fields, when the render asks for forms: `<input>` (text and its kin, date,
// checkbox, radio), `<textarea>` and `<select>` become the same fields as the report's `field` element
// (elements/field.ts), laid out as inline objects (like images) so they sit in a line of text. Without `forms`,
// they are drawn as Chromium prints them (static-control.ts), with no form fields.
import { DEFAULT_BORDER, FieldBlock, fieldItem, type FieldSpec } from "../../elements/field.js";
import type { Block } from "../../elements/block.js";
import type { FieldKind } from "../../model/types.js";
import { layoutParagraph } from "../../text/paragraph.js";
import type { HtmlElement, HtmlNode } from "../dom.js";
import type { ComputedStyle } from "../style.js";
import { familyOf, type HtmlContext } from "./context.js";
import { staticControlBlock } from "./static-control.js";

/** `<input type>` → field kind; types not listed (hidden, submit, button, file…) are not fields. */
const INPUT_KINDS: Readonly<Record<string, FieldKind>> = {
  text: "text", email: "text", tel: "text", url: "text", search: "text", number: "text", password: "text",
  date: "date", "datetime-local": "date", checkbox: "checkbox", radio: "radio",
};

/** The field kind of a form control, or undefined when the element is not one (or forms are off). */
export function controlKind(el: HtmlElement, ctx: HtmlContext): FieldKind | undefined {
  return ctx.forms === true ? kindOf(el) : undefined;
}

/** The kind of control an element is, fields or not (without forms it is drawn: static-control.ts). */
export function kindOf(el: HtmlElement): FieldKind | undefined {
  if (el.tag === "textarea") return "multiline";
  if (el.tag === "select") return "dropdown";
  if (el.tag !== "input") return undefined;
  return INPUT_KINDS[(el.attrs.get("type") ?? "text").trim().toLowerCase()];
}

/** True when the element is laid out as a control: a form field, or without forms its static drawing. */
export function isFormControl(el: HtmlElement, _ctx: HtmlContext): boolean {
  return kindOf(el) !== undefined;
}

/** A control's content-box size when CSS sets none: from `size`/`cols`/`rows`, as browsers size them. */
export function controlSize(el: HtmlElement, style: ComputedStyle, ctx: HtmlContext): { width: number; height: number } {
  const kind = kindOf(el);
  // Printed (not fields), check boxes and radio buttons are Chromium's 13 px whatever the font size.
  if ((kind === "checkbox" || kind === "radio") && ctx.forms !== true) return { width: 13 * 0.75, height: 13 * 0.75 };
  const line = style.size * 1.15 + 6;
  const count = (name: string, fallback: number): number => {
    const n = Number.parseInt(el.attrs.get(name) ?? "", 10);
    return Number.isFinite(n) && n > 0 ? Math.min(n, 200) : fallback;
  };
  const char = style.size * 0.55;
  switch (kind) {
    case "checkbox":
    case "radio":
      return { width: style.size, height: style.size };
    case "multiline":
      return { width: count("cols", 20) * char + 6, height: count("rows", 2) * style.size * 1.15 + 6 };
    case "dropdown": {
      const longest = Math.max(4, ...options(el).map((o) => o.label.length));
      return { width: longest * char + style.size + 10, height: line };
    }
    default:
      return { width: count("size", 20) * char + 6, height: line };
  }
}

/** The field block of a control `width` × `height` (its content box). */
export function controlBlock(el: HtmlElement, style: ComputedStyle, width: number, height: number, ctx: HtmlContext): Block {
  if (ctx.forms !== true) return staticControlBlock(el, style, kindOf(el) ?? "text", width, height, ctx);
  const kind = controlKind(el, ctx) ?? "text";
  const attr = (name: string): string | undefined => el.attrs.get(name);
  const listed = options(el);
  const checked = attr("checked") !== undefined;
  let value: string;
  let choices: string[] = [];
  if (kind === "checkbox") value = checked ? "Yes" : "Off";
  else if (kind === "radio") {
    const own = attr("value") ?? "on";
    choices = [own];
    value = checked ? own : "";
  } else if (kind === "dropdown") {
    choices = listed.map((o) => o.value);
    value = (listed.find((o) => o.selected) ?? listed[0])?.value ?? "";
  } else if (kind === "multiline") value = textOf(el.children);
  else value = attr("type") === "password" ? "" : (attr("value") ?? "");
  const maxLength = Number.parseInt(attr("maxlength") ?? "", 10);
  const label = attr("title") ?? attr("aria-label") ?? attr("placeholder");
  const family = familyOf(ctx, style, el.path);
  const spec: FieldSpec = {
    kind,
    name: fieldName(attr("name") ?? attr("id"), el, ctx),
    value,
    required: attr("required") !== undefined,
    readOnly: attr("readonly") !== undefined || attr("disabled") !== undefined,
    options: choices,
    ...(Number.isFinite(maxLength) && maxLength > 0 ? { maxLength } : {}),
    ...(label !== undefined && label.trim() !== "" ? { label: label.trim() } : {}),
    fontSize: style.size,
    color: style.color,
    ...(style.background !== null ? { bg: style.background } : {}),
    border: DEFAULT_BORDER,
    ...(family !== undefined ? { family } : {}),
    direction: style.direction,
    ...(kind === "radio" ? { shared: true } : {}),
  };
  const report = (code: string, message: string): void => ctx.diagnostics.add(code, message, el.path);
  return new FieldBlock(height, fieldItem(spec, width, height, (text, paragraph, w) => layoutParagraph(ctx.fonts, text, paragraph, w, report)));
}

/** A control without a name is named `field` (the painter numbers repeats); `.` would make a PDF name hierarchical. */
function fieldName(given: string | undefined, el: HtmlElement, ctx: HtmlContext): string {
  const name = given?.trim().replace(/\./g, "_").slice(0, 100);
  if (name) return name;
  ctx.diagnostics.add("field.unnamed", "a form control without a name or id is named field (field_2, field_3 … after it) in the PDF", el.path);
  return "field";
}

/** A select's options: value (the `value` attribute, else the text), label and whether it is selected. */
function options(el: HtmlElement): { value: string; label: string; selected: boolean }[] {
  const out: { value: string; label: string; selected: boolean }[] = [];
  const visit = (nodes: readonly HtmlNode[]): void => {
    for (const node of nodes) {
      if (node.kind !== "element") continue;
      if (node.tag === "option") {
        const label = textOf(node.children).trim();
        out.push({ value: node.attrs.get("value") ?? label, label, selected: node.attrs.get("selected") !== undefined });
      } else if (node.tag === "optgroup") visit(node.children);
    }
  };
  visit(el.children);
  return out.slice(0, 200);
}

function textOf(nodes: readonly HtmlNode[]): string {
  return nodes.map((n) => (n.kind === "text" ? n.text : textOf(n.children))).join("");
}
