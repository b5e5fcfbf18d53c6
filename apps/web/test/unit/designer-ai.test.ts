// The designer's AI plumbing: the SSE parser (chunks split anywhere, keep-alives, the stage from the event
// name) and how results become the document (draft, revision of only the changed bands, refined band).
import { describe, expect, test } from "vitest";
import { draftDocument, refinedDocument, revisedDocument, toGenerated, type GeneratedBandTemplate } from "../../src/designer/ai/apply";
import { parseSse } from "../../src/designer/ai/sse";
import type { TemplateDocument } from "../../src/designer/engine";

describe("SSE parsing", () => {
  test("events split across chunks, comments skipped, the stage from the data or the event name", () => {
    const stream = ': keep-alive\n\nevent: skeleton\ndata: {"stage":"skeleton","bandsTotal":2}\n\nevent: band\ndata: {"bandsTotal":2,"bandsCompleted":1,"bandId":"rh","failed":false}\n\nevent: done\ndata: {"stage":"done","template":{"name":"x"}}\n\n';
    const seen: string[] = [];
    let rest = "";
    for (let i = 0; i < stream.length; i += 7) {
      const parsed = parseSse(rest + stream.slice(i, i + 7));
      rest = parsed.rest;
      seen.push(...parsed.events.map((e) => `${e.stage}:${e.bandId ?? e.bandsTotal ?? ""}`));
    }
    expect(seen).toEqual(["skeleton:2", "band:rh", "done:"]);
    expect(parseSse("event: error\ndata: not json\n\n").events).toEqual([]);
  });
});

const current: TemplateDocument = {
  version: 4, pageSize: { id: "a4" }, margins: { top: 10, right: 10, bottom: 10, left: 10 }, brand: { primary: "#112233" },
  bands: [
    { id: "rh", kind: "report-header", height: 40, elements: [{ id: "t", type: "text", x: 0, y: 0, width: 100, height: 20, text: "Old", border: { width: 1 } }] },
    { id: "d", kind: "detail", height: 20, bindingField: "items", keepWithPrevious: true, elements: [{ id: "q", type: "text", x: 0, y: 0, width: 50, height: 12, text: "{{qty}}", padding: 2 }] },
  ],
  schema: [{ key: "items", type: "array", fields: [{ key: "qty", type: "number" }] }],
};

describe("applying AI results", () => {
  test("a draft becomes the document; margins and brand stay", () => {
    const wire = { name: "Draft", pageSize: { id: "letter" }, bands: [{ id: "b1", kind: "report-header", height: 30, elements: [{ id: "h", type: "text", x: 0, y: 0, width: 200, height: 24, text: "Hello" }] }], schema: [{ key: "name", type: "string" }] } as unknown as GeneratedBandTemplate;
    const doc = draftDocument(wire, current);
    expect(doc.pageSize).toEqual({ id: "letter" });
    expect(doc.margins).toEqual(current.margins);
    expect(doc.brand).toEqual(current.brand);
    expect(doc.bands.map((b) => b.id)).toEqual(["b1"]);
    expect(doc.bands[0]!.elements[0]).toMatchObject({ type: "text", text: "Hello" });
  });

  test("a revision replaces only the bands it changed; the others keep every key the wire shape lacks", () => {
    const wire = toGenerated(current);
    const changedWire = { ...wire, bands: wire.bands.map((b) => (b.id === "rh" ? { ...b, elements: [{ ...b.elements![0]!, text: "New" }] } : b)) } as GeneratedBandTemplate;
    const doc = revisedDocument(changedWire, current, new Set(["rh"]));
    expect(doc.bands[0]!.elements[0]).toMatchObject({ id: "t", text: "New" });
    // Band d was not changed: its element keeps padding, the band keepWithPrevious (neither is in the wire shape).
    expect(doc.bands[1]).toEqual(current.bands[1]);
    expect(doc.margins).toEqual(current.margins);
  });

  test("a refined band gets its new elements; the fields it needs join the schema once", () => {
    const doc = refinedDocument(current, "d", [{ id: "n", type: "text", x: 0, y: 0, width: 80, height: 12, text: "{{price}}" } as never], [{ key: "price", type: "number" } as never, { key: "items", type: "array" } as never]);
    expect(doc.bands[1]!.elements.map((e) => e.id)).toEqual(["n"]);
    expect(doc.bands[0]).toEqual(current.bands[0]);
    expect(doc.schema.map((f) => f.key)).toEqual(["items", "price"]);
    expect(refinedDocument(current, "missing", [], [])).toBe(current);
  });
});
