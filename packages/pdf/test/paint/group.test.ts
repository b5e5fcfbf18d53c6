import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { FrameItem, GroupItem, ShapeItem } from "@docsvc/layout";
import { paintPdf } from "../../src/index.js";
import { layoutOf, NOW } from "../support/frames.js";
import { near, pageContents, pdfObjects, raster, type Raster } from "../support/inspect.js";
import { rasterise } from "../support/pdfjs.js";

const WHITE = [255, 255, 255];
const BLUE = [0, 0, 255];

const square = (x: number, y: number, size: number, fill = "#0000ff"): ShapeItem => ({
  kind: "shape",
  geometry: { type: "rect", x, y, width: size, height: size },
  fill,
});

async function paint(items: readonly FrameItem[]): Promise<{ pdf: Uint8Array; content: string; page: Raster }> {
  // Untagged: these cases read the content stream operator by operator (marked content is tested in tagged/).
  const pdf = await paintPdf(layoutOf([items]), { now: NOW, tagged: false });
  return { pdf, content: pageContents(pdf)[0]!, page: await raster((await rasterise(pdf))[0]!) };
}

describe("groups", () => {
  it("clips to a rectangle", async () => {
    const { content, page } = await paint([{ kind: "group", clip: { x: 50, y: 50, width: 100, height: 100 }, items: [square(0, 0, 200)] }]);
    assert.match(content, /q\n50 50 100 100 re\nW n\n/);
    assert.ok(near(page.at(100, 100), BLUE));
    assert.ok(near(page.at(40, 100), WHITE));
    assert.ok(near(page.at(160, 160), WHITE));
  });

  it("clips to a rounded rectangle", async () => {
    const { page } = await paint([{ kind: "group", clip: { x: 50, y: 50, width: 100, height: 100, radius: 30 }, items: [square(0, 0, 200)] }]);
    assert.ok(near(page.at(53, 53), WHITE), "corner");
    assert.ok(near(page.at(100, 52), BLUE), "edge");
  });

  it("applies opacity through an ExtGState, multiplying nested groups", async () => {
    const inner: GroupItem = { kind: "group", opacity: 0.5, items: [square(100, 0, 100)] };
    const { pdf, content, page } = await paint([{ kind: "group", opacity: 0.5, items: [square(0, 0, 100), inner] }]);
    const states = pdfObjects(pdf).filter((o) => /\/Type \/ExtGState/.test(o.dict));
    assert.deepEqual(states.map((s) => /\/ca ([\d.]+)/.exec(s.dict)?.[1]).sort(), ["0.25", "0.5"]);
    assert.match(content, /\/Gs1 gs/);
    assert.match(content, /\/Gs2 gs/);
    assert.ok(near(page.at(50, 50), [128, 128, 255], 6), `0.5: ${page.at(50, 50)}`);
    assert.ok(near(page.at(150, 50), [191, 191, 255], 6), `0.25: ${page.at(150, 50)}`);
  });

  it("reuses one ExtGState per opacity across pages", async () => {
    const group: GroupItem = { kind: "group", opacity: 0.3, items: [square(0, 0, 10)] };
    const pdf = await paintPdf(layoutOf([[group, group], [group]]), { now: NOW });
    assert.equal(pdfObjects(pdf).filter((o) => /\/Type \/ExtGState/.test(o.dict)).length, 1);
  });

  it("rotates with its transform, then clips in the transformed space", async () => {
    const angle = Math.PI / 2;
    const { content, page } = await paint([
      {
        kind: "group",
        // Rotate 90° clockwise about (100, 100).
        transform: [Math.cos(angle), Math.sin(angle), -Math.sin(angle), Math.cos(angle), 200, 0],
        clip: { x: 0, y: 0, width: 100, height: 50 },
        items: [square(0, 0, 100), square(0, 0, 20, "#ff0000")],
      },
    ]);
    assert.match(content, /0 1 -1 0 200 0 cm/);
    // The 100×50 clip box at the origin lands at x 150..200, y 0..100; its origin corner (red) at top right.
    assert.ok(near(page.at(175, 50), BLUE), `inside: ${page.at(175, 50)}`);
    assert.ok(near(page.at(190, 10), [255, 0, 0]), `origin corner: ${page.at(190, 10)}`);
    assert.ok(near(page.at(120, 50), WHITE), "clipped away");
  });

  it("tracks the graphics state across q/Q as PDF does", async () => {
    const { content } = await paint([
      square(0, 0, 10, "#ff0000"),
      { kind: "group", opacity: 0.5, items: [square(0, 0, 10, "#00ff00")] },
      square(0, 0, 10, "#ff0000"),
      square(20, 0, 10, "#ff0000"),
      { kind: "group", items: [square(0, 0, 10, "#00ff00")] },
      square(40, 0, 10, "#00ff00"),
    ]);
    assert.equal(content.match(/0 1 0 rg/g)?.length, 3, "green again after the second group's Q");
    // Q restores red, so red is written once; green inside the group is undone by Q.
    assert.equal(content.match(/1 0 0 rg/g)?.length, 1);
    assert.match(content, /q\n\/Gs1 gs\n0 1 0 rg\n0 0 10 10 re\nf\nQ\n0 0 10 10 re\nf\n20 0 10 10 re/);
  });
});
