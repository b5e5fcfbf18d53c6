// What a chart element draws, read from the data: the bound rows (capped), each row's category and the
// series values, the series' labels and colours, and the formatters of values and categories. Uses only the
// token module and the palette, so the designer's canvas reads sample data exactly as the renderer does.
import { resolveColour, type Palette } from "../brand/palette.js";
import type { ChartElement, ChartType } from "../model/types.js";
import { applyFilters } from "../tokens/filters.js";
import { formatNumber } from "../tokens/number-format.js";
import { parseFilterChain } from "../tokens/parse.js";
import { lookupPath } from "../tokens/path.js";
import { evaluate, resolveText } from "../tokens/resolve.js";
import type { RowScope, TokenContext } from "../tokens/types.js";

/** Most rows a chart draws: beyond this a chart is unreadable and its layout cost unbounded. */
export const MAX_CHART_POINTS = 500;
/** Most series a chart draws. */
export const MAX_CHART_SERIES = 12;

/** Colours after the brand's two, for series and slices without their own (distinct in hue and lightness). */
export const CHART_SEQUENCE = ["#10b981", "#8b5cf6", "#ef4444", "#06b6d4", "#f97316", "#64748b", "#84cc16", "#ec4899"] as const;

export interface ChartSeriesData {
  readonly label: string;
  readonly color: string;
  /** One per row; null where the row has no number (a gap). */
  readonly values: readonly (number | null)[];
}

export interface ChartData {
  readonly type: ChartType;
  /** One printed label per row (the category, or the scatter x value formatted). */
  readonly categories: readonly string[];
  /** Scatter only: each row's x value (null where the row has none). */
  readonly xs: readonly (number | null)[];
  readonly series: readonly ChartSeriesData[];
  /** Pie and donut slice colours, one per row. */
  readonly sliceColors: readonly string[];
  readonly formatValue: (value: number) => string;
  readonly formatX: (value: number) => string;
}

/** Where a chart is read: the render's tokens and palette, the row scope, and a sink for problems. */
export interface ChartSource {
  readonly tokens: TokenContext;
  readonly scope: RowScope | undefined;
  readonly palette: Palette;
  readonly report: (code: string, message: string) => void;
}

/** The chart's data; an unusable binding or value is reported and drawn as absent, never thrown. */
export function readChart(element: ChartElement, source: ChartSource): ChartData {
  const { tokens, scope, palette, report } = source;
  const rows = rowsOf(element, source);
  const sequence = [palette.primary, palette.accent, ...CHART_SEQUENCE];
  const colourAt = (value: unknown, index: number, key: string): string => {
    const fallback = sequence[index % sequence.length]!;
    if (typeof value !== "string" || value === "") return fallback;
    const resolved = resolveColour(value, palette);
    if (resolved === undefined) report("colour.invalid", `${key} ${JSON.stringify(value)} is not a colour; the default is used`);
    return resolved ?? fallback;
  };
  const declared = Array.isArray(element.series) ? element.series.filter((s) => typeof s?.valueKey === "string" && s.valueKey.trim() !== "") : [];
  if (declared.length > MAX_CHART_SERIES) report("chart.limit", `the chart has ${declared.length} series; only the first ${MAX_CHART_SERIES} are drawn`);
  const scopes = rows.map((row, index): RowScope => (scope ? { row, index, parent: scope } : { row, index }));
  let unreadable = 0;
  const numberAt = (key: string, rowScope: RowScope): number | null => {
    const raw = lookupPath(key, tokens, rowScope);
    const value = toNumber(raw);
    // A missing value (absent, null, "") is a gap by intent; anything else that is not a number is reported.
    if (value === undefined && raw !== undefined && raw !== null && raw !== "") unreadable++;
    return value ?? null;
  };
  const series = declared.slice(0, MAX_CHART_SERIES).map((s, i): ChartSeriesData => ({
    label: (typeof s.label === "string" && s.label.trim() !== "" ? resolveText(s.label, tokens, scope) : "") || s.valueKey.trim(),
    color: colourAt(s.color, i, `series[${i}].color`),
    values: scopes.map((rowScope) => numberAt(s.valueKey.trim(), rowScope)),
  }));
  if (unreadable > 0) report("chart.value", `${unreadable} value${unreadable === 1 ? " is" : "s are"} not a number; ${unreadable === 1 ? "it is" : "they are"} left out`);
  const formatValue = formatter(element.valueFormat, tokens, (n) => formatNumber(n, "#,##0.##", tokens.locale, tokens.digits));
  const formatCategory = formatter(element.categoryFormat, tokens, undefined);
  const categoryKey = typeof element.categoryKey === "string" ? element.categoryKey.trim() : "";
  const rawCategories = scopes.map((rowScope) => (categoryKey ? lookupPath(categoryKey, tokens, rowScope) : rowScope.index + 1));
  const xs = element.chartType === "scatter" ? rawCategories.map((value) => toNumber(value) ?? null) : [];
  const categories = rawCategories.map((value) => (value === undefined || value === null ? "" : formatCategory(value)));
  const colours = Array.isArray(element.colors) ? element.colors : [];
  return {
    type: element.chartType,
    categories,
    xs,
    series,
    sliceColors: rows.map((_, i) => colourAt(colours[i % Math.max(1, colours.length)], i, `colors[${i % Math.max(1, colours.length)}]`)),
    formatValue,
    formatX: (n) => formatCategory(n),
  };
}

function rowsOf(element: ChartElement, source: ChartSource): readonly unknown[] {
  const binding = typeof element.bindingField === "string" ? element.bindingField.trim() : "";
  const value = binding ? evaluate(binding, source.tokens, source.scope) : undefined;
  if (!Array.isArray(value)) {
    if (value !== undefined && value !== null && value !== "") {
      source.report("chart.binding", `bindingField ${JSON.stringify(binding)} is not an array; the chart has no data`);
    }
    return [];
  }
  if (value.length > MAX_CHART_POINTS) {
    source.report("chart.limit", `the chart's data has ${value.length} rows; only the first ${MAX_CHART_POINTS} are drawn`);
    return value.slice(0, MAX_CHART_POINTS);
  }
  return value;
}

/** A finite number from a number or a numeric string; anything else is not one. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "string" && value.trim() !== "") {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

// A token pipe (`number:"#,##0"`, `date:"MMM"`) applied to a value; without one, numbers use `fallback`.
function formatter(pipe: string | undefined, tokens: TokenContext, fallback: ((n: number) => string) | undefined): (value: unknown) => string {
  const filters = typeof pipe === "string" && pipe.trim() !== "" ? parseFilterChain(pipe) : [];
  return (value) => {
    if (filters.length > 0) return applyFilters(value, filters, tokens);
    if (fallback && typeof value === "number") return fallback(value);
    return applyFilters(value, [], tokens);
  };
}
