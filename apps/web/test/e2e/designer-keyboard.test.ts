// The designer by keyboard, in Chromium against a real server (issue 31, item 6): bands and elements are
// reached with Tab in reading order (one tab stop among them), the focused element is selected and announced
// through a live region, arrow keys move it, Enter edits it (the properties' main field is focused) and
// Escape goes back to it; comment pins are named by their element's label; the designer's comment box has
// the template page's @mention autocomplete, and the mention reaches the second person by email.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import { json, PASSWORD } from "./steps.js";
import { launchBrowser, openPage, screenshot, startStack, type Stack, type Watched } from "./support.js";

const DOCUMENT = {
  version: 4,
  pageSize: { id: "a4" },
  bands: [
    {
      id: "head",
      kind: "report-header",
      height: 200,
      elements: [
        // In array (paint) order the note comes first; the keyboard reads top to bottom, left to right.
        { id: "note", type: "text", x: 20, y: 100, width: 200, height: 24, text: "Thank you" },
        { id: "date", type: "text", x: 300, y: 21, width: 120, height: 24, text: "{{date}}" },
        { id: "title", type: "text", x: 20, y: 20, width: 200, height: 30, fontSize: 18, text: "Invoice {{number}}" },
      ],
    },
    { id: "rows", kind: "detail", height: 40, bindingField: "items", elements: [{ id: "lines", type: "table", x: 0, y: 0, width: 300, height: 38, bindingField: "items", columns: [{ key: "name", header: "Item", width: 300 }] }] },
  ],
  schema: [{ key: "number", type: "string", sample: "A-1" }, { key: "date", type: "string", sample: "today" }, { key: "items", type: "array", fields: [{ key: "name", type: "string" }] }],
};

/** The canvas item (band or element id) that has the keyboard focus, or null when focus is elsewhere. */
function focusedItem(page: Page): Promise<string | null> {
  return page.evaluate<string | null>("document.activeElement?.dataset?.canvasItem ?? null");
}

describe("the designer by keyboard (Chromium)", () => {
  let stack: Stack;
  let browser: Browser;
  let a: Watched;
  const stamp = Date.now().toString(36);
  const emailA = `kim-${stamp}@example.test`;
  const emailB = `bea-${stamp}@example.test`;

  before(async () => {
    stack = await startStack();
    const tokenA = (await json(stack, "POST", "/api/auth/signup", null, { email: emailA, password: PASSWORD })).accessToken as string;
    const invite = await json(stack, "POST", "/api/workspaces/current/invites", tokenA, { email: emailB, role: "Editor" });
    const tokenB = (await json(stack, "POST", "/api/auth/signup", null, { email: emailB, password: PASSWORD })).accessToken as string;
    await json(stack, "POST", `/api/invites/${encodeURIComponent(invite.token as string)}/accept`, tokenB);
    const templateId = (await json(stack, "POST", "/api/templates", tokenA, { name: "Keyboard", content: JSON.stringify(DOCUMENT, null, 2) })).id as string;
    await json(stack, "POST", `/api/templates/${templateId}/comments`, tokenA, { body: "Warmer, please", anchor: { kind: "element", id: "note" } });
    browser = await launchBrowser();
    a = await openPage(browser, stack.url);
    await a.page.goto(`${stack.url}/login`);
    await a.page.getByLabel("Email").fill(emailA);
    await a.page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await a.page.getByRole("button", { name: "Log in" }).click();
    await a.page.waitForURL("**/templates");
    await a.page.goto(`${stack.url}/templates/${templateId}/design`);
    await a.page.locator('[data-testid="designer-status"][data-status="online"]').waitFor({ state: "attached" });
    await a.page.getByTestId("element-title").waitFor();
    // The preview settles first: while it renders, its controls and diagnostics come and go after the canvas in tab
    // order, and a Tab that lands on one being replaced leaves the focus on <body> (seen once in a loaded CI run).
    await a.page.locator('[data-testid="designer-preview"][data-status="done"]').waitFor({ timeout: 60_000 });
    await a.page.locator('[data-testid="preview-figure"][data-drawn]').waitFor({ timeout: 60_000 });
  });

  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  test("Tab reaches bands and elements in reading order, selecting and announcing each; then leaves the canvas", async () => {
    const { page } = a;
    await page.getByTestId("canvas-scroll").focus();
    const seen: (string | null)[] = [];
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      seen.push(await focusedItem(page));
    }
    assert.deepEqual(seen, ["head", "title", "date", "note", "rows", "lines"]);
    // The last one focused is selected, and the live region says what it is.
    assert.equal(await page.getByTestId("element-lines").getAttribute("data-selected"), "true");
    assert.match((await page.getByTestId("selection-announcer").textContent()) ?? "", /^Table of items selected, in detail of items band/);
    assert.equal(await page.getByTestId("selection-announcer").getAttribute("aria-live"), "polite");
    // One tab stop among the canvas items: the next Tab leaves them.
    await page.keyboard.press("Tab");
    assert.equal(await focusedItem(page), null);
    // Shift+Tab comes back to the item last focused, and walks backwards.
    await page.keyboard.press("Shift+Tab");
    assert.equal(await focusedItem(page), "lines");
    await page.keyboard.press("Shift+Tab");
    assert.equal(await focusedItem(page), "rows");
    assert.match((await page.getByTestId("selection-announcer").textContent()) ?? "", /^detail of items band selected/);
    assert.equal(await page.getByTestId("band-rows").getAttribute("aria-label"), "detail of items band");
  });

  test("arrow keys move the focused element, Enter edits it, Escape goes back to it", async () => {
    const { page } = a;
    for (let i = 0; i < 3; i++) await page.keyboard.press("Shift+Tab");
    assert.equal(await focusedItem(page), "title");
    // Named by its kind and what it shows (the sample value), so the name holds the visible text.
    assert.equal(await page.getByRole("button", { name: "Text: Invoice A-1", exact: true }).getAttribute("data-testid"), "element-title");
    assert.equal(await page.getByRole("button", { name: /^Table of items: Item/ }).getAttribute("data-testid"), "element-lines");
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Shift+ArrowDown");
    await page.locator('[data-testid="element-title"][data-x="23"][data-y="30"]').waitFor({ state: "attached" });
    assert.equal(await focusedItem(page), "title", "the element keeps the focus while it moves");
    assert.match((await page.getByTestId("selection-announcer").textContent()) ?? "", /at x 23, y 30/);
    await screenshot(page, "issue31-keyboard-after");
    await page.keyboard.press("Enter");
    await page.waitForFunction(`document.activeElement?.dataset?.testid === "prop-text"`);
    await page.keyboard.press("End");
    await page.keyboard.type(" now");
    await page.locator('[data-testid="element-title"]', { hasText: "Invoice A-1 now" }).waitFor();
    await page.keyboard.press("Escape");
    assert.equal(await focusedItem(page), "title");
    // The reading order follows the move: the title now sits below the date's top, so the date comes first.
    await page.keyboard.press("Shift+Tab");
    assert.equal(await focusedItem(page), "date");
    // Enter on a band edits the band: its first field.
    await page.keyboard.press("Shift+Tab");
    assert.equal(await focusedItem(page), "head");
    await page.keyboard.press("Enter");
    await page.waitForFunction(`document.activeElement?.dataset?.testid === "prop-kind"`);
    await screenshot(page, "issue31-keyboard-edit-after");
  });

  test("Delete removes the focused element and the focus stays on its band", async () => {
    const { page } = a;
    // From the band's Kind field, Escape goes back to the band; then date, title, note.
    await page.keyboard.press("Escape");
    assert.equal(await focusedItem(page), "head");
    for (let i = 0; i < 3; i++) await page.keyboard.press("Tab");
    assert.equal(await focusedItem(page), "note");
    await page.keyboard.press("Delete");
    await page.getByTestId("element-note").waitFor({ state: "detached" });
    assert.equal(await focusedItem(page), "head");
    assert.match((await page.getByTestId("selection-announcer").textContent()) ?? "", /^report-header band selected/);
    await page.keyboard.press("Control+z");
    await page.getByTestId("element-note").waitFor();
  });

  test("comment pins are named by their element's label, not its id", async () => {
    const pin = a.page.locator('[data-testid="comment-pin"][data-anchor="note"]');
    assert.equal(await pin.getAttribute("aria-label"), "Comments on Text “Thank you”: 1");
    assert.equal(await pin.getAttribute("title"), "Comments on Text “Thank you”");
    await pin.click();
    await a.page.getByTestId("comments-tab").getByRole("button", { name: "on Text “Thank you”" }).waitFor();
  });

  test("the designer's comment box has the @mention autocomplete; the mention is emailed", async () => {
    const { page } = a;
    await page.getByTestId("element-note").click();
    await page.getByTestId("dtab-Comments").click();
    const box = page.getByRole("combobox", { name: /New comment/ });
    await box.click();
    await box.pressSequentially("Over to @bea");
    await page.getByRole("listbox", { name: "Members" }).getByRole("option", { name: emailB }).waitFor();
    await screenshot(page, "issue31-mention-after");
    await box.press("Enter");
    await box.pressSequentially("for the wording");
    assert.equal(await box.inputValue(), `Over to @${emailB} for the wording`);
    await page.getByText("Pin to Text “Thank you”").waitFor();
    await page.getByTestId("comment-send").click();
    await page.getByTestId("comments-tab").locator("li", { hasText: "for the wording" }).waitFor();
    await stack.smtp.waitFor((m) => m.to.includes(emailB) && m.text.includes("for the wording"), 15_000);
  });

  test("no console errors", () => {
    assert.deepEqual(a.errors, []);
  });
});
