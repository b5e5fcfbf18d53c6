// Scripted answers for the fake model: a small invoice skeleton and band fills that name the band asked for.
import type { FakeCall, FakeReply } from "./fake-openai.js";

/** The skeleton's bands (ids in printing order). */
export const BAND_IDS = ["title", "items", "items-head", "totals"] as const;

/** A valid pass-1 answer. */
export function skeleton(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "Invoice",
    direction: "ltr",
    bodyFont: "Inter",
    headingFont: "Lora",
    pageSize: { id: "a4" },
    schema: [
      { key: "number", type: "string", sample: "INV-1" },
      { key: "items", type: "array", fields: [{ key: "name", type: "string" }, { key: "amount", type: "number" }], sample: [{ name: "Tea", amount: 3 }] },
      { key: "total", type: "number", sample: 3 },
    ],
    bands: [
      { id: "title", parentId: null, kind: "report-header", name: "Title and number", height: 60 },
      { id: "items", parentId: null, kind: "detail", name: "Line items", height: 20, bindingField: "items" },
      { id: "items-head", parentId: "items", kind: "detail-header", name: "Column captions", height: 20 },
      { id: "totals", parentId: null, kind: "report-footer", name: "Total", height: 30 },
    ],
    ...overrides,
  };
}

/** A valid pass-2 answer for the band the call asks for. */
export function band(bandId: string, elements?: unknown[]): Record<string, unknown> {
  return {
    bandId,
    height: 40,
    elements: elements ?? [{ id: `${bandId}-text`, type: "text", x: 0, y: 0, width: 300, height: 20, text: `Band ${bandId} {{number}}`, fontSize: 12 }],
  };
}

/** Answers every pass correctly. */
export function happy(call: FakeCall): FakeReply {
  if (call.pass === "skeleton") return { json: skeleton() };
  if (call.pass === "band" || call.pass === "revise_band") return { json: band(call.bandId ?? "?") };
  return { status: 500 };
}
