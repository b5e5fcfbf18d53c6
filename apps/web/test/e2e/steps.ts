// Steps the browser tests share: typing into the template editor, waiting for the preview's text, forms.
import { tokenFrom } from "@docsvc/server/test/helpers/smtp.js";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import type { Stack } from "./support.js";

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

/** Calls the stack's API with a bearer token (or none) and a JSON body; asserts a 2xx and answers the JSON. */
export async function json(stack: Stack, method: string, path: string, token: string | null, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${stack.url}${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { "Content-Type": "application/json" } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Logs in through the log-in form and waits for the templates list. */
export async function logIn(page: Page, url: string, email: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL("**/templates");
}

/** An element's box on the canvas, in points. */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** An element's box as the canvas shows it (its data-x/y/width/height, in points). */
export async function shown(page: Page, id: string): Promise<Box> {
  const el = page.getByTestId(`element-${id}`);
  const read = async (name: string) => Number(await el.getAttribute(`data-${name}`));
  return { x: await read("x"), y: await read("y"), width: await read("width"), height: await read("height") };
}

/** Signs up through the form, then opens the emailed verification link: a verified user on `page`. */
export async function signUpVerified(stack: Stack, page: Page, email: string): Promise<void> {
  await page.goto(`${stack.url}/signup`);
  await signUp(page, email);
  await page.waitForURL("**/templates");
  const mail = await stack.smtp.waitFor((m) => m.to.includes(email) && m.text.includes("verify-email"), 15_000);
  await page.goto(`${stack.url}/verify-email?token=${encodeURIComponent(tokenFrom(mail, "verify-email"))}`);
  await page.getByText("Your email address is verified.").waitFor();
}
