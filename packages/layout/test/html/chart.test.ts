import assert from "node:assert/strict";
import { test } from "node:test";
import { importHtml, layoutHtml, type FrameItem, type GroupItem, type ShapeItem } from "../../src/index.js";
import { registry } from "../text/helpers.js";

const options = { fonts: registry, now: new Date(0) };
const texts = (items: readonly FrameItem[]): string[] =>
  items.flatMap((it) => (it.kind === "group" ? texts(it.items) : it.kind === "text" ? [it.text] : []));
const rects = (items: readonly FrameItem[]): ShapeItem[] =>
  items.flatMap((it) => (it.kind === "group" ? rects(it.items) : it.kind === "shape" && it.geometry.type === "rect" && !it.geometry.radius ? [it] : []));
const groups = (items: readonly FrameItem[]): GroupItem[] =>
  items.flatMap((it) => (it.kind === "group" ? [it, ...groups(it.items)] : []));

const DATA = {
  teams: [
    { name: "North", months: [{ m: "Jan", v: 10 }, { m: "Feb", v: 30 }] },
    { name: "South", months: [{ m: "Jan", v: 5 }, { m: "Feb", v: 20 }] },
  ],
};

test("<figure data-chart> draws a chart from the data, in the scope data-each gives it", () => {
  const html = `<section data-each="teams"><h2>{{name}}</h2>
    <figure style="margin: 0; width: 300pt; height: 150pt" data-chart='{"type":"bar","bindingField":"months","categoryKey":"m","series":[{"valueKey":"v","label":"{{name}} sales"}],"dataLabels":true}'>
      <p>replaced by the chart</p></figure></section>`;
  const result = layoutHtml(html, DATA, options);
  assert.deepEqual(result.diagnostics, []);
  const items = result.pages[0]!.items;
  const all = texts(items);
  for (const label of ["North", "South", "Jan", "Feb", "30", "20"]) assert.ok(all.includes(label), `${label} in ${all.join("|")}`);
  assert.ok(!all.includes("replaced"), "the figure's own content is not drawn");
  const alts = groups(items).flatMap((g) => (g.alt ? [g.alt] : []));
  assert.deepEqual(alts, ["Bar chart of North sales by m: Jan 10, Feb 30", "Bar chart of South sales by m: Jan 5, Feb 20"]);
  // North's Feb bar is three times its Jan bar.
  const bars = rects(items).filter((r) => r.fill === "#2563eb").map((r) => (r.geometry as { height: number }).height);
  assert.equal(bars.length, 4);
  assert.ok(Math.abs(bars[1]! / bars[0]! - 3) < 1e-6);
});

test("a figure's height comes from CSS, else its height attribute, else 180 pt", () => {
  const figure = (attrs: string) => `<figure style="margin:0" ${attrs} data-chart='{"type":"line","bindingField":"{{teams.0.months}}","categoryKey":"m","series":[{"valueKey":"v"}]}'></figure><p>after</p>`;
  const afterY = (html: string): number => {
    const run = layoutHtml(html, DATA, options).pages[0]!.items.flatMap(function flat(it): FrameItem[] {
      return it.kind === "group" ? it.items.flatMap(flat) : [it];
    }).find((it) => it.kind === "text" && it.text === "after");
    assert.ok(run && run.kind === "text");
    return run.y;
  };
  const byDefault = afterY(figure(""));
  const byAttribute = afterY(figure('height="80"'));
  assert.ok(Math.abs(byDefault - byAttribute - (180 - 60)) < 0.5, `${byDefault} vs ${byAttribute}`);
});

test("invalid data-chart options are reported with their key, and nothing is drawn", () => {
  const cases: readonly [string, string][] = [
    ["{not json", "data-chart: not valid JSON"],
    ['{"type":"radar","bindingField":"x","series":[]}', "data-chart: type: expected one of: bar, stackedBar, line, area, pie, donut, scatter; got 'radar'"],
    ['{"type":"bar","series":[]}', "data-chart: bindingField: is required"],
    ['{"type":"bar","bindingField":"x","series":[{"valueKey":"v","color":"red"}]}', "data-chart: series[0].color: expected a colour"],
  ];
  for (const [json, message] of cases) {
    const result = layoutHtml(`<figure data-chart='${json}'></figure>`, DATA, options);
    const found = result.diagnostics.filter((d) => d.code === "html.chart");
    assert.equal(found.length, 1, json);
    assert.ok(found[0]!.message.startsWith(message), found[0]!.message);
    assert.equal(rects(result.pages[0]!.items).length, 0);
  }
});

test("a chart whose binding names no list is a diagnostic, not a crash", () => {
  const result = layoutHtml(`<figure data-chart='{"type":"pie","bindingField":"nothing","series":[{"valueKey":"v"}]}'></figure>`, DATA, options);
  assert.ok(result.diagnostics.some((d) => d.code === "chart.empty"));
});

test("import-html does not carry a chart over: one import.dropped note says what to add instead", () => {
  const html = `<h1>Sales</h1><figure data-chart='{"type":"bar","bindingField":"sales","categoryKey":"m","series":[{"valueKey":"v"}]}'></figure>`;
  const { document, diagnostics } = importHtml(html, { fonts: registry, sampleData: { sales: [{ m: "Jan", v: 3 }] } });
  assert.deepEqual(diagnostics.map((d) => [d.code, d.message]), [["import.dropped", "charts are not imported; add a chart element with the figure's data-chart options"]]);
  assert.ok(document.bands.flatMap((b) => b.elements).every((e) => e.type === "text"));
});

test("two chart figures side by side in a flex row share it (a chart asks for 240 pt and accepts less)", () => {
  const fig = (team: number) => `<figure style="margin:0" data-chart='{"type":"bar","bindingField":"teams.${team}.months","categoryKey":"m","series":[{"valueKey":"v"}]}'></figure>`;
  const result = layoutHtml(`<style>@page { size: 400pt 400pt; margin: 0 }</style><div style="display:flex; gap: 10pt">${fig(0)}${fig(1)}</div>`, DATA, options);
  assert.deepEqual(result.diagnostics, []);
  const charts = groups(result.pages[0]!.items).filter((g) => g.alt);
  assert.equal(charts.length, 2);
  const [left, right] = charts.map((g) => g.transform![4]);
  // Each about half the row (400 pt less the body's 6 pt margins and the gap), not 0 wide and not 240 + 240.
  assert.ok(right! - left! > 150 && right! - left! < 240, `charts at ${left} and ${right}`);
});
