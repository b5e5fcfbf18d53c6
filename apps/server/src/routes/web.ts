// The web app (apps/web, built by `pnpm build` into apps/web/dist/app) at `/`: hashed files under /assets/
// are cached for a year, every other path without a file answers index.html so the app's own routes
// (including the emailed /verify-email, /reset-password and /invites/… links) load. The API, the hub, the
// OpenAPI document, health and metrics are never answered from here.
import { Hono } from "hono";
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { AppEnv } from "../http/env.js";

/** Where the built app is, seen from apps/server/dist/src/routes. */
export const DEFAULT_WEB_DIR = fileURLToPath(new URL("../../../../web/dist/app/", import.meta.url));

const RESERVED = /^\/(?:api|hubs|openapi|health|metrics|scalar)(?:\/|$)/;

const TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
};

const YEAR = "public, max-age=31536000, immutable";

/** What the build writes where a nonce goes (vite.config.ts `html.cspNonce`). */
export const NONCE_PLACEHOLDER = "DOCSVC_CSP_NONCE";

/** index.html with a fresh nonce (128 bits) in place of the placeholder, and the nonce. */
function withNonce(index: Uint8Array): { html: string; nonce: string } {
  const nonce = randomBytes(16).toString("base64");
  return { html: Buffer.from(index).toString("utf8").replaceAll(NONCE_PLACEHOLDER, nonce), nonce };
}

/** Serves the web app from `dir`; paths it does not serve fall through to the app's 404. */
export function webRoutes(dir: string = DEFAULT_WEB_DIR): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const root = normalize(dir.endsWith(sep) ? dir : dir + sep);
  // The build does not change while the process runs (a rebuild means a restart): read each file once.
  const cache = new Map<string, Promise<Uint8Array | undefined>>();
  const load = (file: string) => {
    let hit = cache.get(file);
    if (!hit) {
      hit = readFile(file).then(
        (b) => new Uint8Array(b),
        () => {
          // Misses are not kept: made-up paths must not grow the cache.
          cache.delete(file);
          return undefined;
        },
      );
      cache.set(file, hit);
    }
    return hit;
  };

  // A middleware rather than a route: it is no API operation (the OpenAPI document does not list it), and
  // whatever it does not serve falls through to the app's problem+json 404.
  app.use("*", async (c, next) => {
    const path = c.req.path;
    if ((c.req.method !== "GET" && c.req.method !== "HEAD") || RESERVED.test(path)) return next();
    const file = normalize(join(root, path));
    if (!file.startsWith(root)) return next();
    const ext = extname(file);
    const bytes = ext !== "" ? await load(file) : undefined;
    if (bytes !== undefined) {
      const immutable = path.startsWith("/assets/");
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": TYPES[ext] ?? "application/octet-stream",
        "Cache-Control": immutable ? YEAR : "no-cache",
        "X-Content-Type-Options": "nosniff",
      });
    }
    // A missing file with an extension is a real 404; anything else is one of the app's routes.
    if (ext !== "") return next();
    const index = await load(join(root, "index.html"));
    if (index === undefined) return next();
    // Every answer gets its own nonce, so one seen in a page cannot be replayed in another.
    const page = withNonce(index);
    c.set("cspNonce", page.nonce);
    return c.body(page.html, 200, {
      "Content-Type": TYPES[".html"]!,
      // index.html names the hashed files of the current build, so it is revalidated every time.
      "Cache-Control": "no-cache",
      "X-Content-Type-Options": "nosniff",
    });
  });

  return app;
}
