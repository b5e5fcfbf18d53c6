// The document's `stamps`: chosen per page and by the data, laid out as frame items under or over the content.
import { strict as assert } from "node:assert";
import { describe, test } from "node:test";
import { parseDocument } from "../../src/index.js";
import type { FrameItem, Page } from "../../src/frame/types.js";
import { layout, pageText, runs } from "../golden/support.js";

/** Three pages of detail rows, with a page header, and the given stamps. */
function doc(stamps: unknown[]): unknown {
  return {
    version: 4,
    pageSize: { id: "custom", width: 300, height: 200 },
    margins: { top: 20, right: 20, bottom: 20, left: 20 },
    bands: [
      { id: "ph", kind: "page-header", height: 20, elements: [{ id: "h", type: "text", x: 0, y: 0, width: 200, height: 14, text: "Header {{$page}}" }] },
      { id: "d", kind: "detail", bindingField: "rows", height: 50, elements: [{ id: "r", type: "text", x: 0, y: 0, width: 200, height: 14, text: "Row {{n}}" }] },
    ],
    schema: [],
    stamps,
  };
}
const rows = { rows: Array.from({ length: 7 }, (_, i) => ({ n: i + 1 })) };

/** Index of the first top-level item whose text (groups included) contains `text`, or -1. */
function indexOf(page: Page, text: string): number {
  const has = (item: FrameItem): boolean => (item.kind === "group" ? item.items.some(has) : item.kind === "text" && item.text.includes(text));
  return page.items.findIndex(has);
}

describe("stamps", () => {
  test("pages: all, first and last", () => {
    const result = layout(doc([
      { type: "text", text: "EVERY" },
      { type: "text", text: "FIRST", pages: "first" },
      { type: "text", text: "LAST", pages: "last" },
    ]), rows);
    assert.equal(result.pages.length, 3);
    const texts = result.pages.map(pageText);
    assert.deepEqual(texts.map((t) => t.includes("EVERY")), [true, true, true]);
    assert.deepEqual(texts.map((t) => t.includes("FIRST")), [true, false, false]);
    assert.deepEqual(texts.map((t) => t.includes("LAST")), [false, false, true]);
  });

  test("visibleIf on the data", () => {
    const stamps = [{ type: "text", text: "PAID", visibleIf: "invoice.paid" }, { type: "text", text: "DRAFT", visibleIf: "invoice.draft" }];
    const paid = layout(doc(stamps), { ...rows, invoice: { paid: true, draft: false } });
    const draft = layout(doc(stamps), { ...rows, invoice: { paid: 0, draft: "yes" } });
    assert.ok(paid.pages.every((p) => pageText(p).includes("PAID") && !pageText(p).includes("DRAFT")));
    assert.ok(draft.pages.every((p) => !pageText(p).includes("PAID") && pageText(p).includes("DRAFT")));
  });

  test("layer: under stamps come before every item of the page, over stamps after", () => {
    const result = layout(doc([{ type: "text", text: "UNDER", layer: "under" }, { type: "text", text: "OVER" }]), rows);
    for (const page of result.pages) {
      assert.equal(indexOf(page, "UNDER"), 0);
      assert.equal(indexOf(page, "OVER"), page.items.length - 1);
      assert.ok(indexOf(page, "Header") > 0 && indexOf(page, "Row") > 0);
    }
  });

  test("position, rotation, opacity, size and tokens", () => {
    const result = layout(doc([
      { type: "text", text: "TR {{$page}}/{{$pages}}", position: "top-right", width: 80, height: 20, fontSize: 12, color: "#123456", margin: 10 },
      { type: "text", text: "AT", x: 5, y: 150, width: 40, height: 20, fontSize: 10 },
      { type: "text", text: "TILT", rotation: -30, opacity: 0.25 },
    ]), rows);
    const page = result.pages[0]!;
    const tr = runs(page).find((r) => r.text.startsWith("TR"))!;
    assert.equal(tr.text, "TR 1/3");
    assert.equal(tr.size, 12);
    assert.equal(tr.color, "#123456");
    // Right-aligned in a box whose right edge is 10 pt from the page's.
    const width = tr.glyphs.reduce((sum, g) => sum + g.advance, 0);
    assert.ok(Math.abs(tr.x + width - 290) < 0.5, `right edge at ${tr.x + width}`);
    assert.ok(tr.y > 10 && tr.y < 30);
    const at = runs(page).find((r) => r.text === "AT")!;
    assert.ok(at.x >= 5 && at.x < 45 && at.y > 150 && at.y < 170);
    const tilt = page.items.find((item) => item.kind === "group" && item.opacity === 0.25);
    assert.ok(tilt !== undefined && tilt.kind === "group");
    assert.ok(tilt.transform !== undefined || tilt.items.some((i) => i.kind === "group" && i.transform !== undefined), "rotated");
  });

  test("image stamps draw their image", () => {
    const png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
    const result = layout(doc([{ type: "image", src: png, position: "bottom-left", width: 30, height: 30, pages: "last" }]), rows);
    const images = (page: Page) => page.items.filter((i) => i.kind === "image" || (i.kind === "group" && i.items.some((j) => j.kind === "image")));
    assert.deepEqual(result.pages.map((p) => images(p).length), [0, 0, 1]);
  });

  test("schema errors point into the stamp", () => {
    const errors = (stamps: unknown) => {
      const parsed = parseDocument(JSON.stringify({ version: 4, pageSize: { id: "a4" }, bands: [], schema: [], stamps }));
      assert.equal(parsed.ok, false);
      return parsed.ok ? {} : parsed.errors;
    };
    assert.match(String(errors([{ type: "text", text: "X", pages: "odd" }])["stamps[0].pages"]), /odd/);
    assert.match(String(errors([{ type: "video" }])["stamps[0].type"]), /unknown stamp type 'video'; allowed: text, image/);
    assert.ok(errors([{ type: "text" }])["stamps[0].text"]);
    assert.ok(errors([{ type: "text", text: "X", opacity: 2 }])["stamps[0].opacity"]);
    assert.ok(errors([{ type: "text", text: "X", layer: "middle" }])["stamps[0].layer"]);
    assert.ok(errors({ type: "text", text: "X" })["stamps"]);
  });
});
