// Decimal alignment of a table column (`align: "decimal"`): every cell right-aligned, then moved left by
// the difference between the widest fraction in the column and its own, so the decimal separators (and the
// ends of whole numbers) stand on one vertical line.
import type { TableColumn } from "../model/types.js";
import { numberSymbols } from "../tokens/locale.js";
import { resolveDisplayText } from "../tokens/resolve.js";
import type { RowScope, TemplateText, TokenContext } from "../tokens/types.js";
import { measureText } from "../text/measure.js";
import type { ParagraphStyle } from "../text/types.js";
import type { MeasureContext } from "./context.js";

/** The resolved cell texts of a decimal column and, per row, how far its cell moves left (points). */
export interface DecimalColumn {
  readonly texts: readonly string[];
  readonly shifts: readonly number[];
}

/** Per column: its decimal alignment when `align` is `decimal`, else undefined. */
export function decimalColumns(
  columns: readonly TableColumn[],
  templates: readonly TemplateText[],
  scopes: readonly RowScope[],
  styles: readonly ParagraphStyle[],
  tokens: TokenContext,
  ctx: MeasureContext,
): (DecimalColumn | undefined)[] {
  return columns.map((column, c) => {
    if (column.align !== "decimal") return undefined;
    const { decimal } = numberSymbols(tokens.locale, tokens.digits);
    const style = styles[c]!;
    const texts = scopes.map((scope) => resolveDisplayText(templates[c]!, tokens, scope));
    const fractions = texts.map((text) => {
      const at = text.lastIndexOf(decimal);
      return at < 0 || !/\d/.test(text.slice(at + decimal.length)) ? 0 : measureText(ctx.env.fonts, text.slice(at), style);
    });
    const widest = Math.max(0, ...fractions);
    return { texts, shifts: fractions.map((width) => widest - width) };
  });
}
