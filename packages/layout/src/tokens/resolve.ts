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
