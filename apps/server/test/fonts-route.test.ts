// The designer fonts served to the browser: the manifest's faces as font/ttf with cache headers, the
// @font-face stylesheet, and nothing else of the disk.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { before, describe, test } from "node:test";
import { Hono } from "hono";
import { designerFontsDir } from "@docsvc/pdf";
import type { AppEnv } from "../src/http/env.js";
import { notFoundHandler } from "../src/http/problem.js";
import { FONT_CACHE_CONTROL, fontRoutes } from "../src/routes/fonts.js";

describe("font route", () => {
  let app: Hono<AppEnv>;
  before(() => {
    app = new Hono<AppEnv>();
    app.route("/fonts", fontRoutes());
    app.notFound(notFoundHandler);
  });

  test("a listed face is served byte for byte as font/ttf, cached", async () => {
    const res = await app.request("/fonts/Inter/Inter-Bold.ttf");
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("Content-Type"), "font/ttf");
    assert.equal(res.headers.get("Cache-Control"), FONT_CACHE_CONTROL);
    const body = new Uint8Array(await res.arrayBuffer());
    assert.deepEqual(body, new Uint8Array(await readFile(join(designerFontsDir(), "Inter/Inter-Bold.ttf"))));
  });

  test("fonts.css declares every family's faces with weight and style", async () => {
    const res = await app.request("/fonts/fonts.css");
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("Content-Type"), "text/css; charset=utf-8");
    const css = await res.text();
    assert.match(css, /font-family: "Inter"; src: url\("\/fonts\/Inter\/Inter-BoldItalic\.ttf"\) format\("truetype"\); font-weight: 700; font-style: italic;/);
    assert.match(css, /font-family: "Playfair Display"; src: url\("\/fonts\/PlayfairDisplay\/PlayfairDisplay-Regular\.ttf"\)/);
    assert.equal(css.match(/@font-face/g)?.length, 66);
  });

  test("fonts.json names the families without hashes", async () => {
    const body = (await (await app.request("/fonts/fonts.json")).json()) as { defaultFamily: string; families: { name: string }[] };
    assert.equal(body.defaultFamily, "Inter");
    assert.ok(body.families.some((f) => f.name === "Noto Sans Arabic"));
    assert.doesNotMatch(JSON.stringify(body), /sha256/);
  });

  test("files the manifest does not list, and paths out of the folder, are 404", async () => {
    for (const path of ["/fonts/Inter/OFL.txt", "/fonts/Inter/Missing.ttf", "/fonts/..%2Fpackage.json", "/fonts/Inter/..%2F..%2Fpackage.json", "/fonts/licenses/Apache-2.0.txt"]) {
      const res = await app.request(path);
      assert.equal(res.status, 404, path);
    }
    assert.equal((await app.request("/fonts/Inter/Inter-Bold.ttf", { method: "POST" })).status, 404);
  });
});
