// The chart element on the canvas in jsdom: drawn by the renderer's planner from the sample data (bars in
// proportion, labels as SVG text, the alt text as its name), with made-up rows marked "sample" until bound.
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { ElementView } from "../../src/designer/canvas/ElementView";
import { resolvePalette, type ChartElement, type TemplateDocument } from "../../src/designer/engine";

afterEach(cleanup);

const doc: TemplateDocument = { version: 4, pageSize: { id: "a4" }, bands: [], schema: [] };
const chart = (over: Partial<ChartElement> = {}): ChartElement => ({
  id: "c", type: "chart", x: 0, y: 0, width: 300, height: 180, chartType: "bar", bindingField: "sales", categoryKey: "month",
  series: [{ valueKey: "revenue", label: "Revenue" }], ...over,
});
const ctx = (data: Record<string, unknown> | null) => ({ palette: resolvePalette(undefined), doc, data });
const DATA = { sales: [{ month: "Jan", revenue: 120 }, { month: "Feb", revenue: 30 }] };

describe("chart on the canvas", () => {
  test("bars from the sample data, in proportion, with their labels and alt text", () => {
    const { container } = render(<ElementView el={chart({ xAxisTitle: "Month" })} s={1} ctx={ctx(DATA)} />);
    const svg = container.querySelector("svg[data-chart='bar']")!;
    expect(svg.getAttribute("aria-label")).toBe("Bar chart of Revenue by Month: Jan 120, Feb 30");
    expect(svg.getAttribute("data-sample")).toBeNull();
    const heights = [...svg.querySelectorAll("rect[data-bar]")].map((r) => Number(r.getAttribute("height")));
    expect(heights).toHaveLength(2);
    expect(heights[0]! / heights[1]!).toBeCloseTo(4, 6);
    const labels = [...svg.querySelectorAll("text")].map((t) => t.textContent);
    expect(labels).toEqual(expect.arrayContaining(["Jan", "Feb", "Month", "0"]));
  });

  test("unbound or without sample data: made-up rows marked sample, in the chart's kind", () => {
    const { container } = render(<ElementView el={chart({ chartType: "pie", bindingField: "" })} s={1} ctx={ctx(null)} />);
    const svg = container.querySelector("svg[data-chart='pie']")!;
    expect(svg.getAttribute("data-sample")).toBe("true");
    expect(svg.querySelectorAll("path").length).toBe(4);
  });

  test("a chart with unusable keys (from a peer or an older client) still draws, never throws", () => {
    const broken = { ...chart(), series: undefined, categoryKey: 3 } as unknown as ChartElement;
    const { container } = render(<ElementView el={broken} s={1} ctx={ctx(DATA)} />);
    expect(container.querySelector("svg[data-chart='bar']")).not.toBeNull();
  });
});
