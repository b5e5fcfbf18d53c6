// Golden PNG tests: hand-built frames painted, rasterised with pdfjs and compared with committed images
// (test/golden/<name>-p<N>.png). After a deliberate visual change: UPDATE_GOLDEN=1, then check by eye.
import { describe, it } from "node:test";
import type { FrameItem } from "@docsvc/layout";
import { paintPdf } from "../../src/index.js";
import { loadFace, textRun } from "../support/faces.js";
import { layoutOf, NOW } from "../support/frames.js";
import { compareWithGolden } from "../support/golden.js";
import { rasterise } from "../support/pdfjs.js";
import { paintInvoiceFrame } from "./invoice-frame.js";

const inter = loadFace("Inter");
const lora = loadFace("Lora");

describe("golden pages", () => {
  it("invoice-like frame", async () => {
    await compareWithGolden("invoice-frame", await rasterise(await paintInvoiceFrame(), { scale: 1.5 }));
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
