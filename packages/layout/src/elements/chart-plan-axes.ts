// Charts on two axes: bar, stacked bar, line, area (categories along x) and scatter (numbers along x). The
// value axis has nice ticks and always shows zero for bars and areas; negative values grow down from zero.
import type { ChartData } from "./chart-data.js";
import { AXIS_COLOR, GRID_COLOR, LABEL_LINE, type Area, type PlanLabel, type PlanOptions, type PlanShape } from "./chart-plan.js";
import { project, valueScale, type ValueScale } from "./chart-scale.js";

/** Longest category label drawn; longer ones end in an ellipsis. */
const LABEL_MAX = 24;

export function planCartesian(data: ChartData, area: Area, options: PlanOptions, shapes: PlanShape[], labels: PlanLabel[]): void {
  const size = options.fontSize;
  const line = size * LABEL_LINE;
  const tickGap = size * 0.4;
  const label = (text: string, x: number, y: number, anchor: PlanLabel["anchor"], extra?: Partial<PlanLabel>): void => {
    labels.push({ text, x, y, size, weight: 400, color: options.textColor, anchor, ...extra });
  };
  const scatter = data.type === "scatter";
  const stacked = data.type === "stackedBar";
  const n = data.categories.length;

  // Vertical budget first: titles and category labels below, half a line above for the top tick's label.
  let top = area.y + line / 2 + (options.dataLabels ? line : 0);
  let bottom = area.y + area.height - line - tickGap;
  if (options.xAxisTitle) bottom -= line;
  if (bottom - top < line) return;
  const [low, high] = valueRange(data, stacked);
  const scale = valueScale(low, high, (bottom - top) / (size * 3), !scatter && data.type !== "line");
  const tickTexts = scale.ticks.map((t) => data.formatValue(t));
  let left = area.x + Math.max(...tickTexts.map((t) => options.measure(t, size, 400))) + tickGap;
  if (options.yAxisTitle) left += line;
  const right = area.x + area.width - size * 0.5;
  if (right - left < size) return;
  const y = (value: number): number => project(scale, value, bottom, top);

  // Grid, tick labels and the axes.
  scale.ticks.forEach((t, i) => {
    if (options.gridLines && t !== 0) shapes.push({ kind: "line", x1: left, y1: y(t), x2: right, y2: y(t), color: GRID_COLOR, width: 0.5 });
    label(tickTexts[i]!, left - tickGap, y(t) - line / 2, "end");
  });
  if (options.yAxisTitle) label(options.yAxisTitle, area.x + line / 2, (top + bottom) / 2, "middle", { vertical: true });
  if (options.xAxisTitle) label(options.xAxisTitle, (left + right) / 2, area.y + area.height - line, "middle");
  shapes.push({ kind: "line", x1: left, y1: top, x2: left, y2: bottom, color: AXIS_COLOR, width: 0.75 });
  const baseline = scale.min <= 0 && scale.max >= 0 ? y(0) : bottom;
  shapes.push({ kind: "line", x1: left, y1: baseline, x2: right, y2: baseline, color: AXIS_COLOR, width: 0.75 });

  if (scatter) return planScatter(data, scale, { left, right, top, bottom }, options, shapes, label);

  // Categories: equal bands along x, labels at their centres, thinned when they would overlap.
  const band = n > 0 ? (right - left) / n : 0;
  const centre = (i: number): number => left + band * (i + 0.5);
  const texts = data.categories.map((c) => (c.length > LABEL_MAX ? `${c.slice(0, LABEL_MAX - 1)}…` : c));
  const widest = Math.max(0, ...texts.map((t) => options.measure(t, size, 400)));
  const every = band > 0 ? Math.max(1, Math.ceil((widest + size * 0.5) / band)) : 1;
  texts.forEach((t, i) => {
    if (i % every === 0) label(t, centre(i), bottom + tickGap, "middle");
  });
  const valueLabel = (value: number, x: number, at: number, below: boolean): void => {
    if (options.dataLabels) label(data.formatValue(value), x, below ? at + 1 : at - line, "middle");
  };

  if (data.type === "bar" || stacked) {
    const group = band * 0.7;
    const k = stacked ? 1 : Math.max(1, data.series.length);
    const barWidth = group / k;
    for (let i = 0; i < n; i++) {
      let up = 0;
      let down = 0;
      data.series.forEach((s, j) => {
        const value = s.values[i];
        if (value === null || value === undefined) return;
        const from = stacked ? (value >= 0 ? up : down) : 0;
        const to = from + value;
        if (stacked && value >= 0) up = to;
        else if (stacked) down = to;
        const x = left + band * i + (band - group) / 2 + (stacked ? 0 : j * barWidth);
        const y0 = y(from);
        const y1 = y(to);
        shapes.push({ kind: "rect", x, y: Math.min(y0, y1), width: barWidth, height: Math.abs(y1 - y0), fill: s.color });
        if (!stacked) valueLabel(value, x + barWidth / 2, Math.min(y0, y1) + (value < 0 ? Math.abs(y1 - y0) : 0), value < 0);
      });
      if (stacked && options.dataLabels) {
        if (up > 0 || down === 0) valueLabel(up, centre(i), y(up), false);
        if (down < 0) valueLabel(down, centre(i), y(down), true);
      }
    }
    return;
  }

  // Line and area: one path per series through the band centres; a missing value breaks the line.
  for (const s of data.series) {
    const runs: { x: number; y: number; value: number }[][] = [];
    let run: { x: number; y: number; value: number }[] = [];
    s.values.forEach((value, i) => {
      if (value === null) {
        if (run.length > 0) runs.push(run);
        run = [];
      } else run.push({ x: centre(i), y: y(value), value });
    });
    if (run.length > 0) runs.push(run);
    for (const points of runs) {
      const d = points.map((p, i) => `${i === 0 ? "M" : "L"}${r(p.x)} ${r(p.y)}`).join("");
      if (data.type === "area") {
        const first = points[0]!;
        const last = points[points.length - 1]!;
        shapes.push({ kind: "path", d: `${d}L${r(last.x)} ${r(baseline)}L${r(first.x)} ${r(baseline)}Z`, fill: s.color, opacity: 0.3 });
      }
      shapes.push({ kind: "path", d, stroke: { color: s.color, width: 1.5 } });
      for (const p of points) {
        if (n <= 60) shapes.push({ kind: "circle", cx: p.x, cy: p.y, r: Math.min(2.5, band / 4), fill: s.color });
        valueLabel(p.value, p.x, p.y - size * 0.2, false);
      }
    }
  }
}

function planScatter(
  data: ChartData,
  scale: ValueScale,
  box: { readonly left: number; readonly right: number; readonly top: number; readonly bottom: number },
  options: PlanOptions,
  shapes: PlanShape[],
  label: (text: string, x: number, y: number, anchor: PlanLabel["anchor"]) => void,
): void {
  const size = options.fontSize;
  const xsKnown = data.xs.filter((x): x is number => x !== null);
  const xScale = valueScale(Math.min(...xsKnown), Math.max(...xsKnown), (box.right - box.left) / (size * 6), false);
  const x = (value: number): number => project(xScale, value, box.left, box.right);
  const y = (value: number): number => project(scale, value, box.bottom, box.top);
  const texts = xScale.ticks.map((t) => data.formatX(t));
  const widest = Math.max(0, ...texts.map((t) => options.measure(t, size, 400)));
  const spacing = xScale.ticks.length > 1 ? x(xScale.ticks[1]!) - x(xScale.ticks[0]!) : Infinity;
  const every = Math.max(1, Math.ceil((widest + size * 0.5) / spacing));
  xScale.ticks.forEach((t, i) => {
    if (i % every === 0) label(texts[i]!, x(t), box.bottom + size * 0.4, "middle");
  });
  for (const s of data.series) {
    s.values.forEach((value, i) => {
      const at = data.xs[i];
      if (value === null || at === null || at === undefined) return;
      shapes.push({ kind: "circle", cx: x(at), cy: y(value), r: 2.5, fill: s.color });
      if (options.dataLabels) label(data.formatValue(value), x(at), y(value) - size * LABEL_LINE - 2, "middle");
    });
  }
}

/** The smallest and largest value drawn (stacked bars: the sums of each category's positives and negatives). */
function valueRange(data: ChartData, stacked: boolean): [number, number] {
  let low = Infinity;
  let high = -Infinity;
  const n = data.categories.length;
  for (let i = 0; i < n; i++) {
    let up = 0;
    let down = 0;
    for (const s of data.series) {
      const v = s.values[i];
      if (v === null || v === undefined) continue;
      if (stacked && v >= 0) up += v;
      else if (stacked) down += v;
      else {
        low = Math.min(low, v);
        high = Math.max(high, v);
      }
    }
    if (stacked) {
      low = Math.min(low, down);
      high = Math.max(high, up);
    }
  }
  return Number.isFinite(low) ? [low, high] : [0, 0];
}

/** Coordinates in path data: two decimals are a hundredth of a point. */
function r(value: number): string {
  return String(Math.round(value * 100) / 100);
}
