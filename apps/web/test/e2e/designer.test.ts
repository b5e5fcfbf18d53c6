// The band designer in Chromium against a real server: a blank report opened in the designer → a text
// element dragged from the toolbar onto the page → `Invoice {{number}}` typed in its Text property → the
// preview shows the sample value → the element resized by its handle, and the preview follows (the text
// wraps onto more lines) → a table dragged in, bound to `items`, three columns, one with a number format,
// and the preview prints the formatted amounts → saved, and the stored document is what the canvas shows.
// Then the shared invoice fixture opened in the designer (the screenshot in apps/web/docs).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser, Locator, Page } from "playwright-core";
import { signUpVerified } from "./steps.js";
import { launchBrowser, openPage, screenshot, startStack, type Stack, type Watched } from "./support.js";

const SAMPLE = { number: "INV-0042", items: [
  { description: "Consulting", qty: 3, price: 1234.5 },
  { description: "Travel", qty: 1, price: 99 },
] };

/** Drags from the middle of `from` to (x, y) inside `onto`, in small steps as a hand would. */
async function dragTo(page: Page, from: Locator, onto: Locator, x: number, y: number): Promise<void> {
  const a = await from.boundingBox();
  const b = await onto.boundingBox();
  assert.ok(a && b);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(a.x + a.width / 2 + ((b.x + x - a.x - a.width / 2) * i) / 8, a.y + a.height / 2 + ((b.y + y - a.y - a.height / 2) * i) / 8);
  await page.mouse.up();
}

async function previewText(page: Page): Promise<string> {
  return (await page.getByTestId("preview-text").textContent()) ?? "";
}

/** Waits until the preview's text layer matches `pattern` (after the debounce and the render). */
async function previewSays(page: Page, pattern: RegExp): Promise<void> {
  await page.getByTestId("preview-text").filter({ hasText: pattern }).waitFor({ state: "attached", timeout: 60_000 });
}

describe("band designer (Chromium)", () => {
  let stack: Stack;
  let browser: Browser;
  let a: Watched;
  const email = `des-${Date.now().toString(36)}@example.test`;
  let templateId = "";

  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    a = await openPage(browser, stack.url);
    await signUpVerified(stack, a.page, email);
  });

  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  test("a blank report opens in the designer, in its own chunk", async () => {
    const scripts: string[] = [];
    a.page.on("request", (r) => { if (r.resourceType() === "script") scripts.push(r.url()); });
    await a.page.goto(`${stack.url}/templates`);
    assert.ok(!scripts.some((u) => /DesignerPage/.test(u)), "the designer is not loaded on other pages");
    await a.page.getByRole("button", { name: "New template" }).click();
    await a.page.getByLabel("Template name").fill("Designed");
    await a.page.getByLabel("A blank report").check();
    await a.page.getByRole("button", { name: "Create", exact: true }).click();
    await a.page.waitForURL(/\/templates\/[0-9a-f-]{36}$/);
    templateId = a.page.url().split("/").at(-1)!;
    await a.page.getByTestId("open-designer").click();
    await a.page.waitForURL(/\/design$/);
    await a.page.getByTestId("designer-canvas").waitFor();
    assert.ok(scripts.some((u) => /DesignerPage/.test(u)), "the designer chunk loads on its route");
    // The sample data for this walk-through.
    await a.page.getByTestId("dtab-Data").click();
    await a.page.getByTestId("sample-data").fill(JSON.stringify(SAMPLE, null, 2));
  });

  test("add a text by drag, type a token into it, the preview shows the sample value", async () => {
    const { page } = a;
    const band = page.getByTestId("band-header");
    await dragTo(page, page.getByTestId("tool-text"), band, 20, 30);
    const selected = page.locator('[data-selected="true"]');
    await selected.waitFor();
    const id = ((await selected.getAttribute("data-testid")) ?? "").replace(/^element-/, "");
    assert.match(id, /^text/);
    const text = page.getByTestId("prop-text");
    await text.fill("Invoice {{number}}");
    await page.getByTestId("prop-fontSize").fill("14");
    await previewSays(page, /Invoice INV-0042/);
    // The canvas shows the sample value too, in the designer font.
    assert.match((await page.getByTestId(`element-${id}`).textContent()) ?? "", /Invoice INV-0042/);
  });

  test("resize the element by its handle; the preview follows", async () => {
    const { page } = a;
    const el = page.locator('[data-selected="true"]');
    const id = ((await el.getAttribute("data-testid")) ?? "").replace(/^element-/, "");
    await page.getByTestId("prop-width").fill("400");
    const before = 400;
    // A long text in a narrow box wraps: the preview's text layer has a line per baseline.
    await page.getByTestId("prop-text").fill("Invoice {{number}} for services rendered");
    await previewSays(page, /Invoice INV-0042 for services rendered/);
    const handle = page.getByTestId("handle-e");
    const h = await handle.boundingBox();
    assert.ok(h);
    await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
    await page.mouse.down();
    const box = (await page.getByTestId(`element-${id}`).boundingBox())!;
    // To about 45 % of its width: the sentence (about 280 pt at 14 pt) no longer fits on one line.
    const dx = box.width * 0.55;
    for (let i = 1; i <= 6; i++) await page.mouse.move(h.x + h.width / 2 - (i * dx) / 6, h.y + h.height / 2);
    await page.mouse.up();
    // The panel shows the committed width once React has rendered the edit.
    // Polled from here: a string predicate would be eval'd in the page, which its Content Security Policy refuses.
    for (const until = Date.now() + 30_000; Number(await page.getByTestId("prop-width").inputValue()) >= 300; ) {
      if (Date.now() > until) throw new Error("the width panel never showed the resized width");
      await page.waitForTimeout(50);
    }
    const after = Number(await page.getByTestId("prop-width").inputValue());
    assert.ok(after < 230 && after > 120, `width ${before} → ${after}`);
    // Narrower: the render wraps the sentence, so the text layer no longer has it on one run.
    await page.getByTestId("preview-text").filter({ hasText: /Invoice INV-0042/, hasNotText: /INV-0042 for services rendered/ }).waitFor({ state: "attached", timeout: 60_000 });
    assert.equal(await page.getByTestId(`element-${id}`).count(), 1);
  });

  test("add a table bound to items with three columns and a number format", async () => {
    const { page } = a;
    // An empty spot of the band selects it (its lower right corner: the starter's title is at the top left).
    const band = (await page.getByTestId("band-header").boundingBox())!;
    await page.getByTestId("band-header").click({ position: { x: band.width - 6, y: band.height - 10 } });
    await page.getByTestId("prop-band-height").fill("140");
    await dragTo(page, page.getByTestId("tool-table"), page.getByTestId("band-header"), 10, 70);
    await page.getByTestId("element-props").waitFor();
    // The schema gets the array, then the table is bound to it.
    await page.getByTestId("dtab-Data").click();
    await page.getByTestId("schema-new-key").fill("items");
    await page.getByLabel("New field type").selectOption("array");
    await page.getByRole("button", { name: "Add field" }).click();
    await page.getByTestId("dtab-Properties").click();
    await page.getByTestId("prop-bindingField").selectOption("items");
    for (const [i, key, header] of [[0, "description", "Description"], [1, "qty", "Qty"], [2, "price", "Price"]] as const) {
      await page.getByTestId("column-add").click();
      await page.getByTestId(`column-${i}-key`).fill(key);
      await page.getByTestId(`column-${i}-header`).fill(header);
    }
    await page.getByTestId("column-2-format").fill('number:"#,##0.00"');
    await page.getByTestId("column-2-align").selectOption("right");
    await previewSays(page, /Consulting.*1,234\.50/);
    assert.match(await previewText(page), /Travel.*99\.00/);
    await screenshot(page, "designer-new");
  });

  test("save: the stored document is what the canvas shows", async () => {
    const { page } = a;
    await page.getByTestId("save").click();
    await page.getByTestId("save-state").filter({ hasText: /^Saved$/ }).waitFor();
    const token = await page.evaluate(async () => (await (await fetch("/api/auth/refresh", { method: "POST", credentials: "include" })).json()) as { accessToken: string });
    const res = await fetch(`${stack.url}/api/templates/${templateId}`, { headers: { Authorization: `Bearer ${token.accessToken}` } });
    const doc = JSON.parse(((await res.json()) as { content: string }).content) as { bands: { id: string; elements: { type: string; text?: string; bindingField?: string; columns?: { key: string; format?: string }[] }[] }[] };
    const els = doc.bands.find((b) => b.id === "header")!.elements;
    assert.ok(els.some((e) => e.type === "text" && e.text === "Invoice {{number}} for services rendered"));
    const table = els.find((e) => e.type === "table")!;
    assert.equal(table.bindingField, "items");
    assert.deepEqual(table.columns!.map((c) => c.key), ["description", "qty", "price"]);
    assert.equal(table.columns![2]!.format, 'number:"#,##0.00"');
    assert.deepEqual(a.errors, []);
  });

  test("the shared invoice fixture in the designer: its bands, text in the sample values, the table", async () => {
    // Wide enough for the page at 100 % beside the panels and the preview (the screenshot in the README).
    const { page } = a;
    await page.setViewportSize({ width: 1800, height: 1150 });
    await page.goto(`${stack.url}/templates`);
    await page.getByRole("button", { name: "New template" }).click();
    await page.getByLabel("Template name").fill("Invoice");
    await page.getByLabel("The invoice example").check();
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await page.waitForURL(/\/templates\/[0-9a-f-]{36}$/);
    await page.getByTestId("open-designer").click();
    await page.getByTestId("designer-canvas").waitFor();
    await page.getByTestId("zoom").selectOption("1");
    // Bands as the engine stacks them: page header, the flow in array order, page footer.
    const kinds = await page.locator("[data-band-kind]").evaluateAll((els) => els.map((e) => e.getAttribute("data-band-kind")));
    assert.deepEqual(kinds, ["page-header", "report-header", "detail", "report-footer", "page-footer"]);
    assert.match((await page.getByTestId("element-v1").textContent()) ?? "", /INV-2024-00020/);
    assert.match((await page.getByTestId("element-tbl").textContent()) ?? "", /Description.*Amount/);
    // The designer fonts are the server's: the canvas text is set in Inter.
    assert.equal(await page.evaluate(`document.fonts.check('12px "Inter"')`), true);
    await previewSays(page, /INV-2024-00020/);
    await page.evaluate(`document.fonts.ready`);
    const dir = process.env["SCREENSHOTS_DIR"];
    if (dir) await page.getByTestId("designer-page").screenshot({ path: `${dir}/designer-invoice-canvas.png` });
    await screenshot(page, "designer-invoice");
    // A schema field dragged onto the page: the items array becomes a table of its item fields.
    await page.getByTestId("dtab-Data").click();
    await dragTo(page, page.getByTestId("field-items"), page.getByTestId("band-rf"), 20, 100);
    const table = page.locator('[data-selected="true"]');
    await table.waitFor();
    assert.match((await table.textContent()) ?? "", /sku.*description.*qty.*unitPrice.*amount/i);
    assert.equal(await page.getByTestId("prop-bindingField").inputValue(), "items");
    assert.deepEqual(a.errors, []);
  });

  test("an HTML template converts to a report and opens in the designer", async () => {
    const { page } = a;
    await page.goto(`${stack.url}/templates`);
    await page.getByRole("button", { name: "New template" }).click();
    await page.getByLabel("Template name").fill("From HTML");
    await page.getByLabel("HTML with {{tokens}}").check();
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await page.waitForURL(/\/templates\/[0-9a-f-]{36}$/);
    await page.getByTestId("convert-to-report").click();
    await page.getByRole("dialog", { name: "Convert to a report template?" }).getByRole("button", { name: "Convert", exact: true }).click();
    await page.waitForURL(/\/design$/);
    await page.getByTestId("designer-canvas").waitFor();
    assert.ok((await page.locator("[data-band-kind]").count()) > 0);
    assert.match((await page.getByTestId("designer-canvas").textContent()) ?? "", /Hello/);
    assert.deepEqual(a.errors, []);
  });
});
