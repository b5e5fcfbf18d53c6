// The Content Security Policy in a real browser: script smuggled into a template name or a comment shows as
// text and runs nothing, and markup that got past escaping (as a bug might let it) still runs nothing, because
// the policy refuses inline scripts and event-handler attributes. Every other browser test proves the other
// half: the app itself causes no violation (support.ts fails a test on any).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser } from "playwright-core";
import { signUp } from "./steps.js";
import { launchBrowser, openPage, screenshot, startStack, takeCspViolations, type Stack, type Watched } from "./support.js";

/** What each hostile text would do if it ran: set a global the test reads back. */
const HOSTILE_NAME = `Invoice <img src=x onerror="window.__pwned='name'"><script>window.__pwned='name-script'</script>`;
const HOSTILE_COMMENT = `Looks fine <img src=x onerror="window.__pwned='comment'"> <script>window.__pwned='comment-script'</script>`;

describe("Content Security Policy (Chromium)", () => {
  let stack: Stack;
  let browser: Browser;
  let a: Watched;

  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    a = await openPage(browser, stack.url);
  });

  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  test("the page is served with the enforced policy", async () => {
    const res = await a.page.goto(`${stack.url}/signup`);
    const policy = res?.headers()["content-security-policy"] ?? "";
    assert.match(policy, /(^|; )script-src 'self'(;|$)/);
    assert.match(policy, /(^|; )script-src-attr 'none'(;|$)/);
    assert.match(policy, /(^|; )frame-ancestors 'none'(;|$)/);
    await signUp(a.page, `csp-${Date.now().toString(36)}@example.test`);
    await a.page.waitForURL("**/templates");
  });

  test("a template name and a comment carrying script show as text and run nothing", async () => {
    const { page } = a;
    await page.getByRole("button", { name: "New template" }).click();
    await page.getByLabel("Template name").fill(HOSTILE_NAME);
    await page.getByRole("radio", { name: /^HTML/ }).check();
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await page.waitForURL(/\/templates\/[0-9a-f-]{36}$/);
    await page.getByRole("tab", { name: "Comments" }).click();
    await page.getByRole("combobox", { name: /Add a comment/ }).fill(HOSTILE_COMMENT);
    await page.getByRole("button", { name: "Comment", exact: true }).click();
    await page.locator(".comments li", { hasText: HOSTILE_COMMENT }).waitFor();
    await screenshot(page, "csp-hostile-comment");
    await page.getByRole("link", { name: "Templates", exact: true }).click();
    await page.getByText(HOSTILE_NAME).first().waitFor();
    await screenshot(page, "csp-hostile-name");
    assert.equal(await page.evaluate<unknown>("window.__pwned"), undefined);
    assert.equal(await page.locator('img[src="x"]').count(), 0, "the markup was shown as text, not parsed");
  });

  test("markup that got past escaping runs nothing: the policy blocks the handler and the inline script", async () => {
    const { page } = a;
    // What an escaping bug would do: the hostile text parsed as HTML into the page, and a script element made from it.
    await page.evaluate(`(() => {
      document.getElementById("root").insertAdjacentHTML("beforeend", ${JSON.stringify(`<div data-testid="smuggled">${HOSTILE_NAME}</div>`)});
      const script = document.createElement("script");
      script.textContent = "window.__pwned = 'inline-script'";
      document.body.append(script);
    })()`);
    await page.getByTestId("smuggled").locator('img[src="x"]').waitFor({ state: "attached" });
    // Both refusals are reported as events; poll until the handler's (fired once the image fails) arrives too.
    const seen: string[] = [];
    for (const until = Date.now() + 15_000; !(seen.some((v) => v.includes("script-src-attr")) && seen.some((v) => v.includes("script-src-elem"))); ) {
      if (Date.now() > until) throw new Error(`violations seen: ${seen.join("\n")}`);
      seen.push(...takeCspViolations());
      await page.waitForTimeout(50);
    }
    assert.equal(await page.evaluate<unknown>("window.__pwned"), undefined);
    await screenshot(page, "csp-smuggled");
  });
});
