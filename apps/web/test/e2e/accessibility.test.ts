// Accessibility and layout in Chromium against a real server (issue 31): axe-core (evaluated from
// node_modules, nothing fetched) checks the signed-out pages, the main pages and the band designer for
// violations of impact serious or critical; the designer's layout is measured at 1024 and 1280 px (panel
// tabs on one row, the canvas at 100 % scrollable inside its pane with the pane in the window, band labels
// in the gutter without overlapping), long names end in an ellipsis with the full name as a tooltip, the
// header's "Log out" is in sight and signs out, and the Members dialog shows a refusal once, inside it.
/// <reference lib="dom" />
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { after, before, describe, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import { json, PASSWORD } from "./steps.js";
import { launchBrowser, openPage, screenshot, startStack, type Stack, type Watched } from "./support.js";

const LONG_NAME = "Quarterly invoice for the northern region customers, with every detail line and a very long title";

const DOCUMENT = {
  version: 4,
  pageSize: { id: "a4" },
  bands: [
    { id: "top", kind: "page-header", height: 30, elements: [{ id: "brand", type: "text", x: 0, y: 4, width: 200, height: 20, text: "Northwind" }] },
    {
      id: "head",
      kind: "report-header",
      height: 120,
      elements: [
        { id: "title", type: "text", x: 20, y: 20, width: 220, height: 30, fontSize: 18, text: "Invoice {{number}}" },
        { id: "box", type: "rect", x: 300, y: 20, width: 100, height: 60 },
      ],
    },
    // A short band between two others: its label must not run into the next one's.
    { id: "rows", kind: "detail", height: 8, bindingField: "items", elements: [] },
    { id: "sums", kind: "report-footer", height: 40, elements: [{ id: "total", type: "text", x: 0, y: 0, width: 200, height: 20, text: "Total {{total}}" }] },
  ],
  schema: [{ key: "number", type: "string", sample: "A-1" }, { key: "total", type: "number", sample: 12.5 }, { key: "items", type: "array", fields: [{ key: "name", type: "string" }] }],
};

interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly { readonly target: readonly unknown[]; readonly failureSummary?: string }[];
}

let axeSource = "";

/**
 * axe-core's serious and critical violations on the page as it is now. The designer's canvas draws the
 * document's own content in the document's own colours (as the PDF will print them): its contrast is the
 * template author's choice, not the app's, so the drawings inside the elements are left out (the elements
 * themselves, their names and roles, are checked); so is pdf.js's drawn preview.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, not added as a <script>: the page's Content Security Policy allows no
  // inline script, and the browser tests enforce it (any violation fails them).
  if (!(await page.evaluate("typeof window.axe !== 'undefined'"))) await page.evaluate(axeSource);
  const violations = await page.evaluate<Violation[]>(`axe.run({ exclude: [[".d-el > *"], [".pdf-page"], [".d-pdf-page"]] }, { resultTypes: ["violations"] }).then((r) => r.violations)`);
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.slice(0, 5).map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ""}`).join(" | ")}`);
}

async function assertAccessible(page: Page, what: string): Promise<void> {
  const found = await seriousViolations(page);
  assert.deepEqual(found, [], `${what}: ${found.join("\n")}`);
}

interface Rect { readonly left: number; readonly top: number; readonly right: number; readonly bottom: number; readonly width: number; readonly height: number }

describe("accessibility and layout (Chromium)", () => {
  let stack: Stack;
  let browser: Browser;
  let a: Watched;
  const stamp = Date.now().toString(36);
  const emailA = `alexandra-montgomery-fitzgerald-${stamp}@example.test`;
  const emailB = `bo-${stamp}@example.test`;
  let templateId = "";
  let htmlTemplateId = "";

  before(async () => {
    axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
    stack = await startStack();
    const tokenA = (await json(stack, "POST", "/api/auth/signup", null, { email: emailA, password: PASSWORD })).accessToken as string;
    const invite = await json(stack, "POST", "/api/workspaces/current/invites", tokenA, { email: emailB, role: "Viewer" });
    const tokenB = (await json(stack, "POST", "/api/auth/signup", null, { email: emailB, password: PASSWORD })).accessToken as string;
    await json(stack, "POST", `/api/invites/${encodeURIComponent(invite.token as string)}/accept`, tokenB);
    templateId = (await json(stack, "POST", "/api/templates", tokenA, { name: LONG_NAME, content: JSON.stringify(DOCUMENT, null, 2) })).id as string;
    htmlTemplateId = (await json(stack, "POST", "/api/templates", tokenA, { name: "Letter", editorMode: "html", content: "<h1>Hello {{name}}</h1>\n<p>A long paragraph of the letter, long enough to wrap in the editor, with a token {{name}} in it and more words after it to be sure.</p>" })).id as string;
    await json(stack, "POST", "/api/api-keys", tokenA, { name: "ci" });
    browser = await launchBrowser();
    a = await openPage(browser, stack.url);
    // The AI tab is offered as on a server with AI configured, so the panel's tab row is measured with all six tabs.
    await a.page.route("**/api/ai/status", (route) => route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ enabled: true }) }));
  });

  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  test("log-in and sign-up pages: no serious or critical violation", async () => {
    const { page } = a;
    await page.goto(`${stack.url}/signup`);
    await page.getByRole("button", { name: "Create account" }).waitFor();
    await assertAccessible(page, "sign-up");
    // With the form's errors shown too.
    await page.getByRole("button", { name: "Create account" }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await assertAccessible(page, "sign-up with errors");
    await page.goto(`${stack.url}/login`);
    await page.getByRole("button", { name: "Log in" }).waitFor();
    await assertAccessible(page, "log-in");
    await page.getByLabel("Email").fill(emailA);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL("**/templates");
  });

  test("templates, a template page with its tabs, members, API keys and usage: no serious or critical violation", async () => {
    const { page } = a;
    await page.getByRole("link", { name: LONG_NAME }).waitFor();
    await assertAccessible(page, "templates");
    await page.goto(`${stack.url}/templates/${templateId}`);
    await page.getByRole("tab", { name: "Preview" }).waitFor();
    await page.locator(".pdf-page canvas").first().waitFor({ timeout: 60_000 });
    await assertAccessible(page, "template page (preview)");
    for (const tab of ["Versions", "Comments", "Batch", "API"]) {
      await page.getByRole("tab", { name: tab }).click();
      await page.locator(`[role="tab"][aria-selected="true"]`, { hasText: tab }).waitFor();
      await assertAccessible(page, `template page (${tab})`);
    }
    // An HTML template's page: the HTML editor and its data.
    await page.goto(`${stack.url}/templates/${htmlTemplateId}`);
    await page.locator('.cm-content[aria-label="Template content"]').waitFor();
    await page.locator(".pdf-page canvas").first().waitFor({ timeout: 60_000 });
    await assertAccessible(page, "HTML template page");
    for (const [path, heading] of [["/members", /Members of/], ["/api-keys", /API keys/], ["/usage", /Usage/]] as const) {
      await page.goto(`${stack.url}${path}`);
      await page.getByRole("heading", { level: 1, name: heading }).waitFor();
      await page.locator(".loading").first().waitFor({ state: "detached" });
      await assertAccessible(page, path);
    }
  });

  test("the designer: no serious or critical violation, with an element and a band selected and on every tab", async () => {
    const { page } = a;
    await page.goto(`${stack.url}/templates/${templateId}/design`);
    await page.locator('[data-testid="designer-status"][data-status="online"]').waitFor({ state: "attached" });
    await page.getByTestId("element-title").click();
    await page.getByTestId("element-props").waitFor();
    await assertAccessible(page, "designer (element properties)");
    await page.getByTestId("band-head").click({ position: { x: 5, y: 5 } });
    await page.getByTestId("band-props").waitFor();
    await assertAccessible(page, "designer (band properties)");
    for (const tab of ["Document", "Data", "Versions", "Comments", "AI"]) {
      await page.getByTestId(`dtab-${tab}`).click();
      await assertAccessible(page, `designer (${tab})`);
    }
    await page.getByTestId("dtab-Properties").click();
  });

  for (const width of [1024, 1280]) {
    test(`the designer at ${width} px: tabs on one row, the canvas scrollable in its pane, band labels in the gutter`, async () => {
      const { page } = a;
      await page.setViewportSize({ width, height: 768 });
      await page.getByTestId("zoom").selectOption("1");
      const tabs = await page.locator('[role="tab"][data-testid^="dtab-"]').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
      assert.ok(tabs.length === 6 && tabs.every((t) => Math.abs(t - tabs[0]!) < 1), `tabs on one row: ${JSON.stringify(tabs)}`);
      const tablist = await page.locator('[role="tablist"][aria-label="Designer panels"]').evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
      assert.ok(tablist.scroll <= tablist.client, `no tab overflows its row: ${JSON.stringify(tablist)}`);
      // At 100 % the A4 page (794 px) is wider than the pane: the pane scrolls, and all of it (its scroll bars) is in the window.
      const pane = await page.getByTestId("canvas-scroll").evaluate((e) => {
        const r = e.getBoundingClientRect();
        return { scrollWidth: e.scrollWidth, clientWidth: e.clientWidth, overflowX: getComputedStyle(e).overflowX, bottom: r.bottom, right: r.right, inner: window.innerHeight, innerWidth: window.innerWidth };
      });
      const pageBox = (await page.getByTestId("designer-page").boundingBox())!;
      assert.ok(pane.scrollWidth >= pageBox.width && pane.scrollWidth > pane.clientWidth ? pane.overflowX === "auto" : pageBox.width <= pane.clientWidth, `the page fits or the pane scrolls: ${JSON.stringify(pane)}`);
      assert.ok(pane.bottom <= pane.inner && pane.right <= pane.innerWidth, `the canvas pane is inside the window: ${JSON.stringify(pane)}`);
      assert.equal(await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), true, "the page itself does not scroll sideways");
      // Scrolled to its right edge, the page's right edge is reachable.
      const reach = await page.getByTestId("canvas-scroll").evaluate((e) => {
        e.scrollLeft = e.scrollWidth;
        const p = document.querySelector('[data-testid="designer-page"]')!.getBoundingClientRect();
        const s = e.getBoundingClientRect();
        const right = p.right <= s.right + 1;
        e.scrollLeft = 0;
        return right;
      });
      assert.ok(reach, "the page's right edge can be scrolled into view");
      // Band labels: left of the page, each no taller than its band, none overlapping another.
      const labels = await page.locator('[data-testid^="band-label-"]').evaluateAll((els) => els.map((e) => {
        const r = e.getBoundingClientRect();
        return { id: e.getAttribute("data-testid"), top: r.top, bottom: r.bottom, left: r.left, right: r.right, clipped: e.scrollWidth > e.clientWidth + 1 };
      }));
      // The 8 pt detail band is shorter than a line of label at 100 %: it shows none rather than a sliver.
      assert.deepEqual(labels.map((l) => l.id).sort(), ["band-label-head", "band-label-sums", "band-label-top"]);
      const left = pageBox.x;
      for (const l of labels) assert.ok(l.right <= left + 1, `${l.id} is in the gutter left of the page (${l.right} ≤ ${left})`);
      for (const l of labels) assert.ok(!l.clipped, `${l.id} is not cut sideways`);
      const sorted = [...labels].sort((x, y) => x.top - y.top);
      for (let i = 1; i < sorted.length; i++) assert.ok(sorted[i]!.top >= sorted[i - 1]!.bottom - 0.5, `${sorted[i - 1]!.id} does not overlap ${sorted[i]!.id}`);
      await screenshot(page, `issue31-designer-${width}-100-after`);
      await page.getByTestId("zoom").selectOption("fit");
      await screenshot(page, `issue31-designer-${width}-fit-after`);
    });
  }

  test("long names end in an ellipsis, with the full name as their tooltip", async () => {
    const { page } = a;
    await page.setViewportSize({ width: 1024, height: 768 });
    const back = page.getByRole("link", { name: `← ${LONG_NAME}` });
    assert.equal(await back.getAttribute("title"), LONG_NAME);
    const truncated = (selector: string) => page.locator(selector).first().evaluate((e) => ({ cut: e.scrollWidth > e.clientWidth, ellipsis: getComputedStyle(e).textOverflow === "ellipsis" }));
    assert.deepEqual(await truncated(".designer .back"), { cut: true, ellipsis: true });
    assert.deepEqual(await truncated(".account-link"), { cut: true, ellipsis: true });
    assert.match((await page.locator(".account-link").getAttribute("title")) ?? "", new RegExp(`^${emailA.replace(/[.]/g, "\\.")}`));
    await page.goto(`${stack.url}/templates`);
    const link = page.getByRole("link", { name: LONG_NAME });
    assert.equal(await link.getAttribute("title"), LONG_NAME);
    assert.deepEqual(await truncated(`.name-cell a[title="${LONG_NAME}"]`), { cut: true, ellipsis: true });
    await screenshot(page, "issue31-truncated-after");
  });

  test("the Members dialog shows a refusal once, in the open dialog", async () => {
    const { page } = a;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${stack.url}/members`);
    await page.getByRole("row", { name: new RegExp(emailA) }).getByRole("button", { name: "Remove" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove member?" });
    await dialog.getByRole("button", { name: "Remove" }).click();
    await dialog.getByRole("alert").waitFor();
    assert.equal(await page.getByText("A workspace must keep at least one Owner.").count(), 1, "the refusal is shown once");
    assert.equal(await dialog.getByText("A workspace must keep at least one Owner.").count(), 1, "and inside the dialog");
    await assertAccessible(page, "members (dialog with an error)");
    await screenshot(page, "issue31-members-after");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    assert.equal(await page.getByRole("alert").count(), 0, "nothing left behind on the page");
  });

  test("“Log out” is in the header, in sight, and signs out", async () => {
    const { page } = a;
    for (const width of [1024, 1280]) {
      await page.setViewportSize({ width, height: 768 });
      const box = await page.getByRole("banner").getByRole("button", { name: "Log out" }).boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= width && box.height < 40, `Log out on one line in the window at ${width} px: ${JSON.stringify(box)}`);
    }
    await page.getByRole("banner").getByRole("button", { name: "Log out" }).click();
    await page.waitForURL("**/login");
  });

  test("no console errors but the refused removal's", () => {
    // The browser logs the refused DELETE (400) itself.
    const others = a.errors.filter((e) => !/status of 400/.test(e));
    assert.deepEqual(others, [], others.join("\n"));
  });
});
