// The rest of the app in a real browser, on its own server: the invoice example with a theme preview and
// the curl command; a broken report document's diagnostics by path; duplicate, search and delete; forgot
// and reset the password (which ends the sessions), log in again, log out everywhere.
import { tokenFrom } from "@docsvc/server/test/helpers/smtp.js";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import type { Browser } from "playwright-core";
import { PASSWORD, previewSays, reportWith, signUp, typeContent } from "./steps.js";
import { launchBrowser, openPage, screenshot, startStack, type Stack, type Watched } from "./support.js";

describe("web app: templates and account (Chromium)", () => {
  let stack: Stack;
  let browser: Browser;
  let a: Watched;
  const emailA = `ada-${Date.now().toString(36)}@example.test`;

  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    a = await openPage(browser, stack.url);
    await a.page.goto(`${stack.url}/signup`);
    await signUp(a.page, emailA);
    await a.page.waitForURL("**/templates");
  });

  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  test("the invoice example with a theme preview, and the curl command", async () => {
    await a.page.getByRole("button", { name: "New template" }).click();
    await a.page.getByLabel("Template name").fill("Invoice");
    await a.page.getByLabel("The invoice example").check();
    await a.page.getByRole("button", { name: "Create", exact: true }).click();
    await a.page.waitForURL(/\/templates\/[0-9a-f-]{36}$/);
    await previewSays(a.page, /INV-2024-00020/);
    await a.page.getByLabel("Try a theme").check();
    await a.page.getByLabel("Primary").fill("#0f766e");
    await a.page.locator(`[data-drawn='theme:{"primary":"#0f766e","accent":"#f59e0b"}']`).waitFor({ timeout: 30_000 });
    await screenshot(a.page, "invoice-theme");
    await a.page.getByRole("tab", { name: "API" }).click();
    const curl = (await a.page.getByLabel("curl command").textContent()) ?? "";
    assert.match(curl, /-H "X-Api-Key: \$DOCSVC_API_KEY"/);
    assert.match(curl, /"theme":\{"primary":"#0f766e","accent":"#f59e0b"\}/);
    assert.match(curl, /"invoiceNumber":"INV-2024-00020"/);
  });

  test("a broken report document lists its diagnostics by path, marked on their lines", async () => {
    await a.page.getByRole("tab", { name: "Preview" }).click();
    await typeContent(a.page, reportWith("Hello").replace('"height": 60', '"height": "tall"'));
    await a.page.getByRole("list", { name: "Diagnostics" }).getByText(/bands\[0\]\.height/).waitFor();
    // The same problem is marked in the editor on the key it names.
    assert.equal(await a.page.locator(".cm-lintRange-error").first().textContent(), '"height"');
    await a.page.getByRole("button", { name: "Save", exact: true }).click();
    await a.page.locator(".problem", { hasText: "not a valid document" }).first().waitFor();
    // Leaving with the unsaved broken draft asks first.
    const asked = a.page.waitForEvent("dialog");
    await a.page.reload();
    assert.equal((await asked).type(), "beforeunload");
    await previewSays(a.page, /INV-2024-00020/);
    // The browser logs each rejected request (the preview's and the save's 400s): expected here, and only here.
    assert.ok(a.errors.length > 0 && a.errors.every((e) => e.includes("status of 400")), a.errors.join("\n"));
    a.errors.length = 0;
  });

  test("duplicate a template, search for it, delete the copy after confirming", async () => {
    await a.page.getByRole("link", { name: "← Templates" }).click();
    await a.page.getByRole("button", { name: "Duplicate Invoice" }).click();
    await a.page.getByRole("link", { name: "Invoice (copy)" }).waitFor();
    await a.page.getByLabel("Search by name").fill("copy");
    await a.page.getByRole("link", { name: "Greeting letter" }).waitFor({ state: "detached" });
    await a.page.getByRole("button", { name: "Delete Invoice (copy)" }).click();
    const dialog = a.page.getByRole("dialog", { name: "Delete template?" });
    await dialog.getByRole("button", { name: "Delete" }).click();
    await a.page.getByText("No template matches “copy”.").waitFor();
    await a.page.getByLabel("Search by name").fill("");
    await a.page.getByRole("link", { name: "Invoice", exact: true }).waitFor();
  });

  test("resend the verification email from the banner", async () => {
    await a.page.getByRole("button", { name: "Resend the email" }).click();
    await a.page.getByText("Sent again.").waitFor();
    await stack.smtp.waitFor((m) => m.to.includes(emailA) && m.text.includes("verify-email") && stack.smtp.messages.filter((x) => x.to.includes(emailA)).length >= 2, 15_000);
  });

  test("a comment can be deleted by its author", async () => {
    await a.page.getByRole("link", { name: "Invoice", exact: true }).click();
    // By keyboard: the arrows move along the tabs.
    await a.page.getByRole("tab", { name: "Preview" }).focus();
    await a.page.keyboard.press("ArrowRight");
    await a.page.keyboard.press("ArrowRight");
    assert.equal(await a.page.getByRole("tab", { name: "Comments" }).getAttribute("aria-selected"), "true");
    await a.page.getByText("No comments yet.").waitFor();
    await a.page.getByRole("combobox", { name: /Add a comment/ }).fill("Check the VAT line");
    await a.page.getByRole("button", { name: "Comment", exact: true }).click();
    await a.page.locator(".comments li", { hasText: "Check the VAT line" }).waitFor();
    await a.page.getByRole("button", { name: "Delete comment" }).click();
    await a.page.getByText("No comments yet.").waitFor();
  });

  test("a batch of pasted JSON rows as one merged PDF", async () => {
    await a.page.getByRole("tab", { name: "Batch" }).click();
    await a.page.getByLabel("…or paste rows as JSON").fill('[{"invoiceNumber": "A-1"}, {"invoiceNumber": "A-2"}, {"invoiceNumber": "A-3"}]');
    await a.page.getByLabel("One merged PDF").check();
    await a.page.getByRole("button", { name: "Start batch" }).click();
    const button = a.page.getByRole("button", { name: "Download PDF" });
    await button.waitFor({ timeout: 60_000 });
    await a.page.getByText(/completed: 3\/3 rows · merged/).waitFor();
    const [download] = await Promise.all([a.page.waitForEvent("download"), button.click()]);
    const pdf = await readFile(await download.path());
    assert.equal(pdf.subarray(0, 5).toString("latin1"), "%PDF-");
  });

  test("an API key is revoked after confirming", async () => {
    await a.page.getByRole("link", { name: "API keys" }).click();
    await a.page.getByLabel("Key name").fill("temporary");
    await a.page.getByRole("button", { name: "Create key" }).click();
    await a.page.getByRole("cell", { name: "temporary" }).waitFor();
    await a.page.getByRole("button", { name: "Revoke" }).click();
    await a.page.getByRole("dialog", { name: "Revoke key?" }).getByRole("button", { name: "Revoke" }).click();
    await a.page.getByText("No keys yet.").waitFor();
  });

  test("forgot and reset the password, log out everywhere, log in with the new one", async () => {
    const c = await openPage(browser, stack.url);
    await c.page.goto(`${stack.url}/login`);
    await c.page.getByRole("link", { name: "Forgot your password?" }).click();
    await c.page.getByLabel("Email").fill(emailA);
    await c.page.getByRole("button", { name: "Send reset link" }).click();
    await c.page.getByText(`If an account uses ${emailA}`).waitFor();
    const mail = await stack.smtp.waitFor((m) => m.to.includes(emailA) && m.text.includes("reset-password"), 15_000);
    await c.page.goto(`${stack.url}/reset-password?token=${encodeURIComponent(tokenFrom(mail, "reset-password"))}`);
    await c.page.getByLabel("New password", { exact: true }).fill("a new long password");
    await c.page.getByLabel("Repeat new password").fill("a new long passwort");
    await c.page.getByRole("button", { name: "Set password" }).click();
    await c.page.getByText("The passwords do not match.").waitFor();
    await c.page.getByLabel("Repeat new password").fill("a new long password");
    await c.page.getByRole("button", { name: "Set password" }).click();
    await c.page.getByText("Your password is changed").waitFor();
    assert.deepEqual(c.errors, []);
    await c.context.close();

    // The reset ended Ada's sessions: her next request is refused and the app asks her to log in.
    await a.page.goto(`${stack.url}/account`);
    await a.page.waitForURL(/\/login\?next=%2Faccount$/);
    await a.page.getByLabel("Email").fill(emailA);
    await a.page.getByLabel("Password").fill(PASSWORD);
    await a.page.getByRole("button", { name: "Log in" }).click();
    await a.page.getByRole("alert").getByText("Email or password is incorrect.").waitFor();
    await a.page.getByLabel("Password").fill("a new long password");
    await a.page.getByRole("button", { name: "Log in" }).click();
    await a.page.waitForURL("**/account");
    await a.page.getByRole("button", { name: "Log out everywhere" }).click();
    await a.page.waitForURL(/\/login/);
    // Failed refreshes and the refused login above are logged by the browser as 401s.
    assert.ok(a.errors.every((e) => e.includes("status of 401")), a.errors.join("\n"));
    a.errors.length = 0;
    await a.page.getByLabel("Email").fill(emailA);
    await a.page.getByLabel("Password").fill("a new long password");
    await a.page.getByRole("button", { name: "Log in" }).click();
    await a.page.waitForURL("**/templates");
    assert.deepEqual(a.errors, []);
  });
});
