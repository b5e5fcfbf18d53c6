// RENDER_MAX_PAGES and RENDER_MAX_INSTANCES reach the render workers: the same data renders under the defaults
// and is refused (422) past tightened caps, with the configured number in the message.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
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
  tight = await startTestApp({ config: { render: { ...RENDER_DEFAULTS, layoutLimits: layoutLimits({ RENDER_MAX_PAGES: "2", RENDER_MAX_INSTANCES: "4" }) } } });
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
