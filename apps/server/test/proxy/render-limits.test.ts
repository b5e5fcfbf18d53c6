// RENDER_MAX_PAGES, RENDER_MAX_INSTANCES and IMAGE_MAX_PIXELS reach the render workers: the same data renders
// under the defaults and is refused (422) past tightened caps, or its image left out, with the configured number in
// the message.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import sharp from "sharp";
import { RENDER_DEFAULTS } from "../../src/render/budget.js";
import { layoutLimits } from "../../src/config-limits.js";
import { PAGED_TEMPLATE } from "../batch/helpers.js";
import { startTestApp, type TestApp, type TestUser } from "../helpers/harness.js";

// Six detail rows: six band instances (plus the report header).
const DATA = { name: "Ada", lines: Array.from({ length: 6 }, (_, i) => ({ text: `line ${i}` })) };

let tight: TestApp;
let loose: TestApp;
const users = new Map<TestApp, TestUser>();
before(async () => {
  tight = await startTestApp({ config: { render: { ...RENDER_DEFAULTS, layoutLimits: layoutLimits({ RENDER_MAX_PAGES: "2", RENDER_MAX_INSTANCES: "4", IMAGE_MAX_PIXELS: "1000" }) } } });
  loose = await startTestApp({ config: { render: { ...RENDER_DEFAULTS, layoutLimits: layoutLimits({}) } } });
  for (const app of [tight, loose]) users.set(app, await app.signup());
});
after(async () => {
  await tight.close();
  await loose.close();
});

const render = (app: TestApp, data: unknown) => app.call("POST", "/api/render", { token: users.get(app)?.token ?? "", body: { content: PAGED_TEMPLATE, data } });

describe("render limit variables", () => {
  test("RENDER_MAX_INSTANCES: 6 detail rows are refused at 4, rendered under the default", async () => {
    const ok = await render(loose, DATA);
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    const refused = await render(tight, DATA);
    assert.equal(refused.status, 422);
    assert.match(String(refused.body.detail), /more than 4 band instances and table rows/);
  });

  test("IMAGE_MAX_PIXELS: a 40 × 40 PNG (1,600 pixels) is left out at 1,000 with a diagnostic, drawn under the default", async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#336699" } }).png().toBuffer();
    const content = JSON.stringify({
      version: 4,
      pageSize: { id: "custom", width: 200, height: 200 },
      schema: [],
      bands: [{ id: "rh", kind: "report-header", height: 100, elements: [{ id: "i", type: "image", x: 0, y: 0, width: 80, height: 80, src: `data:image/png;base64,${png.toString("base64")}` }] }],
    });
    const diagnostics = async (app: TestApp) => {
      const res = await app.call("POST", "/api/render?diagnostics=json", { token: users.get(app)?.token ?? "", body: { content, data: {} } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return (res.body.diagnostics as { code: string; message: string }[]).filter((d) => d.code === "image.undecodable");
    };
    assert.deepEqual(await diagnostics(loose), []);
    const refused = await diagnostics(tight);
    assert.equal(refused.length, 1);
    assert.match(refused[0]!.message, /40 × 40 pixels, more than the limit of 1,000 pixels/);
  });

  test("HTML_MAX_BACKGROUND_TILES reaches the layout limits; a bad value stops start-up", () => {
    assert.equal(layoutLimits({}).maxBackgroundTiles, 2000);
    assert.equal(layoutLimits({ HTML_MAX_BACKGROUND_TILES: "50" }).maxBackgroundTiles, 50);
    assert.throws(() => layoutLimits({ HTML_MAX_BACKGROUND_TILES: "0" }), /HTML_MAX_BACKGROUND_TILES/);
  });

  test("RENDER_MAX_PAGES: 3 pages are refused at 2", async () => {
    // 3 rows fit the instance cap of 4 but need 3 pages of 100 pt (a header of 20 pt, then 30 pt rows on 80 pt bodies).
    const three = { name: "Ada", lines: [{ text: "a" }, { text: "b" }, { text: "c" }] };
    const tall = JSON.parse(PAGED_TEMPLATE) as { bands: { id: string; height: number }[] };
    for (const band of tall.bands) if (band.id === "d") band.height = 70;
    const content = JSON.stringify(tall);
    const ok = await loose.call("POST", "/api/render", { token: users.get(loose)?.token ?? "", body: { content, data: three } });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    const refused = await tight.call("POST", "/api/render", { token: users.get(tight)?.token ?? "", body: { content, data: three } });
    assert.equal(refused.status, 422);
    assert.match(String(refused.body.detail), /more than 2 pages/);
  });
});
