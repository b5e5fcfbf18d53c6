// Sign-in through an OpenID Connect provider in a real browser: the server is configured with a real
// oidc-provider on loopback (the server's own OAuth test issuer); the user clicks "Continue with …", fills in
// the provider's development login and consent pages, and lands signed in where they were going. Then the
// linked identity on the account page, whose unlink is refused (it is the only way in), and a cancelled
// sign-in that comes back as an alert.
import { startTestIssuer, type TestIssuer } from "@docsvc/server/test/oauth/support/oidc-provider.js";
import { issuerEnv } from "@docsvc/server/test/oauth/support/sign-in.js";
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, openPage, screenshot, startStack, type Stack, type Watched } from "./support.js";

/** A page whose requests beyond loopback fail at once (the provider's pages link a web font). */
async function loopbackOnly(browser: Browser, origin: string): Promise<Watched & { context: BrowserContext }> {
  const opened = await openPage(browser, origin);
  await opened.context.route((url) => url.hostname !== "127.0.0.1", (route) => route.abort());
  return opened;
}

/** Fills in oidc-provider's development login page, then its consent page. */
async function signInAtProvider(page: Page, issuer: string, login: string): Promise<void> {
  await page.waitForURL(`${issuer}/**`);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

describe("web app: sign in with an OpenID Connect provider (Chromium)", () => {
  let issuer: TestIssuer;
  let stack: Stack;
  let browser: Browser;
  const email = `grace-${Date.now().toString(36)}@example.test`;

  before(async () => {
    stack = await startStack(async (url) => {
      issuer = await startTestIssuer([`${url}/api/auth/oauth/sso/callback`]);
      issuer.accounts.set("grace", { email, email_verified: true });
      return { ...issuerEnv("SSO", issuer), OAUTH_SSO_LABEL: "Company SSO" };
    });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await stack?.close();
    await issuer?.close();
  });

  test("Continue with the provider, sign in there, land signed in where the user was going", async () => {
    const { context, page, errors } = await loopbackOnly(browser, stack.url);
    await page.goto(`${stack.url}/usage`);
    await page.waitForURL(/\/login\?next=%2Fusage$/);
    const button = page.getByRole("button", { name: "Continue with Company SSO" });
    await button.waitFor();
    await screenshot(page, "login-provider");
    await button.click();
    await signInAtProvider(page, issuer.issuer, "grace");
    // Back on docsvc: the refresh cookie becomes a session and the login page goes on to /usage.
    await page.waitForURL(`${stack.url}/usage`);
    await page.getByRole("link", { name: email }).waitFor();
    await page.getByRole("heading", { name: "Usage" }).waitFor();

    // The identity is listed on the account page; unlinking the only way to sign in is refused readably.
    await page.getByRole("link", { name: email }).click();
    const row = page.getByRole("row").filter({ hasText: "Company SSO" });
    await row.getByText(email).waitFor();
    await row.getByRole("button", { name: "Unlink Company SSO" }).click();
    const dialog = page.getByRole("dialog", { name: "Unlink provider?" });
    await dialog.getByRole("button", { name: "Unlink" }).click();
    await dialog.getByRole("alert").getByText(/only way to sign in/).waitFor();
    await screenshot(page, "unlink-refused");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await row.waitFor();
    // The refused unlink is the only error, and the browser logs it itself.
    assert.ok(errors.every((e) => e.includes("status of 400")), errors.join("\n"));
    assert.equal(errors.length, 1, errors.join("\n"));
    await context.close();
  });

  test("a sign-in cancelled at the provider comes back as an alert, with no failed refresh", async () => {
    const { context, page, errors } = await loopbackOnly(browser, stack.url);
    await page.goto(`${stack.url}/signup`);
    await page.getByRole("button", { name: "Continue with Company SSO" }).click();
    await page.waitForURL(`${issuer.issuer}/**`);
    await page.getByRole("link", { name: "[ Cancel ]" }).click();
    await page.waitForURL(/\/signup\?next=%2Ftemplates&error=access_denied/);
    await page.getByRole("alert").getByText("The sign-in was cancelled at the provider.").waitFor();
    await page.getByRole("heading", { name: "Create your account" }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});
