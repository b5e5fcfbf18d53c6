// Steps the browser tests share: typing into the template editor, waiting for the preview's text, forms.
import type { Page } from "playwright-core";

/** The password every test user signs up with. */
export const PASSWORD = "correct horse battery";

/** A one-band report document whose text element says `text`. */
export function reportWith(text: string): string {
  return JSON.stringify({
    version: 4,
    pageSize: { id: "a5" },
    bands: [{ id: "b", kind: "report-header", height: 60, elements: [{ id: "t", type: "text", x: 0, y: 0, width: 300, height: 30, fontSize: 20, text }] }],
    schema: [{ key: "name", type: "string" }],
  }, null, 2);
}

/** Replaces the text of the editor labelled `editor` (the template's content unless told) as a user would (select all, type). */
export async function typeContent(page: Page, text: string, editor: "Template content" | "Data" = "Template content"): Promise<void> {
  await page.locator(`.cm-content[aria-label="${editor}"]`).click();
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(text);
}

/** Waits until the drawn preview's text layer says `pattern`. */
export async function previewSays(page: Page, pattern: RegExp): Promise<void> {
  await page.locator(".pdf-text").filter({ hasText: pattern }).first().waitFor({ state: "attached", timeout: 60_000 });
}

/** Fills and sends the sign-up form. */
export async function signUp(page: Page, email: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Repeat password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
}

/** Saves the template and waits for "Saved". */
export async function save(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.locator(".save-state", { hasText: /^Saved$/ }).waitFor();
}
