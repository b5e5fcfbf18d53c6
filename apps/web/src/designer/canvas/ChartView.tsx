// A chart element drawn live on the canvas by the renderer's own chart code: readChart reads the sample data
// as a render reads the real data, and planChart lays out the same bars, lines, slices, axes and labels; this
// file only turns that plan into SVG, measuring labels with the browser's copy of the designer fonts. Without
// sample rows it draws a few made-up ones (marked "sample") so the chart's kind and options can be seen.
import { useMemo } from "react";
import { chartAltText, LABEL_LINE, planChart, readChart, type ChartElement, type ChartPlan, type PlanLabel, type PlanShape } from "../engine";
import { cssColour, displayText, fontFamilyOf, type PaintContext } from "./paint";

const LEGENDS = ["auto", "none", "top", "bottom", "right"] as const;
const SAMPLE_CATEGORIES = ["A", "B", "C", "D"];
const SAMPLE_VALUES = [4, 7, 3, 6];

let measurer: OffscreenCanvasRenderingContext2D | null | undefined;

/** Measures a label in the designer fonts (an estimate where the browser offers no offscreen canvas, as jsdom). */
function measureWith(family: string): (text: string, size: number, weight: number) => number {
  if (measurer === undefined) {
    try {
      measurer = typeof OffscreenCanvas === "undefined" ? null : new OffscreenCanvas(1, 1).getContext("2d");
    } catch {
      measurer = null;
    }
  }
  return (text, size, weight) => {
    if (!measurer) return text.length * size * 0.55;
    measurer.font = `${weight} ${size}px ${family}`;
    return measurer.measureText(text).width;
  };
}

/** The chart's data from the sample data, or made-up rows when the binding gives none. */
function chartData(el: ChartElement, ctx: PaintContext) {
  const tokens = { root: ctx.data ?? {}, locale: ctx.doc.locale ?? "en-US", timezone: ctx.doc.timezone ?? "UTC", now: new Date(), ...(ctx.doc.digits ? { digits: ctx.doc.digits } : {}) };
  const source = { tokens, scope: ctx.row === undefined ? undefined : { row: ctx.row, index: 0 }, palette: ctx.palette, report: () => undefined };
  const real = readChart(el, source);
  if (real.categories.length > 0 && real.series.some((s) => s.values.some((v) => v !== null))) return { data: real, sample: false };
  const category = (typeof el.categoryKey === "string" ? el.categoryKey.trim() : "") || "label";
  const rows = SAMPLE_CATEGORIES.map((name, i) => {
    const row: Record<string, unknown> = { [category]: el.chartType === "scatter" ? i + 1 : name };
    // A document from a peer or an older client may hold anything here: only string keys are filled.
    (Array.isArray(el.series) ? el.series : []).forEach((s, j) => {
      if (typeof s?.valueKey === "string") row[s.valueKey.trim()] = SAMPLE_VALUES[(i + j) % SAMPLE_VALUES.length];
    });
    return row;
  });
  const sampleElement: ChartElement = { ...el, bindingField: "rows", categoryKey: category, valueFormat: undefined, categoryFormat: undefined };
  return { data: readChart(sampleElement, { ...source, tokens: { ...tokens, root: { rows } }, scope: undefined }), sample: true };
}

export function ChartView({ el, s, ctx }: { readonly el: ChartElement; readonly s: number; readonly ctx: PaintContext }) {
  const family = fontFamilyOf(el, ctx.doc);
  const { plan, alt, sample } = useMemo(() => {
    const { data, sample } = chartData(el, ctx);
    const plan: ChartPlan = planChart(data, {
      width: el.width,
      height: el.height,
      fontSize: el.fontSize && el.fontSize > 0 ? el.fontSize : 8,
      textColor: cssColour(el.color, ctx) ?? "#374151",
      xAxisTitle: el.xAxisTitle ? displayText(el.xAxisTitle, ctx) : "",
      yAxisTitle: el.yAxisTitle ? displayText(el.yAxisTitle, ctx) : "",
      legend: LEGENDS.includes(el.legend as (typeof LEGENDS)[number]) ? (el.legend as (typeof LEGENDS)[number]) : "auto",
      dataLabels: el.dataLabels === true,
      gridLines: el.gridLines !== false,
      measure: measureWith(family),
    });
    return { plan, alt: chartAltText(data, el.xAxisTitle || el.categoryKey || ""), sample };
  }, [el, ctx, family]);
  return (
    <svg className="d-svg" width={Math.max(1, el.width * s)} height={Math.max(1, el.height * s)} viewBox={`0 0 ${Math.max(1, el.width)} ${Math.max(1, el.height)}`}
      role="img" aria-label={alt} data-chart={el.chartType} data-sample={sample ? "true" : undefined} style={{ fontFamily: family }}>
      {plan.shapes.map((shape, i) => <Shape key={i} shape={shape} />)}
      {plan.labels.map((label, i) => <Label key={`l${i}`} label={label} />)}
      {sample && <text x={el.width - 2} y={9} fontSize={7} textAnchor="end" fill="#9ca3af">sample</text>}
    </svg>
  );
}

function Shape({ shape }: { readonly shape: PlanShape }) {
  switch (shape.kind) {
    case "rect":
      return <rect x={shape.x} y={shape.y} width={shape.width} height={shape.height} rx={shape.radius} fill={shape.fill} data-bar={shape.radius ? undefined : "true"} />;
    case "line":
      return <line x1={shape.x1} y1={shape.y1} x2={shape.x2} y2={shape.y2} stroke={shape.color} strokeWidth={shape.width} />;
    case "circle":
      return <circle cx={shape.cx} cy={shape.cy} r={shape.r} fill={shape.fill} />;
    case "path":
      return <path d={shape.d} fill={shape.fill ?? "none"} fillOpacity={shape.opacity} stroke={shape.stroke?.color} strokeWidth={shape.stroke?.width} strokeLinejoin="round" strokeLinecap="round" />;
  }
}

function Label({ label }: { readonly label: PlanLabel }) {
  const centre = label.y + (label.vertical ? 0 : (label.size * LABEL_LINE) / 2);
  return (
    <text x={label.x} y={centre} fontSize={label.size} fontWeight={label.weight} fill={label.color} dominantBaseline="central"
      textAnchor={label.vertical ? "middle" : label.anchor} transform={label.vertical ? `rotate(-90 ${label.x} ${label.y})` : undefined}>
      {label.text}
    </text>
  );
}
