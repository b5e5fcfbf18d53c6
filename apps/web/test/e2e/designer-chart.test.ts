// The chart tool in Chromium against a real server: a blank report → a chart dragged from the toolbar onto
// the band (drawn at once with made-up rows, marked "sample") → its data path, category key and series set in
// the properties panel → the canvas draws the sample data's bars, at heights in proportion to the values,
// with the generated alt text as its accessible name → the preview's PDF has the chart's labels as text.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser, Locator, Page } from "playwright-core";
import { signUpVerified } from "./steps.js";
import { launchBrowser, openPage, screenshot, startStack, type Stack, type Watched } from "./support.js";

const SAMPLE = { sales: [{ month: "Jan", revenue: 120 }, { month: "Feb", revenue: 60 }, { month: "Mar", revenue: 90 }] };

async function dragTo(page: Page, from: Locator, onto: Locator, x: number, y: number): Promise<void> {
  const a = await from.boundingBox();
  const b = await onto.boundingBox();
  assert.ok(a && b);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(a.x + a.width / 2 + ((b.x + x - a.x - a.width / 2) * i) / 8, a.y + a.height / 2 + ((b.y + y - a.y - a.height / 2) * i) / 8);
  await page.mouse.up();
}

/** Polls `read` until `ok` holds (a string predicate would be eval'd in the page, which the CSP refuses). */
async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  for (const end = Date.now() + 45_000; ; ) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`${what}: last ${JSON.stringify(value)}`);
    await page$.waitForTimeout(100);
  }
}
let page$: Page;

describe("designer chart tool (Chromium)", () => {
  let stack: Stack;
  let browser: Browser;
  let a: Watched;

  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    a = await openPage(browser, stack.url);
    page$ = a.page;
    await signUpVerified(stack, a.page, `chart-${Date.now().toString(36)}@example.test`);
  });

  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  test("place a chart, bind it to the sample data, see it drawn on the canvas and in the preview", async () => {
    const { page } = a;
    await page.goto(`${stack.url}/templates`);
    await page.getByRole("button", { name: "New template" }).click();
    await page.getByLabel("Template name").fill("Charted");
    await page.getByLabel("A blank report").check();
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await page.waitForURL(/\/templates\/[0-9a-f-]{36}$/);
    await page.getByTestId("open-designer").click();
    await page.getByTestId("designer-canvas").waitFor();
    await page.getByTestId("dtab-Data").click();
    await page.getByTestId("sample-data").fill(JSON.stringify(SAMPLE, null, 2));
    await page.getByTestId("dtab-Properties").click();

    // A band tall enough for the chart, then the chart dropped into it.
    const bandBox = (await page.getByTestId("band-header").boundingBox())!;
    await page.getByTestId("band-header").click({ position: { x: bandBox.width - 6, y: bandBox.height - 10 } });
    await page.getByTestId("prop-band-height").fill("240");
    await dragTo(page, page.getByTestId("tool-chart"), page.getByTestId("band-header"), 10, 50);
    const selected = page.locator('[data-selected="true"]');
    await selected.waitFor();
    const id = ((await selected.getAttribute("data-testid")) ?? "").replace(/^element-/, "");
    assert.match(id, /^chart/);
    const chart = page.getByTestId(`element-${id}`).locator("svg[data-chart]");
    // Unbound: drawn with made-up rows so the chart's kind shows.
    await chart.and(page.locator('[data-sample="true"]')).waitFor();

    await page.getByTestId("prop-bindingField").fill("sales");
    await page.getByTestId("prop-categoryKey").fill("month");
    await page.getByTestId("series-0-key").fill("revenue");
    await page.getByTestId("series-0-label").fill("Revenue");
    await page.getByTestId("prop-xAxisTitle").fill("Month");
    await page.getByTestId("prop-dataLabels").check();

    // The sample data's bars: three, the tallest for January, February's half of it.
    const alt = await until(() => chart.getAttribute("aria-label"), (v) => v === "Bar chart of Revenue by Month: Jan 120, Feb 60, Mar 90", "alt text");
    assert.ok(alt);
    assert.equal(await chart.getAttribute("data-sample"), null);
    const heights = await chart.locator("rect[data-bar]").evaluateAll((rects) => rects.map((r) => Number(r.getAttribute("height"))));
    assert.equal(heights.length, 3);
    assert.ok(Math.abs(heights[0]! / heights[1]! - 2) < 1e-6, `heights ${heights.join(", ")}`);
    const labels = (await chart.locator("text").allTextContents()).join(" ");
    for (const label of ["Jan", "Feb", "Mar", "Month", "120", "60"]) assert.ok(labels.includes(label), `${label} in ${labels}`);

    // The preview (the server's PDF) prints the same labels as text.
    await page.getByTestId("preview-text").filter({ hasText: /Jan.*Feb.*Mar/ }).waitFor({ state: "attached", timeout: 60_000 });
    await page.getByTestId("preview-text").filter({ hasText: /Month/ }).waitFor({ state: "attached", timeout: 60_000 });
    await page.getByTestId("zoom").selectOption("1");
    await page.evaluate(`document.fonts.ready`);
    const dir = process.env["SCREENSHOTS_DIR"];
    if (dir) await page.getByTestId(`element-${id}`).screenshot({ path: `${dir}/designer-chart-element.png` });
    await screenshot(page, "designer-chart");
    assert.deepEqual(a.errors, []);
  });
});
