// Two people editing the same element's properties, and the sample data they share, in Chromium against a
// real server (issue 31, items 2 and 8). Both type into one text field at once and both canvases end equal
// with both edits (the text is a Y.Text, merged per character); a focused field shows a peer's change; the
// sample data one person types is what the other sees, is stored with the template and versioned with it; a
// copy left in a browser's localStorage by an older version is moved into the template once; the template
// page's data JSON is the same stored data.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import { json, logIn, PASSWORD, typeContent } from "./steps.js";
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
        { id: "title", type: "text", x: 20, y: 20, width: 400, height: 30, fontSize: 18, text: "Invoice {{number}}" },
        { id: "note", type: "text", x: 20, y: 80, width: 300, height: 24, fontSize: 12, text: "Thank you" },
        { id: "lines", type: "table", x: 20, y: 120, width: 300, height: 60, bindingField: "items", columns: [{ key: "name", header: "Item", width: 300 }] },
      ],
    },
  ],
  schema: [{ key: "number", type: "string" }, { key: "items", type: "array", fields: [{ key: "name", type: "string" }] }],
};

const SAMPLE = { number: "Z-99", items: [{ name: "Widget" }, { name: "Sprocket" }] };

/** How long a peer's change may take to show here (generous: the machine is shared). */
const PEER_WAIT_MS = 20_000;

async function openDesigner(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('[data-testid="designer-status"][data-status="online"]').waitFor({ state: "attached" });
  await page.getByTestId("element-title").waitFor();
}

/** Polls `read` until `ok` holds for its value; fails with the last value seen. */
async function eventually<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, timeout = PEER_WAIT_MS): Promise<T> {
  const deadline = Date.now() + timeout;
  let last = await read();
  while (!ok(last)) {
    if (Date.now() > deadline) assert.fail(`${what}: still ${JSON.stringify(last)} after ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await read();
  }
  return last;
}

const fieldValue = (page: Page, testId: string): Promise<string> => page.getByTestId(testId).inputValue();
/** What an element draws on the canvas, without its accessible-name prefix ("Text: ", for screen readers only). */
async function canvasText(page: Page, id: string): Promise<string> {
  const element = page.getByTestId(`element-${id}`);
  const prefix = ((await element.locator(".sr-only").first().textContent()) ?? "").trim();
  const text = await element.innerText();
  return prefix !== "" && text.startsWith(prefix) ? text.slice(prefix.length).replace(/^\s*\n/, "") : text;
}
const isFocused = (page: Page, testId: string): Promise<boolean> =>
  page.evaluate(`document.activeElement?.getAttribute("data-testid") === ${JSON.stringify(testId)}`);
/** A key of the page's localStorage (null when absent). */
const localCopy = (page: Page, key: string): Promise<string | null> => page.evaluate(`localStorage.getItem(${JSON.stringify(key)})`);

/** Selects an element on the canvas (its properties open). */
async function select(page: Page, id: string): Promise<void> {
  await page.getByTestId(`element-${id}`).click();
  await page.getByTestId("element-props").locator("h3 code", { hasText: id }).waitFor();
}

describe("designer: merged property edits and shared sample data (Chromium)", () => {
  let stack: Stack;
  let browser: Browser;
  let a: Watched;
  let b: Watched;
  const stamp = Date.now().toString(36);
  const emailA = `ann-${stamp}@example.test`;
  const emailB = `ben-${stamp}@example.test`;
  let tokenA = "";
  let templateId = "";

  before(async () => {
    stack = await startStack();
    tokenA = (await json(stack, "POST", "/api/auth/signup", null, { email: emailA, password: PASSWORD })).accessToken as string;
    const invite = await json(stack, "POST", "/api/workspaces/current/invites", tokenA, { email: emailB, role: "Editor" });
    const tokenB = (await json(stack, "POST", "/api/auth/signup", null, { email: emailB, password: PASSWORD })).accessToken as string;
    await json(stack, "POST", `/api/invites/${encodeURIComponent(invite.token as string)}/accept`, tokenB);
    templateId = (await json(stack, "POST", "/api/templates", tokenA, { name: "Merge", content: JSON.stringify(DOCUMENT, null, 2) })).id as string;
    browser = await launchBrowser();
    a = await openPage(browser, stack.url);
    b = await openPage(browser, stack.url);
    await Promise.all([logIn(a.page, stack.url, emailA), logIn(b.page, stack.url, emailB)]);
    for (const w of [a, b]) await openDesigner(w.page, `${stack.url}/templates/${templateId}/design`);
  });

  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  test("both type into the same text field at once: both canvases end equal, with both edits", async () => {
    await select(a.page, "title");
    await select(b.page, "title");
    // Ann types at the end, Ben at the start, at the same time.
    await a.page.getByTestId("prop-text").click();
    await a.page.keyboard.press("Control+End");
    await b.page.getByTestId("prop-text").click();
    await b.page.keyboard.press("Control+Home");
    await Promise.all([a.page.keyboard.type(" PAID", { delay: 60 }), b.page.keyboard.type("COPY ", { delay: 60 })]);
    const both = (v: string) => v.includes("PAID") && v.includes("COPY");
    const fieldA = await eventually("Ann's field", () => fieldValue(a.page, "prop-text"), both);
    const fieldB = await eventually("Ben's field", () => fieldValue(b.page, "prop-text"), (v) => v === fieldA);
    assert.equal(fieldA, "COPY Invoice {{number}} PAID");
    assert.equal(fieldB, fieldA);
    const onA = await eventually("Ann's canvas", () => canvasText(a.page, "title"), both);
    const onB = await eventually("Ben's canvas", () => canvasText(b.page, "title"), (v) => v === onA);
    assert.equal(onB, onA);
    await screenshot(a.page, "issue31-merge-after");
  });

  test("a focused field shows a peer's change, and typing there keeps it", async () => {
    await select(a.page, "note");
    await select(b.page, "note");
    await a.page.getByTestId("prop-text").click();
    assert.ok(await isFocused(a.page, "prop-text"));
    await b.page.getByTestId("prop-text").fill("Thanks, Ben");
    await eventually("Ann's focused text field", () => fieldValue(a.page, "prop-text"), (v) => v === "Thanks, Ben");
    assert.ok(await isFocused(a.page, "prop-text"), "Ann's field kept the focus");
    await a.page.keyboard.press("Control+End");
    await a.page.keyboard.type("!");
    for (const page of [a.page, b.page]) {
      await eventually("the text field", () => fieldValue(page, "prop-text"), (v) => v === "Thanks, Ben!");
      await eventually("the canvas", () => canvasText(page, "note"), (v) => v === "Thanks, Ben!");
    }
    // Any field of the panel, not only text: a focused font size shows the peer's value.
    await a.page.getByTestId("prop-fontSize").click();
    await b.page.getByTestId("prop-fontSize").fill("14");
    await eventually("Ann's focused font size", () => fieldValue(a.page, "prop-fontSize"), (v) => v === "14");
    assert.ok(await isFocused(a.page, "prop-fontSize"), "Ann's font size kept the focus");
    await screenshot(a.page, "issue31-focused-after");
  });

  test("a collaborator sees the sample data; it is stored and versioned with the template", async () => {
    await a.page.getByTestId("dtab-Data").click();
    await b.page.getByTestId("dtab-Data").click();
    await a.page.getByTestId("sample-data").fill(JSON.stringify(SAMPLE, null, 2));
    // Ben's Data tab and canvas show Ann's data: the number in the title, the items in the table.
    await eventually("Ben's sample data", async () => JSON.parse((await fieldValue(b.page, "sample-data")) || "null") as unknown, (v) => JSON.stringify(v) === JSON.stringify(SAMPLE));
    await eventually("Ben's title", () => canvasText(b.page, "title"), (v) => v.includes("Z-99"));
    await eventually("Ben's table", () => canvasText(b.page, "lines"), (v) => v.includes("Widget"));
    // And Ben's preview renders with it (not a blank invoice).
    await b.page.getByTestId("preview-text").filter({ hasText: /Z-99/ }).waitFor({ state: "attached", timeout: 60_000 });
    await screenshot(b.page, "issue31-sampledata-after");
    await a.page.getByTestId("save").click();
    await a.page.getByTestId("save-state").filter({ hasText: /^Saved$/ }).waitFor();
    const stored = await json(stack, "GET", `/api/templates/${templateId}`, tokenA);
    assert.deepEqual(stored.sampleData, SAMPLE);
    const versions = (await (await fetch(`${stack.url}/api/templates/${templateId}/versions`, { headers: { Authorization: `Bearer ${tokenA}` } })).json()) as { id: string }[];
    const latest = await json(stack, "GET", `/api/templates/${templateId}/versions/${versions[0]?.id ?? ""}`, tokenA);
    assert.deepEqual(latest.sampleData, SAMPLE);
    // Opened afresh (nothing kept in the browser), Ben still sees it.
    assert.equal(await localCopy(b.page, `docsvc:data:${templateId}`), null);
    await openDesigner(b.page, `${stack.url}/templates/${templateId}/design`);
    await eventually("Ben's title after a reload", () => canvasText(b.page, "title"), (v) => v.includes("Z-99"));
  });

  test("a browser-local copy from before is moved into the template once", async () => {
    const other = (await json(stack, "POST", "/api/templates", tokenA, { name: "Old data", content: JSON.stringify(DOCUMENT, null, 2) })).id as string;
    const key = `docsvc:data:${other}`;
    const local = { number: "OLD-1", items: [{ name: "Gear" }] };
    await a.page.evaluate(`localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(JSON.stringify(local))})`);
    await openDesigner(a.page, `${stack.url}/templates/${other}/design`);
    await eventually("Ann's title", () => canvasText(a.page, "title"), (v) => v.includes("OLD-1"));
    assert.equal(await localCopy(a.page, key), null, "the local copy is gone once moved");
    await openDesigner(b.page, `${stack.url}/templates/${other}/design`);
    await eventually("Ben's title", () => canvasText(b.page, "title"), (v) => v.includes("OLD-1"));
  });

  test("the template page's data JSON is the template's too: saved there, seen by the other", async () => {
    const dataEditor = (page: Page) => page.locator('.cm-content[aria-label="Data"]');
    await a.page.goto(`${stack.url}/templates/${templateId}`);
    // The data saved from the designer (nothing of it in this browser).
    await eventually("Ann's data editor", () => dataEditor(a.page).innerText(), (v) => v.includes("Z-99"));
    await typeContent(a.page, JSON.stringify({ number: "P-7", items: [] }), "Data");
    await a.page.getByRole("button", { name: "Save", exact: true }).click();
    await a.page.locator(".save-state", { hasText: /^Saved$/ }).waitFor();
    const stored = await json(stack, "GET", `/api/templates/${templateId}`, tokenA);
    assert.deepEqual(stored.sampleData, { number: "P-7", items: [] });
    await b.page.goto(`${stack.url}/templates/${templateId}`);
    await eventually("Ben's data editor", () => dataEditor(b.page).innerText(), (v) => v.includes("P-7"));
  });

  test("no console errors in either context", () => {
    for (const [name, w] of [["Ann", a], ["Ben", b]] as const) assert.deepEqual(w.errors, [], `${name}: ${w.errors.join("\n")}`);
  });
});
