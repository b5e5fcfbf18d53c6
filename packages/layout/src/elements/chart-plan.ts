// A chart as drawing primitives in its box (points, y down): rectangles, lines, paths and circles, then
// labels with their anchor. One planner for both the renderer (chart.ts turns the plan into frame items
// with the text engine) and the designer's canvas (SVG), so what the designer shows is what prints. Text
// is measured through a callback: the text engine in a render, the browser's fonts on the canvas.
import type { ChartLegend } from "../model/types.js";
import type { ChartData } from "./chart-data.js";
import { planCartesian } from "./chart-plan-axes.js";
import { planPie } from "./chart-plan-pie.js";

export type PlanShape =
  | { readonly kind: "rect"; readonly x: number; readonly y: number; readonly width: number; readonly height: number; readonly fill: string; readonly radius?: number }
  | { readonly kind: "line"; readonly x1: number; readonly y1: number; readonly x2: number; readonly y2: number; readonly color: string; readonly width: number }
  | { readonly kind: "path"; readonly d: string; readonly fill?: string; readonly stroke?: { readonly color: string; readonly width: number }; readonly opacity?: number }
  | { readonly kind: "circle"; readonly cx: number; readonly cy: number; readonly r: number; readonly fill: string };

/** One line of text; (x, y) is its anchor point on the top of its line box. */
export interface PlanLabel {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly weight: number;
  readonly color: string;
  readonly anchor: "start" | "middle" | "end";
  /** Turned a quarter anticlockwise about (x, y) (the value axis title): then (x, y) is its centre. */
  readonly vertical?: boolean;
}

export interface ChartPlan {
  readonly shapes: readonly PlanShape[];
  readonly labels: readonly PlanLabel[];
}

/** Measures a single line of text at a size and weight, in points. */
export type MeasureText = (text: string, size: number, weight: number) => number;

export interface PlanOptions {
  readonly width: number;
  readonly height: number;
  readonly fontSize: number;
  readonly textColor: string;
  readonly xAxisTitle: string;
  readonly yAxisTitle: string;
  readonly legend: ChartLegend;
  readonly dataLabels: boolean;
  readonly gridLines: boolean;
  readonly measure: MeasureText;
}

/** Line height of chart labels, a multiple of the font size. */
export const LABEL_LINE = 1.2;
export const GRID_COLOR = "#e5e7eb";
export const AXIS_COLOR = "#9ca3af";

/** A box inside the chart. */
export interface Area {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Plans a chart; data with nothing to draw gives an empty plan (the caller reports it). */
export function planChart(data: ChartData, options: PlanOptions): ChartPlan {
  const shapes: PlanShape[] = [];
  const labels: PlanLabel[] = [];
  if (options.width <= 0 || options.height <= 0) return { shapes, labels };
  const pie = data.type === "pie" || data.type === "donut";
  const entries = pie
    ? data.categories.map((text, i) => ({ text, color: data.sliceColors[i] ?? "#000000" })).filter((_, i) => (data.series[0]?.values[i] ?? 0) > 0)
    : data.series.map((s) => ({ text: s.label, color: s.color }));
  const position = options.legend === "auto" ? (entries.length > 1 ? "bottom" : "none") : options.legend;
  const area = position === "none" || entries.length === 0 ? full(options) : placeLegend(entries, position, options, shapes, labels);
  if (pie) planPie(data, area, options, shapes, labels);
  else planCartesian(data, area, options, shapes, labels);
  return { shapes, labels };
}

function full(options: PlanOptions): Area {
  return { x: 0, y: 0, width: options.width, height: options.height };
}

/** Draws the legend at its side (entries wrap onto rows above or below) and returns what is left for the chart. */
function placeLegend(
  entries: readonly { readonly text: string; readonly color: string }[],
  position: "top" | "bottom" | "right",
  options: PlanOptions,
  shapes: PlanShape[],
  labels: PlanLabel[],
): Area {
  const size = options.fontSize;
  const line = size * LABEL_LINE;
  const swatch = size * 0.8;
  const gap = size * 0.4;
  const spacing = size;
  const widths = entries.map((e) => swatch + gap + options.measure(e.text, size, 400));
  const drawEntry = (i: number, x: number, y: number): void => {
    const e = entries[i]!;
    shapes.push({ kind: "rect", x, y: y + (line - swatch) / 2, width: swatch, height: swatch, fill: e.color, radius: swatch / 4 });
    labels.push({ text: e.text, x: x + swatch + gap, y, size, weight: 400, color: options.textColor, anchor: "start" });
  };
  if (position === "right") {
    const column = Math.min(options.width / 3, Math.max(...widths));
    const x = options.width - column;
    const rows = Math.max(1, Math.floor(options.height / line));
    const shown = Math.min(entries.length, rows);
    const top = Math.max(0, (options.height - shown * line) / 2);
    for (let i = 0; i < shown; i++) drawEntry(i, x, top + i * line);
    return { x: 0, y: 0, width: Math.max(0, x - spacing), height: options.height };
  }
  // Rows of entries, each row centred; at most a third of the chart's height.
  const rows: number[][] = [[]];
  let used = 0;
  widths.forEach((w, i) => {
    const row = rows[rows.length - 1]!;
    if (row.length > 0 && used + spacing + w > options.width) {
      rows.push([i]);
      used = w;
    } else {
      used += (row.length > 0 ? spacing : 0) + w;
      row.push(i);
    }
  });
  const kept = rows.slice(0, Math.max(1, Math.floor(options.height / 3 / line)));
  const height = kept.length * line;
  const top = position === "top" ? 0 : options.height - height;
  kept.forEach((row, r) => {
    const rowWidth = row.reduce((sum, i) => sum + widths[i]!, 0) + spacing * (row.length - 1);
    let x = Math.max(0, (options.width - rowWidth) / 2);
    for (const i of row) {
      drawEntry(i, x, top + r * line);
      x += widths[i]! + spacing;
    }
  });
  const rest = options.height - height - size * 0.5;
  return { x: 0, y: position === "top" ? height + size * 0.5 : 0, width: options.width, height: Math.max(0, rest) };
}
