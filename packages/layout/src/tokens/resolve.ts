// Token resolution: text with every token replaced, and single-expression evaluation.
import { applyFilters } from "./filters.js";
import { parseExpression, parseTemplate } from "./parse.js";
import { lookupSegments, parsePath } from "./path.js";
import type { FilterCall, RowScope, TemplateText, TokenContext } from "./types.js";

/** The text with every token replaced by its printed value. */
export function resolveText(text: string | TemplateText, ctx: TokenContext, scope?: RowScope): string {
  const template = typeof text === "string" ? parseTemplate(text) : text;
  if (!template.hasTokens) return template.source;
  let out = "";
  for (const part of template.parts) {
    out += typeof part === "string" ? part : applyFilters(valueAt(part.path, ctx, scope), part.filters, ctx);
  }
  return out;
}

// Right-to-left letters (Hebrew, Arabic, Syriac, Thaana, NKo, …) and the bidi controls that can reorder.
const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u200F\u202A-\u202E\u2066-\u2069]|\uD802[\uDC00-\uDFFF]|\uD803[\uDC00-\uDE7F]|\uD83A[\uDC00-\uDFFF]|\uD83B[\uDC00-\uDEFF]/;

/**
 * The text with every token replaced, each value bidi-isolated (FSI … PDI) so that it is ordered as a unit
 * of its own direction: `-500.00` keeps its minus on the left and a phone number its groups in order in a
 * right-to-left paragraph, and a Hebrew name does not capture the number after it in a left-to-right one.
 * Every value is isolated when `ctx.isolateValues` is set (right-to-left documents), otherwise only values
 * with right-to-left characters (a left-to-right value in a left-to-right paragraph needs nothing).
 * For printed text only: never for barcode values, icon names or paths.
 */
export function resolveDisplayText(text: string | TemplateText, ctx: TokenContext, scope?: RowScope): string {
  const template = typeof text === "string" ? parseTemplate(text) : text;
  if (!template.hasTokens) return template.source;
  let out = "";
  for (const part of template.parts) {
    if (typeof part === "string") {
      out += part;
      continue;
    }
    out += isolateValue(applyFilters(valueAt(part.path, ctx, scope), part.filters, ctx), ctx);
  }
  return out;
}

/** A printed value wrapped in FSI … PDI when `resolveDisplayText` would isolate it. */
export function isolateValue(value: string, ctx: TokenContext): string {
  return value !== "" && (ctx.isolateValues === true || RTL.test(value)) ? `\u2068${value}\u2069` : value;
}

/**
 * The value of one expression (`items`, `total | number`) or of a text that is exactly one token
 * (`{{ logo }}`, surrounding whitespace ignored): the raw value when there are no filters, else the
 * printed string. Any other text containing `{{` resolves as text. A string without `{{` is always an
 * expression, so literal values such as data URLs must not be passed here.
 */
export function evaluate(expression: string, ctx: TokenContext, scope?: RowScope): unknown {
  const text = expression.trim();
  if (text.includes("{{")) {
    const template = parseTemplate(text);
    const [only] = template.parts;
    if (template.parts.length === 1 && only !== undefined && typeof only !== "string") {
      return valueWithFilters(only.path, only.filters, ctx, scope);
    }
    return resolveText(template, ctx, scope);
  }
  const { path, filters } = parseExpression(text);
  return valueWithFilters(path, filters, ctx, scope);
}

function valueWithFilters(path: string, filters: readonly FilterCall[], ctx: TokenContext, scope?: RowScope): unknown {
  const value = valueAt(path, ctx, scope);
  return filters.length === 0 ? value : applyFilters(value, filters, ctx);
}

function valueAt(path: string, ctx: TokenContext, scope?: RowScope): unknown {
  const segments = parsePath(path);
  return segments ? lookupSegments(segments, ctx, scope) : undefined;
}
