// The designer fonts for the browser at /fonts/: the same TTF files the PDFs embed, so the designer's canvas
// sets text in the faces the render uses. Read-only; only the faces fonts.json lists are served (a path is
// looked up in the manifest, never joined onto the disk), and /fonts/fonts.css declares them as @font-face.
import { Hono } from "hono";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { FontManifest } from "@docsvc/pdf";
import type { AppEnv } from "../http/env.js";

/** The files do not change while the process runs, but they are not content-hashed: a day, then revalidate. */
export const FONT_CACHE_CONTROL = "public, max-age=86400";

/** The @font-face rules for every face of the manifest, with URLs relative to /fonts/. */
export function fontFaceCss(manifest: FontManifest): string {
  const rules: string[] = [];
  for (const [family, entry] of Object.entries(manifest.families)) {
    for (const face of entry.faces) {
      rules.push(
        `@font-face { font-family: ${JSON.stringify(family)}; src: url(${JSON.stringify(`/fonts/${face.file}`)}) format("truetype"); ` +
          `font-weight: ${face.weight}; font-style: ${face.italic ? "italic" : "normal"}; font-display: swap; }`,
      );
    }
  }
  return rules.join("\n") + "\n";
}

/** Serves the designer fonts of `fontsDir` (default: the directory the renderer reads). */
export function fontRoutes(fontsDir?: string): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  let manifest: Promise<{ readonly dir: string; readonly manifest: FontManifest }> | undefined;
  // @docsvc/pdf (pdfkit, fontkit and their tables) loads with the first font request, not with the server,
  // whose main thread renders nothing.
  const load = () => {
    manifest ??= import("@docsvc/pdf")
      .then(async ({ designerFontsDir, readFontManifest }) => {
        const dir = fontsDir ?? designerFontsDir();
        return { dir, manifest: await readFontManifest(dir) };
      })
      .catch((err: unknown) => {
        manifest = undefined;
        throw err;
      });
    return manifest;
  };
  const headers = (type: string) => ({ "Content-Type": type, "Cache-Control": FONT_CACHE_CONTROL, "X-Content-Type-Options": "nosniff" });

  // A middleware rather than routes, like the web app's files: static files, no API operation (the OpenAPI
  // document does not list them); whatever it does not serve falls through to the problem+json 404.
  app.use("*", async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const rest = c.req.path.replace(/^\/fonts\//, "");
    if (rest === "fonts.css") return c.body(fontFaceCss((await load()).manifest), 200, headers("text/css; charset=utf-8"));
    if (rest === "fonts.json") {
      const { manifest: m } = await load();
      // The browser needs the family names and styles only, not the hashes or sizes.
      const families = Object.entries(m.families).map(([name, f]) => ({ name, faces: f.faces.map((face) => ({ weight: face.weight, italic: face.italic })) }));
      return c.json({ defaultFamily: m.defaultFamily, families }, 200, { "Cache-Control": FONT_CACHE_CONTROL });
    }
    // Only a file the manifest lists, compared as a string: a path is never joined onto the disk unchecked.
    const { dir, manifest: m } = await load();
    const listed = Object.values(m.families).some((f) => f.faces.some((face) => face.file === rest));
    if (!listed) return next();
    // Read per request, not kept: 18 MB of faces would sit in memory for the few designers that open; the
    // browser caches them (FONT_CACHE_CONTROL).
    const bytes = new Uint8Array(await readFile(join(dir, rest)));
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, headers("font/ttf"));
  });
  return app;
}
