// The golden "invoice-like frame" (test/golden/invoice-frame-p1.png): hand-built frame items painted directly, shared
// by the golden test and the test that shows one changed amount fails it.
import type { FrameItem, TextRunItem } from "@docsvc/layout";
import { paintPdf } from "../../src/index.js";
import { loadFace, runWidth, textRun } from "../support/faces.js";
import { frameImage, layoutOf, NOW } from "../support/frames.js";
import { quadrantImage } from "../support/inspect.js";

const inter = loadFace("Inter");
const interBold = loadFace("Inter", "Bold", 700);
const lora = loadFace("Lora");
const hebrew = loadFace("NotoSansHebrew");

/** A run whose right edge is at `right` (as layout aligns numbers). */
function rightAligned(text: string, right: number, y: number, size = 9): TextRunItem {
  const run = textRun(inter, text, { x: 0, y, size });
  return { ...run, x: right - runWidth(run.glyphs) };
}

/** The golden's line items: description, quantity, amount. */
export const INVOICE_FRAME_ROWS: readonly (readonly [string, string, string])[] = [
  ["Office supplies (fine paper)", "2", "12.50"],
  ["Toner cartridge", "1", "89.00"],
  ["Desk lamp", "3", "24.99"],
  ["Filing cabinet", "1", "149.00"],
  ["Shipping", "1", "9.95"],
];

/** Paints the invoice-like frame with the given rows (the golden's by default). */
export async function paintInvoiceFrame(rows: readonly (readonly [string, string, string])[] = INVOICE_FRAME_ROWS): Promise<Uint8Array> {
  const logo = await quadrantImage("png", 32, 32);
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
        textRun(i === 0 ? lora : inter, item, { x: 30, y: y + 13, size: 9 }),
        rightAligned(qty, 300, y + 13),
        rightAligned(amount, 390, y + 13),
        { kind: "shape", geometry: { type: "line", x1: 24, y1: y + 18, x2: 396, y2: y + 18 }, stroke: { color: "#cccccc", width: 0.5 } },
      ];
    }),
    { kind: "shape", geometry: { type: "rect", x: 256, y: 214, width: 140, height: 28, radius: 6 }, fill: "#1f3a5f" },
    textRun(interBold, "Total", { x: 266, y: 232, size: 10, color: "#ffffff" }),
    { ...rightAligned("EUR 285.44", 388, 232, 10), face: interBold.key, color: "#ffffff" },
    textRun(inter, "Pay online: https://example.com/pay", { x: 24, y: 280, size: 8, color: "#1f5fbf" }),
    { kind: "link", x: 24, y: 272, width: 150, height: 10, url: "https://example.com/pay" },
  ];
  return paintPdf(
    layoutOf([items], { width: 420, height: 300, faces: [inter, interBold, lora, hebrew], images: { logo: frameImage("png", logo, 32, 32) } }),
    { title: "Golden invoice", now: NOW },
  );
}
