// A chart's text alternative, generated from what it draws: "Bar chart of Revenue by Month: Jan 120, Feb 90".
// Kept on the chart's frame group (`alt`) for a tagged PDF's Figure, and useful to any reader of the layout.
import type { ChartData } from "./chart-data.js";

const NAMES: Readonly<Record<ChartData["type"], string>> = {
  bar: "Bar chart", stackedBar: "Stacked bar chart", line: "Line chart", area: "Area chart", pie: "Pie chart", donut: "Donut chart", scatter: "Scatter chart",
};
/** Points listed before the rest is summarised: alt text is read aloud, so it stays short. */
const LISTED = 12;

/** The alt text of a chart; `by` names the categories (the x axis title, else the category key). */
export function chartAltText(data: ChartData, by: string): string {
  const series = data.series.map((s) => s.label);
  const pie = data.type === "pie" || data.type === "donut";
  const shown = pie ? series.slice(0, 1) : series;
  const head = `${NAMES[data.type]} of ${shown.length > 0 ? joinAnd(shown) : "no series"}${by ? ` by ${by}` : ""}`;
  const n = data.categories.length;
  if (n === 0 || data.series.length === 0) return `${head}: no data`;
  const points: string[] = [];
  for (let i = 0; i < Math.min(n, LISTED); i++) {
    const values = shown.map((_, j) => data.series[j]?.values[i]);
    const printed = values.map((v) => (v === null || v === undefined ? "no value" : data.formatValue(v))).join(" / ");
    const name = data.type === "scatter" && data.xs[i] !== null && data.xs[i] !== undefined ? data.formatX(data.xs[i]!) : data.categories[i];
    points.push(`${name} ${printed}`.trim());
  }
  return `${head}: ${points.join(", ")}${n > LISTED ? `, and ${n - LISTED} more` : ""}`;
}

function joinAnd(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
