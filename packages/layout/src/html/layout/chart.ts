// `<figure data-chart='{"type":"bar","bindingField":"months",…}'>`: the figure's content is a chart drawn by the
// band model's chart element, with the same keys (`type` names the chart type). The binding reads the data
// like data-each (braces optional), in the row scope the figure was repeated in. The figure is as wide as its
// box and as tall as its CSS height, else its `height` attribute, else 180 pt. Invalid options are reported
// with their key and nothing is drawn.
import * as v from "valibot";
import { resolvePalette } from "../../brand/palette.js";
import { EmptyBlock, type Block } from "../../elements/block.js";
import { chartElement } from "../../elements/chart.js";
import type { LayoutEnv, MeasureContext } from "../../elements/context.js";
import { ParagraphCache } from "../../elements/paragraphs.js";
import { RenderMemo } from "../../elements/render-memo.js";
import { RowBudget } from "../../flow/budget.js";
import { issuePath } from "../../model/errors.js";
import { elementSchema } from "../../model/schema-elements.js";
import type { ChartElement } from "../../model/types.js";
import type { HtmlElement } from "../dom.js";
import type { ComputedStyle } from "../style.js";
import { parseLength } from "../values.js";
import { familyOf, type HtmlContext } from "./context.js";

/** A chart figure's height when neither CSS nor its `height` attribute sets one (240 CSS px). */
export const CHART_FIGURE_HEIGHT = 180;
/** The width a chart figure asks for where its box shrinks to fit (a flex item, a table cell): 320 CSS px. */
export const CHART_FIGURE_WIDTH = 240;
/** Longest data-chart attribute read: options, not data, belong in it. */
const MAX_OPTIONS = 20_000;

/** Whether an element is drawn as a chart. */
export function isChartFigure(el: HtmlElement): boolean {
  return el.tag === "figure" && el.attrs.has("data-chart");
}

/** The chart of a `<figure data-chart>` in a content box `width` wide. */
export function chartFigureBlock(el: HtmlElement, style: ComputedStyle, width: number, cssHeight: number | undefined, ctx: HtmlContext): Block {
  const attr = el.attrs.get("height");
  const own = attr === undefined ? undefined : parseLength(/^\s*[\d.]+\s*$/.test(attr) ? `${attr}px` : attr, { em: style.size, rem: 12 });
  const height = cssHeight ?? (own && own.pct === 0 ? own.pt : CHART_FIGURE_HEIGHT);
  const element = chartOptions(el, width, height, ctx);
  if (!element) return new EmptyBlock(height);
  const env: LayoutEnv = {
    fonts: ctx.fonts,
    palette: ctx.palette ?? resolvePalette(undefined),
    tokens: ctx.tokens,
    direction: style.direction,
    bodyFamily: familyOf(ctx, style, el.path),
    headingFamily: undefined,
    diagnostics: ctx.diagnostics,
    paragraphs: paragraphsOf(ctx),
    images: ctx.images,
    pageBody: ctx.pageBody,
    rows: new RowBudget(),
    memo: new RenderMemo(),
  };
  const measure: MeasureContext = { env, scope: el.scope, tokens: ctx.tokens, path: el.path };
  return chartElement.measure(element, measure);
}

// One paragraph cache per HTML layout: a document's charts share their label layouts.
const caches = new WeakMap<HtmlContext, ParagraphCache>();

function paragraphsOf(ctx: HtmlContext): ParagraphCache {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = new ParagraphCache(ctx.fonts)));
  return cache;
}

/** The data-chart JSON as a chart element in the figure's box, validated as a template's would be; else reported. */
function chartOptions(el: HtmlElement, width: number, height: number, ctx: HtmlContext): ChartElement | undefined {
  const text = el.attrs.get("data-chart") ?? "";
  const problem = (message: string): undefined => {
    ctx.diagnostics.add("html.chart", `data-chart: ${message}; the chart is left out`, el.path);
    return undefined;
  };
  if (text.length > MAX_OPTIONS) return problem(`the options are longer than ${MAX_OPTIONS} characters`);
  let options: unknown;
  try {
    options = JSON.parse(text);
  } catch (error) {
    return problem(`not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (typeof options !== "object" || options === null || Array.isArray(options)) return problem("expected a JSON object");
  const { type, ...rest } = options as Record<string, unknown>;
  const binding = typeof rest.bindingField === "string" ? rest.bindingField.replace(/^\s*\{\{|\}\}\s*$/g, "").trim() : rest.bindingField;
  const candidate = { ...rest, id: "chart", type: "chart", chartType: type, ...(binding === undefined ? {} : { bindingField: binding }), x: 0, y: 0, width, height };
  const result = v.safeParse(elementSchema, candidate);
  if (!result.success) {
    const issue = result.issues[0];
    const path = issuePath(issue).replace(/^chartType\b/, "type");
    return problem(`${path === "$" ? "" : `${path}: `}${issue.message}`);
  }
  return result.output as ChartElement;
}
