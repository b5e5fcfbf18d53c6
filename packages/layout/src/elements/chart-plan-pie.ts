// Pie and donut charts: the first series' positive values as slices clockwise from twelve o'clock, in the
// row order; zero and negative values have no slice (chart.ts reports them). Data labels sit in the slices.
import { onColour } from "../brand/contrast.js";
import { parseHexColour } from "../brand/colour.js";
import type { ChartData } from "./chart-data.js";
import { LABEL_LINE, type Area, type PlanLabel, type PlanOptions, type PlanShape } from "./chart-plan.js";

/** The donut's hole, as a fraction of its radius. */
export const DONUT_HOLE = 0.55;
/** Slices narrower than this (radians) get no data label: it would not fit. */
const LABEL_MIN_ANGLE = 0.3;

export function planPie(data: ChartData, area: Area, options: PlanOptions, shapes: PlanShape[], labels: PlanLabel[]): void {
  const values = data.series[0]?.values ?? [];
  const total = values.reduce<number>((sum, v) => sum + (v !== null && v > 0 ? v : 0), 0);
  const radius = Math.min(area.width, area.height) / 2 - 1;
  if (!(total > 0) || radius <= 0) return;
  const cx = area.x + area.width / 2;
  const cy = area.y + area.height / 2;
  const hole = data.type === "donut" ? radius * DONUT_HOLE : 0;
  let angle = 0;
  values.forEach((value, i) => {
    if (value === null || !(value > 0)) return;
    const sweep = (value / total) * Math.PI * 2;
    const color = data.sliceColors[i] ?? "#000000";
    shapes.push({ kind: "path", d: slicePath(cx, cy, radius, hole, angle, angle + sweep), fill: color, stroke: { color: "#ffffff", width: 0.75 } });
    if (options.dataLabels && sweep >= LABEL_MIN_ANGLE) {
      const mid = angle + sweep / 2;
      const at = hole > 0 ? (radius + hole) / 2 : radius * 0.62;
      const rgb = parseHexColour(color);
      labels.push({
        text: data.formatValue(value),
        x: cx + Math.sin(mid) * at,
        y: cy - Math.cos(mid) * at - (options.fontSize * LABEL_LINE) / 2,
        size: options.fontSize,
        weight: 700,
        color: rgb ? onColour(rgb) : "#000000",
        anchor: "middle",
      });
    }
    angle += sweep;
  });
}

/**
 * One slice from angle `a0` to `a1` (radians clockwise from twelve o'clock) as SVG path data; with a hole, a
 * ring segment. A whole circle is drawn as two half arcs, since an arc from a point to itself draws nothing.
 */
export function slicePath(cx: number, cy: number, radius: number, hole: number, a0: number, a1: number): string {
  const at = (rr: number, a: number): string => `${f(cx + Math.sin(a) * rr)} ${f(cy - Math.cos(a) * rr)}`;
  const sweep = a1 - a0;
  if (sweep >= Math.PI * 2 - 1e-6) {
    const ring = (rr: number, dir: 0 | 1): string =>
      `M${at(rr, 0)}A${f(rr)} ${f(rr)} 0 1 ${dir} ${at(rr, Math.PI)}A${f(rr)} ${f(rr)} 0 1 ${dir} ${at(rr, 0)}Z`;
    return hole > 0 ? ring(radius, 1) + ring(hole, 0) : ring(radius, 1);
  }
  const large = sweep > Math.PI ? 1 : 0;
  const outer = `M${at(radius, a0)}A${f(radius)} ${f(radius)} 0 ${large} 1 ${at(radius, a1)}`;
  if (hole <= 0) return `${outer}L${f(cx)} ${f(cy)}Z`;
  return `${outer}L${at(hole, a1)}A${f(hole)} ${f(hole)} 0 ${large} 0 ${at(hole, a0)}Z`;
}

function f(value: number): string {
  return String(Math.round(value * 100) / 100);
}
