// Golden PNG tests: hand-built frames painted, rasterised with pdfjs and compared with committed images
// (test/golden/<name>-p<N>.png). After a deliberate visual change: UPDATE_GOLDEN=1, then check by eye.
import { describe, it } from "node:test";
import type { FrameItem, TextRunItem } from "@docsvc/layout";
import { paintPdf } from "../../src/index.js";
import { loadFace, runWidth, textRun } from "../support/faces.js";
import { frameImage, layoutOf, NOW } from "../support/frames.js";
import { compareWithGolden } from "../support/golden.js";
import { quadrantImage } from "../support/inspect.js";
import { rasterise } from "../support/pdfjs.js";

const inter = loadFace("Inter");
const interBold = loadFace("Inter", "Bold", 700);
const lora = loadFace("Lora");
const hebrew = loadFace("NotoSansHebrew");

/** A run whose right edge is at `right` (as layout aligns numbers). */
function rightAligned(text: string, right: number, y: number, size = 9): TextRunItem {
  const run = textRun(inter, text, { x: 0, y, size });
  return { ...run, x: right - runWidth(run.glyphs) };
}

describe("golden pages", () => {
  it("invoice-like frame", async () => {
    const logo = await quadrantImage("png", 32, 32);
    const rows = [
      ["Office supplies (fine paper)", "2", "12.50"],
      ["Toner cartridge", "1", "89.00"],
      ["Desk lamp", "3", "24.99"],
      ["Filing cabinet", "1", "149.00"],
      ["Shipping", "1", "9.95"],
    ];
    const items: FrameItem[] = [
      { kind: "shape", geometry: { type: "rect", x: 0, y: 0, width: 420, height: 56 }, fill: "#1f3a5f" },
      textRun(interBold, "INVOICE", { x: 24, y: 36, size: 20, color: "#ffffff" }),
      { kind: "image", x: 356, y: 12, width: 32, height: 32, image: "logo" },
      textRun(inter, "Bill to: Müller & Söhne GmbH", { x: 24, y: 80, size: 10 }),
      textRun(hebrew, "חשבונית מס", { x: 310, y: 80, size: 10, color: "#555555" }),
      { kind: "shape", geometry: { type: "rect", x: 24, y: 96, width: 372, height: 18 }, fill: "#e8eef5" },
      textRun(interBold, "Item", { x: 30, y: 109, size: 9 }),
      { ...rightAligned("Qty", 300, 109), face: interBold.key },
      { ...rightAligned("Amount", 390, 109), face: interBold.key },
      ...rows.flatMap(([item, qty, amount], i): FrameItem[] => {
        const y = 114 + i * 18;
        return [
          ...(i % 2 === 1 ? [{ kind: "shape", geometry: { type: "rect", x: 24, y, width: 372, height: 18 }, fill: "#f6f6f6" } as const] : []),
          textRun(i === 0 ? lora : inter, item!, { x: 30, y: y + 13, size: 9 }),
          rightAligned(qty!, 300, y + 13),
          rightAligned(amount!, 390, y + 13),
          { kind: "shape", geometry: { type: "line", x1: 24, y1: y + 18, x2: 396, y2: y + 18 }, stroke: { color: "#cccccc", width: 0.5 } },
        ];
      }),
      { kind: "shape", geometry: { type: "rect", x: 256, y: 214, width: 140, height: 28, radius: 6 }, fill: "#1f3a5f" },
      textRun(interBold, "Total", { x: 266, y: 232, size: 10, color: "#ffffff" }),
      { ...rightAligned("EUR 285.44", 388, 232, 10), face: interBold.key, color: "#ffffff" },
      textRun(inter, "Pay online: https://example.com/pay", { x: 24, y: 280, size: 8, color: "#1f5fbf" }),
      { kind: "link", x: 24, y: 272, width: 150, height: 10, url: "https://example.com/pay" },
    ];
    const pdf = await paintPdf(
      layoutOf([items], { width: 420, height: 300, faces: [inter, interBold, lora, hebrew], images: { logo: frameImage("png", logo, 32, 32) } }),
      { title: "Golden invoice", now: NOW },
    );
    await compareWithGolden("invoice-frame", await rasterise(pdf, { scale: 1.5 }));
  });

  it("shapes, groups and transforms", async () => {
    // A self-intersecting pentagram: even-odd leaves the centre pentagon empty.
    const star = "M110 15 L170 200 L15 85 L205 85 L50 200 Z";
    const page1: FrameItem[] = [
      { kind: "shape", geometry: { type: "path", d: star, fillRule: "evenodd" }, fill: "#f2b705", stroke: { color: "#8c6a00", width: 1.5 } },
      { kind: "shape", geometry: { type: "ellipse", cx: 290, cy: 70, rx: 60, ry: 35 }, fill: "#2a9d8f", stroke: { color: "#1d6b61", width: 2, dash: [6, 3] } },
      { kind: "shape", geometry: { type: "line", x1: 230, y1: 130, x2: 350, y2: 180 }, stroke: { color: "#e76f51", width: 3, dash: [8, 4] } },
      {
        kind: "group",
        opacity: 0.6,
        items: [
          { kind: "shape", geometry: { type: "ellipse", cx: 90, cy: 280, rx: 40, ry: 40 }, fill: "#e63946" },
          { kind: "shape", geometry: { type: "ellipse", cx: 130, cy: 280, rx: 40, ry: 40 }, fill: "#457b9d" },
        ],
      },
      {
        kind: "group",
        // 30° rotation about (290, 280), clipped to a rounded box in the rotated space.
        transform: [Math.cos(Math.PI / 6), Math.sin(Math.PI / 6), -Math.sin(Math.PI / 6), Math.cos(Math.PI / 6), 290, 280],
        clip: { x: -60, y: -25, width: 120, height: 50, radius: 10 },
        items: [
          { kind: "shape", geometry: { type: "rect", x: -80, y: -40, width: 160, height: 80 }, fill: "#264653" },
          textRun(inter, "ROTATED & CLIPPED", { x: -70, y: 5, size: 12, color: "#ffffff" }),
        ],
      },
      textRun(inter, "Synthesised italic", { x: 20, y: 370, size: 16, skew: 12 }),
      textRun(lora, "True type, fine office", { x: 200, y: 370, size: 16, color: "#6d597a" }),
    ];
    const page2: FrameItem[] = [
      { kind: "shape", geometry: { type: "rect", x: 10, y: 10, width: 180, height: 80, radius: 40 }, stroke: { color: "#000000", width: 1 } },
      textRun(inter, "Page two", { x: 60, y: 55, size: 14, letterSpacing: 1.5 }),
    ];
    const pdf = await paintPdf(
      layoutOf([page1, { width: 200, height: 100, items: page2 }], { width: 400, height: 400, faces: [inter, lora] }),
      { now: NOW },
    );
    await compareWithGolden("shapes-groups", await rasterise(pdf, { scale: 1.5 }));
  });
});
