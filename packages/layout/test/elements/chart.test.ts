import { strict as assert } from "node:assert";
import { test } from "node:test";
import type { FrameItem, GroupItem, ShapeItem } from "../../src/frame/types.js";
import { niceNumber, valueScale } from "../../src/elements/chart-scale.js";
import { MAX_CHART_POINTS } from "../../src/elements/chart-data.js";
import { measure, place, testEnv } from "./env.js";

const shapes = (items: readonly FrameItem[]): ShapeItem[] =>
  items.flatMap((it) => (it.kind === "group" ? shapes(it.items) : it.kind === "shape" ? [it] : []));
const texts = (items: readonly FrameItem[]): string[] =>
  items.flatMap((it) => (it.kind === "group" ? texts(it.items) : it.kind === "text" ? [it.text] : []));
const bars = (items: readonly FrameItem[], fill: string) =>
  // Legend swatches are the rounded rectangles; bars are square-cornered.
  shapes(items).flatMap((s) => (s.geometry.type === "rect" && s.fill === fill && !s.geometry.radius ? [s.geometry] : []));

const MONTHS = { sales: [{ month: "Jan", revenue: 120, cost: 80 }, { month: "Feb", revenue: 90, cost: 100 }, { month: "Mar", revenue: 60, cost: 30 }] };
const bar = (over: Record<string, unknown> = {}) => ({
  type: "chart", chartType: "bar", bindingField: "sales", categoryKey: "month", width: 300, height: 200,
  series: [{ valueKey: "revenue", label: "Revenue" }], xAxisTitle: "Month", ...over,
});

test("nice numbers: ticks at 1, 2, 2.5 or 5 × 10^k, covering the data and zero", () => {
  assert.equal(niceNumber(0.9, true), 1);
  assert.equal(niceNumber(23, true), 25);
  assert.equal(niceNumber(130, false), 200);
  assert.deepEqual(valueScale(0, 120, 5, true).ticks, [0, 25, 50, 75, 100, 125]);
  assert.deepEqual(valueScale(-35, 80, 4, true).ticks, [-50, -25, 0, 25, 50, 75, 100]);
  assert.deepEqual(valueScale(3, 9, 3, false).ticks, [2, 4, 6, 8, 10]);
  assert.deepEqual(valueScale(0.1, 0.3, 4, true).ticks, [0, 0.1, 0.2, 0.3]);
  // A flat series still gets a range; non-finite input is treated as zero, never NaN.
  assert.deepEqual(valueScale(5, 5, 5, true).ticks.at(-1), 5);
  assert.ok(valueScale(NaN, Infinity, 5, true).ticks.every(Number.isFinite));
});

test("bar heights are proportional to the values from a shared zero line", () => {
  const env = testEnv({}, MONTHS);
  const items = place(measure(bar(), env));
  assert.deepEqual(env.diagnostics.items, []);
  const drawn = bars(items, env.palette.primary);
  assert.equal(drawn.length, 3);
  const [jan, feb, mar] = drawn as [typeof drawn[0], typeof drawn[0], typeof drawn[0]];
  // Same bottom (the zero line), heights 120 : 90 : 60, left to right.
  assert.ok(Math.abs(jan.y + jan.height - (feb.y + feb.height)) < 1e-6);
  assert.ok(Math.abs(jan.height / feb.height - 120 / 90) < 1e-6);
  assert.ok(Math.abs(jan.height / mar.height - 2) < 1e-6);
  assert.ok(jan.x < feb.x && feb.x < mar.x);
  const all = texts(items);
  for (const label of ["Jan", "Feb", "Mar", "Month", "0", "100"]) assert.ok(all.includes(label), `${label} in ${all.join("|")}`);
});

test("several series sit side by side in brand colours, with a legend and data labels", () => {
  const env = testEnv({}, MONTHS);
  const items = place(measure(bar({ series: [{ valueKey: "revenue", label: "Revenue" }, { valueKey: "cost", label: "Cost" }], dataLabels: true }), env));
  const revenue = bars(items, env.palette.primary);
  const cost = bars(items, env.palette.accent);
  assert.equal(revenue.length, 3);
  assert.equal(cost.length, 3);
  assert.ok(revenue[0]!.x + revenue[0]!.width <= cost[0]!.x + 1e-6);
  const all = texts(items);
  for (const label of ["Revenue", "Cost", "120", "80", "100", "30"]) assert.ok(all.includes(label), label);
});

test("negative values grow down from zero; stacked bars add up per category", () => {
  const data = { rows: [{ k: "A", v: 50 }, { k: "B", v: -25 }] };
  const env = testEnv({}, data);
  const items = place(measure(bar({ bindingField: "rows", categoryKey: "k", series: [{ valueKey: "v" }] }), env));
  const [a, b] = bars(items, env.palette.primary);
  assert.ok(a && b);
  assert.ok(Math.abs(a.y + a.height - b.y) < 1e-6, "B starts where A ends: the zero line");
  assert.ok(Math.abs(a.height / b.height - 2) < 1e-6);

  const stackEnv = testEnv({}, MONTHS);
  const stacked = place(measure(bar({ chartType: "stackedBar", series: [{ valueKey: "revenue" }, { valueKey: "cost" }] }), stackEnv));
  const r = bars(stacked, stackEnv.palette.primary);
  const c = bars(stacked, stackEnv.palette.accent);
  // Cost sits on top of revenue, in the same column.
  assert.ok(Math.abs(c[0]!.y + c[0]!.height - r[0]!.y) < 1e-6);
  assert.equal(c[0]!.x, r[0]!.x);
  assert.ok(Math.abs((r[1]!.height + c[1]!.height) / (r[0]!.height + c[0]!.height) - 190 / 200) < 1e-6);
});

test("line, area and scatter charts draw paths and points; pie and donut draw one slice per positive value", () => {
  for (const chartType of ["line", "area", "scatter", "pie", "donut"]) {
    const env = testEnv({}, { pts: [{ x: 1, y: 3 }, { x: 2, y: 5 }, { x: 4, y: 2 }] });
    const items = place(measure(bar({ chartType, bindingField: "pts", categoryKey: "x", series: [{ valueKey: "y", label: "Y" }] }), env));
    assert.deepEqual(env.diagnostics.items, [], chartType);
    const kinds = shapes(items).map((s) => s.geometry.type);
    if (chartType === "pie" || chartType === "donut") {
      assert.equal(kinds.filter((k) => k === "path").length, 3, chartType);
      assert.ok(texts(items).includes("1") && texts(items).includes("4"), "legend lists the categories");
    } else {
      assert.ok(kinds.filter((k) => k === "ellipse").length >= 3, chartType);
      if (chartType !== "scatter") assert.ok(kinds.includes("path"), chartType);
    }
  }
});

test("the chart's group carries a generated alt text", () => {
  const env = testEnv({}, MONTHS);
  const [group] = place(measure(bar({ valueFormat: 'number:"#,##0.00"' }), env)) as GroupItem[];
  assert.equal(group?.alt, "Bar chart of Revenue by Month: Jan 120.00, Feb 90.00, Mar 60.00");
  assert.ok(texts([group!]).includes("100.00"), "ticks use the value format");
});

test("empty or unusable data is a diagnostic and an empty box, never a throw", () => {
  for (const data of [{}, { sales: [] }, { sales: "nope" }]) {
    const env = testEnv({}, data);
    const block = measure(bar(), env);
    assert.equal(block.height, 200);
    assert.deepEqual(place(block), []);
    assert.ok(env.diagnostics.items.some((d) => d.code === "chart.empty"), JSON.stringify(env.diagnostics.items));
  }
  const env = testEnv({}, { sales: [{ month: "Jan", revenue: "lots" }, { month: "Feb", revenue: 3 }, { month: "Mar", revenue: null }] });
  place(measure(bar(), env));
  assert.deepEqual(env.diagnostics.items.filter((d) => d.code === "chart.value").map((d) => d.message), ["1 value is not a number; it is left out"]);
});

test("the number of points is capped, and the cap is reported", () => {
  const rows = Array.from({ length: MAX_CHART_POINTS + 50 }, (_, i) => ({ month: `m${i}`, revenue: i }));
  const env = testEnv({}, { sales: rows });
  const items = place(measure(bar({ width: 500 }), env));
  assert.equal(bars(items, env.palette.primary).length, MAX_CHART_POINTS);
  assert.ok(env.diagnostics.items.some((d) => d.code === "chart.limit"));
});

test("pie slices start at twelve o'clock and sweep clockwise in proportion; a donut's slices are rings", () => {
  const env = testEnv({}, { parts: [{ k: "a", v: 1 }, { k: "b", v: 3 }] });
  const items = place(measure(bar({ chartType: "pie", bindingField: "parts", categoryKey: "k", series: [{ valueKey: "v" }], legend: "none", width: 200, height: 200 }), env));
  const paths = shapes(items).flatMap((s) => (s.geometry.type === "path" ? [s.geometry.d] : []));
  // Centre (100, 100), radius 99: a quarter from (100, 1) to (199, 100), then the rest back to the top.
  assert.equal(paths[0], "M100 1A99 99 0 0 1 199 100L100 100Z");
  assert.equal(paths[1], "M199 100A99 99 0 1 1 100 1L100 100Z");
  const donut = place(measure(bar({ chartType: "donut", bindingField: "parts", categoryKey: "k", series: [{ valueKey: "v" }], legend: "none", width: 200, height: 200 }), testEnv({}, { parts: [{ k: "a", v: 1 }, { k: "b", v: 3 }] })));
  const ring = shapes(donut).flatMap((s) => (s.geometry.type === "path" ? [s.geometry.d] : []))[0]!;
  assert.equal((ring.match(/A/g) ?? []).length, 2, ring);
  assert.match(ring, /A54\.45 54\.45 0 0 0 100 45\.55Z$/, "the inner arc runs back at 0.55 of the radius");
});
