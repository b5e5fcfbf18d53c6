// The designer's form field tool in Chromium: a field dragged from the toolbar onto a blank report, made a
// required dropdown named `country` with options and a default from the sample data; the canvas draws it as a
// labelled box; saved, the document holds the field, and the template renders to a PDF with an AcroForm whose
// field has that name, kind and value.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser, Locator, Page } from "playwright-core";
import { signUpVerified } from "./steps.js";
import { launchBrowser, openPage, screenshot, startStack, type Stack, type Watched } from "./support.js";

/** Drags from the middle of `from` to (x, y) inside `onto`, in small steps. */
async function dragTo(page: Page, from: Locator, onto: Locator, x: number, y: number): Promise<void> {
  const a = await from.boundingBox();
  const b = await onto.boundingBox();
  assert.ok(a && b);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(a.x + a.width / 2 + ((b.x + x - a.x - a.width / 2) * i) / 8, a.y + a.height / 2 + ((b.y + y - a.y - a.height / 2) * i) / 8);
  await page.mouse.up();
}

describe("designer: form fields (Chromium)", () => {
  let stack: Stack;
  let browser: Browser;
  let a: Watched;
  let templateId = "";

  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    a = await openPage(browser, stack.url);
    await signUpVerified(stack, a.page, `fields-${Date.now().toString(36)}@example.test`);
  });

  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  test("place a field, make it a required dropdown, and see it on the canvas", async () => {
    const { page } = a;
    await page.goto(`${stack.url}/templates`);
    await page.getByRole("button", { name: "New template" }).click();
    await page.getByLabel("Template name").fill("Form");
    await page.getByLabel("A blank report").check();
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await page.waitForURL(/\/templates\/[0-9a-f-]{36}$/);
    templateId = page.url().split("/").at(-1)!;
    await page.getByTestId("open-designer").click();
    await page.getByTestId("designer-canvas").waitFor();
    await page.getByTestId("dtab-Data").click();
    await page.getByTestId("sample-data").fill(JSON.stringify({ country: "Japan" }));
    await page.getByTestId("dtab-Properties").click();

    await dragTo(page, page.getByTestId("tool-field"), page.getByTestId("band-header"), 20, 40);
    const selected = page.locator('[data-selected="true"]');
    await selected.waitFor();
    const id = ((await selected.getAttribute("data-testid")) ?? "").replace(/^element-/, "");
    assert.match(id, /^field/);
    await page.getByTestId("prop-kind").selectOption("dropdown");
    await page.getByTestId("prop-name").fill("country");
    await page.getByTestId("prop-options").fill("France, Japan, Peru");
    await page.getByTestId("prop-value").fill("{{country}}");
    await page.getByTestId("prop-required").check();
    const field = page.getByTestId(`element-${id}`);
    // The canvas: a box with the sample value and a tag naming the field.
    await field.filter({ hasText: "dropdown · country *" }).waitFor();
    assert.match((await field.textContent()) ?? "", /Japan/);
    assert.equal(await field.locator('[data-field-kind="dropdown"]').count(), 1);
    // At 150 % for the screenshot: the tag and the value are readable.
    await page.getByTestId("zoom").selectOption("1.5");
    // The preview re-renders after a debounce; its widgets are drawn from their appearance streams.
    await page.waitForTimeout(3000);
    await screenshot(page, "designer-field");
  });

  test("saved, the document holds the field and its render is a PDF form", async () => {
    const { page } = a;
    await page.getByTestId("save").click();
    await page.getByTestId("save-state").filter({ hasText: /^Saved$/ }).waitFor();
    const token = await page.evaluate(async () => (await (await fetch("/api/auth/refresh", { method: "POST", credentials: "include" })).json()) as { accessToken: string });
    const headers = { Authorization: `Bearer ${token.accessToken}`, "Content-Type": "application/json" };
    const stored = await fetch(`${stack.url}/api/templates/${templateId}`, { headers });
    const doc = JSON.parse(((await stored.json()) as { content: string }).content) as { bands: { elements: Record<string, unknown>[] }[] };
    const saved = doc.bands.flatMap((b) => b.elements).find((e) => e["type"] === "field");
    assert.deepEqual(
      saved && { kind: saved["kind"], name: saved["name"], options: saved["options"], value: saved["value"], required: saved["required"] },
      { kind: "dropdown", name: "country", options: ["France", "Japan", "Peru"], value: "{{country}}", required: true },
    );
    const pdf = await fetch(`${stack.url}/api/templates/${templateId}/render`, { method: "POST", headers, body: JSON.stringify({ data: { country: "Peru" } }) });
    assert.equal(pdf.status, 200);
    const text = Buffer.from(await pdf.arrayBuffer()).toString("latin1");
    assert.match(text, /\/AcroForm/);
    assert.match(text, /\/FT \/Ch/);
    assert.match(text, /\/T \(country\)/);
    assert.match(text, /\/V \(Peru\)/);
  });
});
