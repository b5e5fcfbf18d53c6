import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { paintPdf } from "../../src/index.js";
import { isSafeUrl } from "../../src/paint/link.js";
import { layoutOf, NOW } from "../support/frames.js";
import { links } from "../support/pdfjs.js";

describe("links", () => {
  it("adds a URI annotation over the item's rectangle", async () => {
    const pdf = await paintPdf(
      layoutOf([[{ kind: "link", x: 20, y: 30, width: 100, height: 15, url: "https://example.com/invoice?id=7" }]]),
      { now: NOW },
    );
    const [page] = await links(pdf);
    assert.equal(page?.length, 1);
    const link = page![0]!;
    assert.equal(link.url, "https://example.com/invoice?id=7");
    assert.deepEqual([link.x, link.y, link.width, link.height], [20, 30, 100, 15]);
  });

  it("emits only http:, https: and mailto: targets", async () => {
    const urls = ["http://a.example/", "mailto:billing@example.com", "javascript:alert(1)", "file:///etc/passwd", "data:text/html,x", "not a url", "/relative"];
    const pdf = await paintPdf(
      layoutOf([urls.map((url, i) => ({ kind: "link" as const, x: 10, y: 10 + i * 20, width: 50, height: 10, url }))]),
      { now: NOW },
    );
    const [page] = await links(pdf);
    assert.deepEqual(page?.map((l) => l.url), ["http://a.example/", "mailto:billing@example.com"]);
    assert.equal(isSafeUrl("HTTPS://EXAMPLE.COM"), true);
    assert.equal(isSafeUrl(" javascript:alert(1)"), false);
  });

  it("covers the transformed box inside a group", async () => {
    const pdf = await paintPdf(
      layoutOf([
        [
          {
            kind: "group",
            // Translate (100, 50), then rotate 90° clockwise (y down).
            transform: [0, 1, -1, 0, 100, 50],
            items: [{ kind: "link", x: 0, y: 0, width: 40, height: 10, url: "https://example.com" }],
          },
        ],
      ]),
      { now: NOW },
    );
    const [page] = await links(pdf);
    const link = page![0]!;
    assert.deepEqual([link.x, link.y, link.width, link.height].map((v) => Math.round(v * 1000) / 1000), [90, 50, 10, 40]);
  });
});
