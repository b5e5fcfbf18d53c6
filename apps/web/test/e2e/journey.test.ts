// The journey in a real browser, against a real server: sign up → verify through the emailed link →
// API key (copied) → an HTML template created, `<h1>Hello {{name}}</h1>` typed with the data {"name":"Ada"}
// and the preview's text read back → save → rename → restoring a named version brings the old text back →
// an invited second user accepts in another context and sees the template → a comment with an @mention (the
// mention email arrives) → presence shows both → a 50-row CSV batch downloaded as a ZIP → a 409 between the
// two contexts shows the conflict dialog.
import { tokenFrom } from "@docsvc/server/test/helpers/smtp.js";
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Browser } from "playwright-core";
import { previewSays, reportWith, save, signUp, typeContent } from "./steps.js";
import { launchBrowser, openPage, screenshot, startStack, type Stack, type Watched } from "./support.js";

/** The first saved HTML, then the second draft (the restore brings the first back). */
const FIRST = "<h1>Hello {{name}}</h1>";
const SECOND = "<h1>Hello {{name}}</h1><p>Second draft</p>";

describe("web app journey (Chromium)", () => {
  let stack: Stack;
  let browser: Browser;
  let a: Watched;
  let b: Watched;
  let dir: string;
  const stamp = Date.now().toString(36);
  const emailA = `ada-${stamp}@example.test`;
  const emailB = `bob-${stamp}@example.test`;
  let templateUrl = "";

  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    a = await openPage(browser, stack.url);
    b = await openPage(browser, stack.url);
    dir = await mkdtemp(join(tmpdir(), "docsvc-web-journey-"));
  });

  after(async () => {
    await browser?.close();
    await stack?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test("sign up, then verify through the emailed link", async () => {
    await a.page.goto(`${stack.url}/signup`);
    await screenshot(a.page, "signup");
    await signUp(a.page, emailA);
    await a.page.waitForURL("**/templates");
    await a.page.getByText("Verify your email address").waitFor();
    const mail = await stack.smtp.waitFor((m) => m.to.includes(emailA) && m.text.includes("verify-email"), 15_000);
    await a.page.goto(`${stack.url}/verify-email?token=${encodeURIComponent(tokenFrom(mail, "verify-email"))}`);
    await a.page.getByText("Your email address is verified.").waitFor();
    await a.page.getByRole("link", { name: "Go to your templates" }).click();
    await a.page.getByText("No templates yet").waitFor();
    assert.equal(await a.page.getByText("Verify your email address").count(), 0);
  });

  test("create an API key, copy it, and it renders", async () => {
    await a.page.getByRole("link", { name: "API keys" }).click();
    await a.page.getByLabel("Key name").fill("billing service");
    await a.page.getByRole("button", { name: "Create key" }).click();
    const key = (await a.page.getByTestId("new-api-key").textContent()) ?? "";
    assert.match(key, /^dsk_\S{32,}$/);
    await a.page.getByRole("button", { name: "Copy key" }).click();
    await a.page.getByText("Copied.").waitFor();
    assert.equal(await a.page.evaluate<string>("navigator.clipboard.readText()"), key);
    await screenshot(a.page, "api-keys");
    const res = await fetch(`${stack.url}/api/render`, {
      method: "POST",
      headers: { "X-Api-Key": key, "Content-Type": "application/json" },
      body: JSON.stringify({ content: reportWith("key works"), data: {} }),
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("Content-Type"), "application/pdf");
  });

  test("create an HTML template, type, see the preview's text, save, name the version", async () => {
    await a.page.getByRole("link", { name: "Templates" }).click();
    await a.page.getByRole("button", { name: "New template" }).click();
    await a.page.getByLabel("Template name").fill("Greeting");
    await a.page.getByRole("radio", { name: /^HTML/ }).check();
    await a.page.getByRole("button", { name: "Create", exact: true }).click();
    await a.page.waitForURL(/\/templates\/[0-9a-f-]{36}$/);
    templateUrl = a.page.url();
    await a.page.getByRole("heading", { name: "HTML", exact: true }).waitFor();
    assert.equal(await a.page.locator(".template-head .badge").textContent(), "html");
    await typeContent(a.page, FIRST);
    await typeContent(a.page, '{"name":"Ada"}', "Data");
    await previewSays(a.page, /Hello Ada/);
    assert.match((await a.page.getByTestId("preview-stats").textContent()) ?? "", /^1 page · \d+ ms$/);
    await save(a.page);
    await a.page.getByRole("tab", { name: "Versions" }).click();
    await a.page.getByLabel("Name the saved state").fill("First draft");
    await a.page.getByRole("button", { name: "Name version", exact: true }).click();
    await a.page.locator(".versions li", { hasText: "First draft" }).waitFor();
    await a.page.getByRole("tab", { name: "Preview" }).click();
    // Typed key by key, `<p>` is closed by CodeMirror's HTML language (the JSON editor would not).
    await typeContent(a.page, FIRST);
    await a.page.keyboard.press("End");
    await a.page.keyboard.type("<p>");
    await a.page.keyboard.insertText("Second draft");
    assert.equal(await a.page.locator('.cm-content[aria-label="Template content"]').textContent(), SECOND);
    await previewSays(a.page, /Hello Ada\s*Second draft/);
    await save(a.page);
    await screenshot(a.page, "html-template");
  });

  test("empty HTML is refused on save with the server's reason", async () => {
    await typeContent(a.page, "");
    await a.page.getByRole("button", { name: "Save", exact: true }).click();
    await a.page.locator(".problem", { hasText: "An HTML template must not be empty." }).first().waitFor();
    // Leaving with the unsaved empty draft asks first.
    const asked = a.page.waitForEvent("dialog");
    await a.page.reload();
    assert.equal((await asked).type(), "beforeunload");
    await previewSays(a.page, /Second draft/);
    // The browser logs the rejected save (a 400): expected here, and only here.
    assert.ok(a.errors.length > 0 && a.errors.every((e) => e.includes("status of 400")), a.errors.join("\n"));
    a.errors.length = 0;
  });

  test("rename from the list", async () => {
    await a.page.getByRole("link", { name: "← Templates" }).click();
    await a.page.getByRole("button", { name: "Rename Greeting" }).click();
    await a.page.getByLabel("New name").fill("Greeting letter");
    await a.page.getByRole("button", { name: "Rename", exact: true }).click();
    await a.page.getByRole("link", { name: "Greeting letter" }).waitFor();
    await screenshot(a.page, "templates");
  });

  test("restoring the named version brings the old text back", async () => {
    await a.page.getByRole("link", { name: "Greeting letter" }).click();
    await previewSays(a.page, /Second draft/);
    await a.page.getByRole("tab", { name: "Versions" }).click();
    const named = a.page.locator(".versions li", { hasText: "First draft" }).first();
    await named.getByRole("button", { name: /^Restore/ }).click();
    await a.page.locator(".versions li", { hasText: "restore" }).first().waitFor();
    await named.getByRole("button", { name: /^Rename version/ }).click();
    await a.page.getByRole("dialog").getByLabel("Label").fill("First draft, sent to Bob");
    await a.page.getByRole("dialog").getByRole("button", { name: "Rename" }).click();
    await a.page.locator(".versions li", { hasText: "First draft, sent to Bob" }).waitFor();
    await screenshot(a.page, "versions");
    await a.page.getByRole("tab", { name: "Preview" }).click();
    await a.page.locator(".save-state", { hasText: /^Saved$/ }).waitFor();
    assert.equal(await a.page.locator('.cm-content[aria-label="Template content"]').textContent(), FIRST);
    await a.page.locator(".pdf-text").filter({ hasText: /Hello Ada/, hasNotText: /Second draft/ }).first().waitFor({ state: "attached", timeout: 60_000 });
  });

  test("invite a second user, who accepts in another browser context and sees the template", async () => {
    await a.page.getByRole("link", { name: "Members" }).click();
    await a.page.getByLabel("Email to invite").fill(emailB);
    await a.page.getByRole("button", { name: "Send invite" }).click();
    await a.page.getByText(`Invitation emailed to ${emailB}`).waitFor();
    const mail = await stack.smtp.waitFor((m) => m.to.includes(emailB) && m.text.includes("/invites/"), 15_000);
    await b.page.goto(`${stack.url}/invites/${encodeURIComponent(tokenFrom(mail, "invites"))}`);
    await b.page.getByText(`${emailA} invited you to`).waitFor();
    await screenshot(b.page, "invite");
    await b.page.getByRole("link", { name: "create an account" }).click();
    await signUp(b.page, emailB);
    await b.page.getByRole("button", { name: /^Accept and join/ }).click();
    await b.page.waitForURL("**/templates");
    await b.page.getByRole("link", { name: "Greeting letter" }).click();
    // The sample data is the template's (saved with it), so Bob's preview uses the data Ann saved.
    await previewSays(b.page, /Hello Ada/);
    await a.page.reload();
    await a.page.getByRole("cell", { name: emailB }).waitFor();
    await screenshot(a.page, "members");
  });

  test("presence shows both users", async () => {
    await a.page.goto(templateUrl);
    await a.page.getByRole("list", { name: "Also viewing" }).getByText(emailB).waitFor({ state: "attached" });
    await b.page.getByRole("list", { name: "Also viewing" }).getByText(emailA).waitFor({ state: "attached" });
  });

  test("a comment with an @mention picked from the autocomplete; the mention email arrives", async () => {
    await b.page.getByRole("tab", { name: "Comments" }).click();
    const box = b.page.getByRole("combobox", { name: /Add a comment/ });
    await box.click();
    await box.pressSequentially("Looks good @ada");
    await b.page.getByRole("option", { name: emailA }).waitFor();
    await box.press("Enter");
    await box.pressSequentially("please check the date");
    assert.equal(await box.inputValue(), `Looks good @${emailA} please check the date`);
    await b.page.getByRole("button", { name: "Comment", exact: true }).click();
    await b.page.locator(".comments li", { hasText: "please check the date" }).waitFor();
    await stack.smtp.waitFor((m) => m.to.includes(emailA) && m.text.includes("please check the date"), 15_000);
    await screenshot(b.page, "comments");
  });

  test("upload a 50-row CSV and download the ZIP", async () => {
    await a.page.getByRole("tab", { name: "Batch" }).click();
    const csv = join(dir, "people.csv");
    await writeFile(csv, ["name", ...Array.from({ length: 50 }, (_, i) => `Person ${i + 1}`)].join("\n") + "\n");
    await a.page.getByLabel(/^Spreadsheet/).setInputFiles(csv);
    await a.page.getByText("Every token of the template has a column.").waitFor();
    await a.page.getByLabel("File name pattern").fill("greeting-{{name}}");
    await a.page.getByRole("button", { name: "Start batch" }).click();
    const downloadButton = a.page.getByRole("button", { name: "Download ZIP" });
    await downloadButton.waitFor({ timeout: 120_000 });
    await a.page.getByText(/completed: 50\/50 rows/).waitFor();
    await screenshot(a.page, "batch");
    const [download] = await Promise.all([a.page.waitForEvent("download"), downloadButton.click()]);
    const zip = await readFile(await download.path());
    assert.equal(zip.subarray(0, 2).toString("latin1"), "PK");
    // Central-directory entries name each file once: 50 PDFs named by the pattern.
    const names = [...zip.toString("latin1").matchAll(/PK\x01\x02[\s\S]{42}(greeting-[^\x00-\x1f]*?\.pdf)/g)].map((m) => m[1]);
    assert.equal(new Set(names).size, 50);
    assert.ok(names.includes("greeting-Person 7.pdf"), names.slice(0, 3).join(", "));
  });

  test("a 409 between the two contexts shows the conflict dialog", async () => {
    await b.page.getByRole("tab", { name: "Preview" }).click();
    await typeContent(a.page, "<h1>Hello {{name}}, Ada's edit</h1>");
    await save(a.page);
    await typeContent(b.page, "<h1>Hello {{name}}, Bob's edit</h1>");
    await b.page.getByRole("button", { name: "Save", exact: true }).click();
    const dialog = b.page.getByRole("dialog", { name: "Someone else saved this template" });
    await dialog.waitFor();
    await screenshot(b.page, "conflict");
    await dialog.getByRole("button", { name: "Reload their version" }).click();
    await dialog.waitFor({ state: "detached" });
    await previewSays(b.page, /Ada's edit/);
    assert.match((await b.page.locator('.cm-content[aria-label="Template content"]').textContent()) ?? "", /Ada's edit/);
  });

  test("the second user switches back to their own workspace, which has no templates", async () => {
    await b.page.getByRole("link", { name: "← Templates" }).click();
    await b.page.getByRole("link", { name: "Greeting letter" }).waitFor();
    const own = await b.page.getByLabel("Workspace").locator("option", { hasText: "bob-" }).getAttribute("value");
    assert.ok(own);
    await b.page.getByLabel("Workspace").selectOption(own);
    await b.page.getByText("No templates yet").waitFor();
    await b.page.getByRole("link", { name: "Members" }).click();
    await b.page.getByRole("heading", { name: /^Members of bob-/ }).waitFor();
  });

  test("the Owner changes the member's role, then removes them after confirming", async () => {
    await a.page.getByRole("link", { name: "Members" }).click();
    await a.page.getByLabel(`Role of ${emailB}`).selectOption("Viewer");
    await a.page.reload();
    assert.equal(await a.page.getByLabel(`Role of ${emailB}`).inputValue(), "Viewer");
    await a.page.getByRole("row", { name: new RegExp(emailB) }).getByRole("button", { name: "Remove" }).click();
    await a.page.getByRole("dialog", { name: "Remove member?" }).getByRole("button", { name: "Remove" }).click();
    await a.page.getByRole("cell", { name: emailB }).waitFor({ state: "detached" });
  });

  test("usage shows this month's renders; no console errors on either side", async () => {
    await a.page.getByRole("link", { name: "Usage" }).click();
    await a.page.getByRole("img", { name: /Renders per day/ }).waitFor();
    await screenshot(a.page, "usage");
    assert.deepEqual(a.errors, []);
    // Bob's only failed request is the 409 the browser logs for the conflicting save.
    assert.deepEqual(b.errors.filter((e) => !e.includes("409")), []);
    assert.equal(b.errors.length, 1);
  });
});
