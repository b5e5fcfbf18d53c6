// What the browser tests share: a real server on a free loopback port with its own DATA_DIR and an
// in-process SMTP sink, and Debian's Chromium driven by playwright-core (never a downloaded browser).
import { createLogger, loadConfig, startServer, type RunningServer } from "@docsvc/server";
import { startSmtpCatcher, type SmtpCatcher } from "@docsvc/server/test/helpers/smtp.js";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, afterEach } from "node:test";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

/** Debian's Chromium (`apt-get install chromium`); `.ci/run` installs it when missing. */
export const CHROMIUM = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium";

/** A running server plus its mail sink. */
export interface Stack {
  readonly url: string;
  readonly smtp: SmtpCatcher;
  readonly server: RunningServer;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** What a test adds to the server's environment, given the server's URL (known before it starts). */
export type ExtraEnv = (url: string) => Promise<Readonly<Record<string, string>>>;

/** Starts the server (which serves the built web app at /) with mail going to the sink. */
export async function startStack(extraEnv: ExtraEnv = async () => ({})): Promise<Stack> {
  const smtp = await startSmtpCatcher();
  const dataDir = await mkdtemp(join(tmpdir(), "docsvc-web-e2e-"));
  // The emailed links must point at this server, so the port is chosen before it starts.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...(await extraEnv(url)), PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, PUBLIC_URL: url, SMTP_URL: smtp.url, LOG_LEVEL: "silent" };
  const config = await loadConfig(env);
  const server = await startServer(config, { log: createLogger("silent") });
  return {
    url,
    smtp,
    server,
    async close() {
      await server.close();
      await smtp.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Launches headless Chromium with the flags this machine needs (no background networking, no sandbox as root). */
export function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run does).`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
  });
}

/** Content Security Policy violations any page reported since the last test ended (see openPage). */
const cspViolations: string[] = [];

// Every browser test proves the policy holds for what it did: a test during which a page reported a
// violation fails, and so does the file when one arrives after its last test.
const failOnViolations = () => {
  const seen = cspViolations.splice(0);
  if (seen.length > 0) throw new Error(`Content Security Policy violations:\n${seen.join("\n")}`);
};
afterEach(failOnViolations);

/** Takes the violations reported so far (for a test that provokes them on purpose), so they fail no test. */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}
after(failOnViolations);

/** Records each `securitypolicyviolation` event of every document the context opens, across navigations. */
async function watchCsp(context: BrowserContext): Promise<void> {
  await context.exposeBinding("__docsvcCspViolation", (_source, text: string) => void cspViolations.push(text));
  // A string: these tests compile without the DOM's types. It runs before any of the page's own scripts.
  await context.addInitScript({
    content: `document.addEventListener("securitypolicyviolation", (e) => {
      void window.__docsvcCspViolation(location.pathname + ": " + e.effectiveDirective + " blocked " + (e.blockedURI || "inline") + " (" + e.sourceFile + ":" + e.lineNumber + " " + e.sample + ")");
    });`,
  });
}

/** Console errors and uncaught page errors, collected per page. */
export interface Watched {
  readonly page: Page;
  readonly errors: string[];
}

/**
 * A new context at 1280×800 with clipboard access, and one page whose console errors are collected; the
 * context's Content Security Policy violations fail the running test.
 */
export async function openPage(browser: Browser, origin: string): Promise<Watched & { context: BrowserContext }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  await watchCsp(context);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
  const page = await context.newPage();
  // Generous: the whole suite runs two files at a time on two cores, beside render workers.
  page.setDefaultTimeout(45_000);
  const errors: string[] = [];
  page.on("console", (m) => {
    // Only the app's own: a provider's sign-in pages (another origin) log what they log.
    if (m.type() === "error" && page.url().startsWith(origin)) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  // "Leave with unsaved changes?" is answered as a user who means to leave would.
  page.on("dialog", (d) => void d.accept());
  return { context, page, errors };
}

/** Saves a screenshot when SCREENSHOTS_DIR is set (how apps/web/docs is refreshed). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env["SCREENSHOTS_DIR"];
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}
