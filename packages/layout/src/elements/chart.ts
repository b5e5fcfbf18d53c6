// chart: bar, stacked bar, line, area, pie, donut and scatter charts of a bound array (chart-data.ts), planned
// by chart-plan.ts and drawn here as frame items: vector shapes, and labels set by the text engine in the
// designer fonts, so they print sharp and can be searched and copied. The chart's group carries a generated
// alt text (chart-alt.ts). Empty or unusable data is reported and leaves the box empty; nothing throws.
import type { FrameItem, Matrix } from "../frame/types.js";
import type { ChartElement, ChartLegend } from "../model/types.js";
import { CHART_TYPES } from "../model/types.js";
import { makeStyle } from "../text/style-object.js";
import type { ParagraphLayout, ParagraphStyle } from "../text/types.js";
import { parseTemplate } from "../tokens/parse.js";
import { resolveText } from "../tokens/resolve.js";
import { atomicSplit, EmptyBlock, type Block, type PageNumbers, type Split } from "./block.js";
import { chartAltText } from "./chart-alt.js";
import { readChart, type ChartData } from "./chart-data.js";
import { LABEL_LINE, planChart, type ChartPlan, type PlanLabel, type PlanShape } from "./chart-plan.js";
import { colourOf, num, report, text, type MeasureContext } from "./context.js";
import type { ElementKind } from "./kind.js";
import { withDirection } from "./text-style.js";

/** Label size and colour when the element sets none. */
export const CHART_DEFAULTS = { fontSize: 8, color: "#374151" } as const;
const LEGENDS: readonly ChartLegend[] = ["auto", "none", "top", "bottom", "right"];

/** Charts. */
export const chartElement: ElementKind<ChartElement> = {
  measure(element, ctx) {
    const width = Math.max(0, num(element.width, 0));
    const height = Math.max(0, num(element.height, 0));
    if (!CHART_TYPES.includes(element.chartType)) {
      report(ctx, "chart.type", `unknown chart type ${JSON.stringify(element.chartType)}; nothing is drawn`);
      return new EmptyBlock(height);
    }
    const data = readChart(element, { tokens: ctx.tokens, scope: ctx.scope, palette: ctx.env.palette, report: (code, message) => report(ctx, code, message) });
    const xAxisTitle = title(element.xAxisTitle, ctx);
    const alt = chartAltText(data, xAxisTitle || text(element.categoryKey) || "");
    if (!hasData(data)) {
      report(ctx, "chart.empty", `the chart has no data to draw (bindingField ${JSON.stringify(element.bindingField ?? "")}${data.series.length === 0 ? ", no series" : ""}); the box is left empty`);
      return new ChartBlock(height, [], alt);
    }
    if ((data.type === "pie" || data.type === "donut") && data.series[0]!.values.some((v) => v !== null && v <= 0)) {
      report(ctx, "chart.slices", "zero and negative values have no slice in a pie or donut chart; they are left out");
    }
    const size = num(element.fontSize, CHART_DEFAULTS.fontSize) > 0 ? num(element.fontSize, CHART_DEFAULTS.fontSize) : CHART_DEFAULTS.fontSize;
    const textColor = (element.color === undefined ? CHART_DEFAULTS.color : colourOf(ctx, element.color, "color")) ?? CHART_DEFAULTS.color;
    const family = text(element.fontFamily) ?? ctx.env.bodyFamily;
    const styleOf = (label: string, labelSize: number, weight: number, color: string): ParagraphStyle =>
      withDirection(makeStyle(family, weight, false, labelSize, LABEL_LINE, 0, "left", "ltr", color, { numeric: "tabular" }), "auto", label);
    const layoutOf = (label: string, labelSize: number, weight: number, color: string): ParagraphLayout =>
      ctx.env.paragraphs.layout(label, styleOf(label, labelSize, weight, color), Infinity, (code, message) => report(ctx, code, message));
    const plan = planChart(data, {
      width,
      height,
      fontSize: size,
      textColor,
      xAxisTitle,
      yAxisTitle: title(element.yAxisTitle, ctx),
      legend: LEGENDS.includes(element.legend as ChartLegend) ? (element.legend as ChartLegend) : "auto",
      dataLabels: element.dataLabels === true,
      gridLines: element.gridLines !== false,
      measure: (label, labelSize, weight) => layoutOf(label, labelSize, weight, textColor).width,
    });
    return new ChartBlock(height, planItems(plan, layoutOf), alt);
  },
};

function hasData(data: ChartData): boolean {
  return data.categories.length > 0 && data.series.some((s) => s.values.some((v) => v !== null));
}

function title(value: string | undefined, ctx: MeasureContext): string {
  if (typeof value !== "string" || value.trim() === "") return "";
  const template = parseTemplate(value);
  return (template.hasTokens ? resolveText(template, ctx.tokens, ctx.scope) : value).trim();
}

/** The plan as frame items in the chart's box: shapes first, labels on top. */
export function planItems(plan: ChartPlan, layoutOf: (text: string, size: number, weight: number, color: string) => ParagraphLayout): FrameItem[] {
  const items: FrameItem[] = plan.shapes.map(shapeItem);
  for (const label of plan.labels) {
    if (label.text === "") continue;
    const layout = layoutOf(label.text, label.size, label.weight, label.color);
    items.push(...labelItems(label, layout));
  }
  return items;
}

function shapeItem(shape: PlanShape): FrameItem {
  switch (shape.kind) {
    case "rect":
      return { kind: "shape", geometry: { type: "rect", x: shape.x, y: shape.y, width: shape.width, height: shape.height, ...(shape.radius ? { radius: shape.radius } : {}) }, fill: shape.fill };
    case "line":
      return { kind: "shape", geometry: { type: "line", x1: shape.x1, y1: shape.y1, x2: shape.x2, y2: shape.y2 }, stroke: { color: shape.color, width: shape.width } };
    case "circle":
      return { kind: "shape", geometry: { type: "ellipse", cx: shape.cx, cy: shape.cy, rx: shape.r, ry: shape.r }, fill: shape.fill };
    case "path": {
      const item: FrameItem = {
        kind: "shape",
        geometry: { type: "path", d: shape.d, fillRule: "nonzero" },
        ...(shape.fill ? { fill: shape.fill } : {}),
        ...(shape.stroke ? { stroke: { ...shape.stroke, join: "round" as const, cap: "round" as const } } : {}),
      };
      return shape.opacity === undefined ? item : { kind: "group", opacity: shape.opacity, items: [item] };
    }
  }
}

/** A label's text runs moved to its anchor (turned a quarter anticlockwise about its centre when vertical). */
function labelItems(label: PlanLabel, layout: ParagraphLayout): FrameItem[] {
  const shift = label.anchor === "start" ? 0 : label.anchor === "middle" ? layout.width / 2 : layout.width;
  const runs = (dx: number, dy: number): FrameItem[] =>
    layout.lines.flatMap((line) => line.runs.map((run) => ({ ...run, x: run.x + dx, y: run.y + dy })));
  if (!label.vertical) return runs(label.x - shift, label.y);
  const turn: Matrix = [0, -1, 1, 0, label.x, label.y];
  return [{ kind: "group", transform: turn, items: runs(-layout.width / 2, -layout.height / 2) }];
}

/** A drawn chart: its items in box space, moved into place with a translation. Never splits. */
class ChartBlock implements Block {
  constructor(
    readonly height: number,
    private readonly items: readonly FrameItem[],
    readonly alt: string,
  ) {}

  split(available: number): Split {
    return atomicSplit(this, available);
  }

  place(out: FrameItem[], x: number, y: number, _page: PageNumbers): void {
    if (this.items.length === 0) return;
    out.push({ kind: "group", transform: [1, 0, 0, 1, x, y], alt: this.alt, items: this.items });
  }
}
