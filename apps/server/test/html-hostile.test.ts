// Hostile HTML: nothing is ever fetched or run (a loopback counting server receives zero requests), deep,
// huge and long documents answer a PDF or a 4xx, never a 500, and the server keeps answering meanwhile.
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { assertProblem } from "./helpers/assert.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/harness.js";

let t: TestApp;
let owner: TestUser;
let counter: Server;
let base = "";
const requests: string[] = [];

before(async () => {
  t = await startTestApp();
  owner = await t.signup();
  await t.deps.db.updateTable("workspaces").set({ plan: "pro" }).where("id", "=", owner.workspaceId).execute();
  counter = createServer((req, res) => {
    requests.push(`${req.method ?? ""} ${req.url ?? ""}`);
    res.end("x");
  });
  await new Promise<void>((resolve) => counter.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(counter.address() as AddressInfo).port}`;
});
after(async () => {
  counter.closeAllConnections();
  await new Promise((resolve) => counter.close(resolve));
  await t.close();
});

const render = (content: string) => t.call("POST", "/api/render", { token: owner.token, body: { content, data: { logo: `${base}/token.png` } } });

describe("hostile HTML", () => {
  test("scripts, handlers, frames, objects, base, link, @import, url() and remote sources are never fetched or run", async () => {
    const items = [
      `<script src="${base}/script.js"></script><script>fetch("${base}/inline")</script>`,
      `<img src="x" onerror="fetch('${base}/onerror')"><body onload="fetch('${base}/onload')">`,
      `<iframe src="${base}/frame"></iframe>`,
      `<object data="${base}/object"></object>`,
      `<embed src="${base}/embed">`,
      `<base href="${base}/base/"><img src="relative.png">`,
      `<link rel="stylesheet" href="${base}/link.css">`,
      `<style>@import url("${base}/import.css"); @import "${base}/import2.css";</style>`,
      `<div style="background: url(${base}/bg.png); width: 10pt; height: 10pt"></div><style>p { background-image: url('${base}/rule.png') }</style>`,
      `<img src="${base}/remote.png"><img src="//${base.slice(7)}/protocol-relative.png"><img srcset="${base}/srcset.png 2x">`,
      `<img src="{{logo}}"><svg><image href="${base}/svg-image.png"/><script>fetch("${base}/svg-script")</script></svg>`,
      `<video poster="${base}/poster.png"></video><audio src="${base}/audio.mp3"></audio><table background="${base}/table.png"><tr><td>x</td></tr></table>`,
    ];
    for (const html of items) {
      const res = await render(`<p>Safe text</p>${html}`);
      assert.equal(res.status, 200, `${html}: ${JSON.stringify(res.body)}`);
      assert.equal(Buffer.from(res.bytes.subarray(0, 5)).toString(), "%PDF-");
      assert.ok(!Buffer.from(res.bytes).includes("/JavaScript") && !Buffer.from(res.bytes).includes("/JS "), "no script in the PDF");
    }
    // Give anything that might have been started a moment to arrive.
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual(requests, []);
  });

  test("10,000 nested <div>s render (deep levels keep their text)", async () => {
    const res = await render(`${"<div>".repeat(10_000)}deep text${"</div>".repeat(10_000)}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.ok(Buffer.from(res.bytes).includes("%%EOF"));
  });

  test("a 5 MB document and 50,000 table rows answer 400 problems, and the server answers meanwhile", async () => {
    const paragraph = `<p>${"Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(20)}</p>\n`;
    const huge = paragraph.repeat(Math.ceil((5 * 1024 * 1024) / paragraph.length));
    const rows = `<table>${"<tr><td>cell</td><td>cell</td></tr>".repeat(50_000)}</table>`;
    const pending = [render(huge), render(rows)];
    const health = await t.call("GET", "/health");
    assert.equal(health.status, 200);
    const [big, long] = await Promise.all(pending);
    for (const res of [big, long]) {
      assert.ok(res, "answered");
      assertProblem(res, 400);
      assert.match(JSON.stringify(res.body.errors), /more than/);
    }
    assert.deepEqual(requests, []);
  });
});
