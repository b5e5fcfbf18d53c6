// How the designer names elements and bands to people (accessible names, pins, the selection announcement)
// and the keyboard's reading order over the canvas.
import { describe, expect, it } from "vitest";
import type { Band, Element } from "../../src/designer/engine";
import { bandLabel, elementKind, elementLabel, selectionAnnouncement } from "../../src/designer/canvas/labels";
import { readingOrder, stepFrom } from "../../src/designer/canvas/reading-order";
import { stackBands } from "../../src/designer/canvas/stack";

const text = (id: string, x: number, y: number, t: string): Element => ({ id, type: "text", x, y, width: 100, height: 20, text: t });

describe("labels", () => {
  it("names an element by what it shows or is bound to, never by its id", () => {
    expect(elementLabel(text("text3", 0, 0, "Invoice  {{number}}\n"))).toBe("Text “Invoice {{number}}”");
    expect(elementLabel(text("t", 0, 0, "x".repeat(60)))).toBe(`Text “${"x".repeat(39)}…”`);
    expect(elementLabel(text("t", 0, 0, " "))).toBe("Text (empty)");
    expect(elementLabel({ id: "tb", type: "table", x: 0, y: 0, width: 1, height: 1, bindingField: "items", columns: [] })).toBe("Table of items");
    expect(elementLabel({ id: "i", type: "image", x: 0, y: 0, width: 1, height: 1, src: "data:image/png;base64,AAAA" })).toBe("Image");
    expect(elementLabel({ id: "i", type: "image", x: 0, y: 0, width: 1, height: 1, bindingField: "logo" })).toBe("Image of logo");
    expect(elementLabel({ id: "b", type: "barcode", x: 0, y: 0, width: 1, height: 1, format: "qr", value: "{{url}}" })).toBe("Barcode qr “{{url}}”");
    expect(elementLabel({ id: "r", type: "rect", x: 0, y: 0, width: 1, height: 1 })).toBe("Rectangle");
  });

  it("says what an element is before the canvas reads out what it shows", () => {
    expect(elementKind(text("t", 0, 0, "Hello"))).toBe("Text");
    expect(elementKind({ id: "tb", type: "table", x: 0, y: 0, width: 1, height: 1, bindingField: "items", columns: [] })).toBe("Table of items");
    expect(elementKind({ id: "b", type: "barcode", x: 0, y: 0, width: 1, height: 1, format: "ean13", value: "1" })).toBe("Barcode ean13");
    expect(elementKind({ id: "i", type: "icon", x: 0, y: 0, width: 1, height: 1, name: "star" })).toBe("Icon star");
  });

  it("names a band by its name or kind and its binding", () => {
    expect(bandLabel({ id: "b1", kind: "detail", height: 20, bindingField: "items", elements: [] })).toBe("detail of items");
    expect(bandLabel({ id: "b1", kind: "report-header", name: "Top", height: 20, elements: [] })).toBe("Top");
  });

  it("announces one element with its band and box, several by count, a band, or nothing", () => {
    const band: Band = { id: "h", kind: "report-header", height: 80, elements: [] };
    const el = text("t", 20, 30, "Hello");
    expect(selectionAnnouncement([{ element: el, band }], band)).toBe("Text “Hello” selected, in report-header band, at x 20, y 30, 100 by 20 points");
    expect(selectionAnnouncement([{ element: el, band }, { element: el, band }], band)).toBe("2 elements selected");
    expect(selectionAnnouncement([], band)).toBe("report-header band selected, 80 points high");
    expect(selectionAnnouncement([], undefined)).toBe("Nothing selected");
  });
});

describe("reading order", () => {
  const bands: Band[] = [
    { id: "rows", kind: "detail", height: 20, bindingField: "items", elements: [text("cell", 0, 0, "{{name}}")] },
    // Paint order: the note first; reading order: top to bottom, one line (within 2 pt) left to right.
    { id: "page-top", kind: "page-header", height: 80, elements: [text("note", 0, 50, "n"), text("right", 200, 11, "r"), text("left", 0, 10, "l")] },
  ];
  const order = readingOrder(stackBands(bands));

  it("walks each band as stacked, then its elements as read", () => {
    expect(order.map((i) => i.id)).toEqual(["page-top", "left", "right", "note", "rows", "cell"]);
    expect(order.find((i) => i.id === "cell")).toEqual({ kind: "element", id: "cell", bandId: "rows" });
  });

  it("steps forwards and backwards, and stops at either end", () => {
    expect(stepFrom(order, "note", false)?.id).toBe("rows");
    expect(stepFrom(order, "note", true)?.id).toBe("right");
    expect(stepFrom(order, "cell", false)).toBeNull();
    expect(stepFrom(order, "page-top", true)).toBeNull();
    expect(stepFrom(order, "gone", false)).toBeNull();
  });
});
