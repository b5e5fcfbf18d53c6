// The designer's canvas in jsdom: bands stacked as the engine stacks them, and the gestures that can be
// driven without a layout engine (jsdom boxes are all at 0,0, so pointer positions are canvas positions):
// select, shift multi-select, marquee, drag with grid snapping as one undo step, resize by a handle, band
// height, arrow-key commands, copy/paste/duplicate, z-order, align/distribute, diagnostics → elements.
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState, useSyncExternalStore } from "react";
import { afterEach, describe, expect, test } from "vitest";
import { align, distribute } from "../../src/designer/canvas/arrange";
import { Canvas } from "../../src/designer/canvas/Canvas";
import { copy, duplicate, nudge, paste } from "../../src/designer/canvas/commands";
import { stackBands } from "../../src/designer/canvas/stack";
import type { Band, Element, TemplateDocument } from "../../src/designer/engine";
import { LocalDocStore } from "./support/local-store";
import { targetOf } from "../../src/designer/preview/diagnostic-target";

afterEach(cleanup);

const text = (id: string, x: number, y: number, width = 100, height = 20): Element => ({ id, type: "text", x, y, width, height, text: id });
const band = (id: string, kind: Band["kind"], height: number, elements: Element[] = [], extra: Partial<Band> = {}): Band => ({ id, kind, height, elements, ...extra });

function doc(bands: Band[]): TemplateDocument {
  return { version: 4, pageSize: { id: "a4" }, margins: { top: 20, right: 20, bottom: 20, left: 20 }, bands, schema: [] };
}

describe("band stacking", () => {
  test("page header, the flow in array order with each detail's headers, nested bands and footers, page footer, background", () => {
    const stacked = stackBands([
      band("bg", "background", 10),
      band("pf", "page-footer", 20),
      band("rf", "report-footer", 30),
      band("dh", "detail-header", 5, [], { parentId: "d" }),
      band("d", "detail", 40, [], { bindingField: "orders" }),
      band("nested", "detail", 15, [], { parentId: "d", bindingField: "items" }),
      band("df", "detail-footer", 7, [], { parentId: "d" }),
      band("rh", "report-header", 50),
      band("ph", "page-header", 25),
    ]);
    // The flow is array order (a report footer before a report header stays there, as the engine prints it).
    expect(stacked.map((s) => s.band.id)).toEqual(["ph", "rf", "dh", "d", "nested", "df", "rh", "pf", "bg"]);
    expect(stacked.map((s) => s.top)).toEqual([0, 25, 55, 60, 100, 115, 122, 172, 192]);
    expect(stacked.find((s) => s.band.id === "nested")?.depth).toBe(1);
  });

  test("a band whose parent is missing or a page band prints at the top level", () => {
    const stacked = stackBands([band("a", "detail", 10, [], { parentId: "nope" }), band("ph", "page-header", 10), band("b", "detail", 10, [], { parentId: "ph" })]);
    expect(stacked.map((s) => [s.band.id, s.depth])).toEqual([["ph", 0], ["a", 0], ["b", 0]]);
  });
});

describe("align and distribute", () => {
  const els = [text("a", 10, 0, 50), text("b", 40, 30, 20), text("c", 100, 60, 30)];
  test("align to the selection's edges and centres", () => {
    expect(align(els, "left").map((c) => c.patch.x)).toEqual([10, 10, 10]);
    expect(align(els, "right").map((c) => c.patch.x)).toEqual([80, 110, 100]);
    expect(align(els, "center").map((c) => c.patch.x)).toEqual([45, 60, 55]);
    expect(align(els, "bottom").map((c) => c.patch.y)).toEqual([60, 60, 60]);
    expect(align([els[0]!], "left")).toEqual([]);
  });
  test("distribute leaves equal gaps between the outermost two", () => {
    const d = distribute(els, "x");
    // Span 10..130 = 120, sizes 100, gaps (120 - 100) / 2 = 10.
    expect(d).toEqual([{ id: "a", patch: { x: 10 } }, { id: "b", patch: { x: 70 } }, { id: "c", patch: { x: 100 } }]);
    expect(distribute(els.slice(0, 2), "x")).toEqual([]);
  });
});

/** The canvas with its selection state, over a local store; scale 1 (a point per pixel) and a 5 pt grid. */
function Harness({ store, grid = 5 }: { readonly store: LocalDocStore; readonly grid?: number }) {
  const editor = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [selection, setSelection] = useState<readonly string[]>([]);
  const [selectedBand, setSelectedBand] = useState<string | null>(null);
  return (
    <>
      <output data-testid="selection">{selection.join(",")}</output>
      <output data-testid="band">{selectedBand ?? ""}</output>
      <Canvas editor={editor} selection={selection} onSelect={setSelection} selectedBand={selectedBand} onSelectBand={setSelectedBand} scale={1} grid={grid} data={null} />
    </>
  );
}

const pointer = (type: string, x: number, y: number, extra: MouseEventInit = {}) => new MouseEvent(type, { clientX: x, clientY: y, bubbles: true, button: 0, ...extra });

function drag(target: HTMLElement, from: [number, number], to: [number, number], extra: MouseEventInit = {}) {
  fireEvent.pointerDown(target, { clientX: from[0], clientY: from[1], button: 0, ...extra });
  act(() => {
    for (let i = 1; i <= 4; i++) window.dispatchEvent(pointer("pointermove", from[0] + ((to[0] - from[0]) * i) / 4, from[1] + ((to[1] - from[1]) * i) / 4, extra));
    window.dispatchEvent(pointer("pointerup", to[0], to[1], extra));
  });
}

function setup() {
  const store = new LocalDocStore(doc([
    band("h", "report-header", 100, [text("a", 10, 10), text("b", 200, 10), text("c", 10, 60)]),
    band("d", "detail", 50, [text("e", 0, 0)]),
  ]));
  render(<Harness store={store} />);
  const el = (id: string) => screen.getByTestId(`element-${id}`);
  const current = () => store.getSnapshot().doc;
  const find = (id: string) => current().bands.flatMap((b) => b.elements.map((e) => ({ e, band: b.id }))).find((x) => x.e.id === id)!;
  return { store, el, current, find };
}

describe("canvas gestures", () => {
  test("click selects, shift-click adds and removes, a click on the band clears and selects the band", () => {
    const { el } = setup();
    fireEvent.pointerDown(el("a"), { button: 0 });
    act(() => void window.dispatchEvent(pointer("pointerup", 0, 0)));
    expect(screen.getByTestId("selection").textContent).toBe("a");
    expect(el("a").dataset["selected"]).toBe("true");
    fireEvent.pointerDown(el("b"), { button: 0, shiftKey: true });
    act(() => void window.dispatchEvent(pointer("pointerup", 0, 0)));
    expect(screen.getByTestId("selection").textContent).toBe("a,b");
    fireEvent.pointerDown(el("a"), { button: 0, shiftKey: true });
    act(() => void window.dispatchEvent(pointer("pointerup", 0, 0)));
    expect(screen.getByTestId("selection").textContent).toBe("b");
    fireEvent.pointerDown(screen.getByTestId("band-h"), { button: 0 });
    act(() => void window.dispatchEvent(pointer("pointerup", 0, 0)));
    expect(screen.getByTestId("selection").textContent).toBe("");
    expect(screen.getByTestId("band").textContent).toBe("h");
  });

  test("a drag moves the element, snapped to the grid, as one undo step", () => {
    const { el, find, store } = setup();
    // Element e (band d, which starts at 100) is far from the others' edges: only the grid applies.
    drag(el("e"), [5, 105], [38, 122]);
    // 0 + 33 = 33 → 35 on the 5 pt grid; 0 + 17 = 17 → 15.
    expect(find("e")).toMatchObject({ band: "d", e: { x: 35, y: 15 } });
    expect(store.getSnapshot().canUndo).toBe(true);
    act(() => store.getSnapshot().undo());
    expect(find("e").e).toMatchObject({ x: 0, y: 0 });
    expect(store.getSnapshot().canUndo).toBe(false);
  });

  test("a drag snaps to another element's edge before the grid, and shows a guide while held", () => {
    const { el, find } = setup();
    // Element b's left edge is at 200; a's right edge lands at 10 + 100 + 88 = 198: within 5 pt, it snaps to 200.
    fireEvent.pointerDown(el("a"), { clientX: 15, clientY: 15, button: 0 });
    act(() => void window.dispatchEvent(pointer("pointermove", 103, 16)));
    expect(screen.getAllByTestId("guide").length).toBeGreaterThan(0);
    act(() => void window.dispatchEvent(pointer("pointerup", 103, 16)));
    expect(find("a").e.x).toBe(100);
    expect(screen.queryAllByTestId("guide")).toHaveLength(0);
  });

  test("dragged below its band, a single element moves into the band there", () => {
    const { el, find } = setup();
    drag(el("c"), [15, 65], [15, 125]);
    // Band d starts at 100: y 60 + 60 = 120 → 20 inside band d.
    expect(find("c")).toMatchObject({ band: "d", e: { x: 10, y: 20 } });
  });

  test("a marquee selects the elements it touches; shift adds to the selection", () => {
    const { el } = setup();
    drag(screen.getByTestId("band-h"), [5, 5], [150, 40]);
    expect(screen.getByTestId("selection").textContent).toBe("a");
    drag(screen.getByTestId("band-h"), [5, 55], [40, 95], { shiftKey: true });
    expect(screen.getByTestId("selection").textContent).toBe("a,c");
    expect(el("c").dataset["selected"]).toBe("true");
  });

  test("the east handle resizes the width; the band grip the band's height", () => {
    const { el, find, current } = setup();
    fireEvent.pointerDown(el("b"), { button: 0 });
    act(() => void window.dispatchEvent(pointer("pointerup", 0, 0)));
    drag(screen.getByTestId("handle-e"), [300, 20], [352, 20]);
    expect(find("b").e).toMatchObject({ x: 200, width: 150 });
    drag(screen.getByTestId("handle-sw"), [200, 30], [190, 43]);
    expect(find("b").e).toMatchObject({ x: 190, width: 160, height: 35 });
    drag(screen.getByTestId("band-grip-h"), [50, 100], [50, 131]);
    expect(current().bands[0]!.height).toBe(130);
  });

  test("read-only: nothing moves and there are no handles", () => {
    const original = doc([band("h", "report-header", 100, [text("a", 10, 10)])]);
    const store = new LocalDocStore(original, false);
    render(<Harness store={store} />);
    drag(screen.getByTestId("element-a"), [15, 15], [80, 80]);
    fireEvent.keyDown(screen.getByTestId("element-a"), { key: "ArrowRight" });
    // The store's editor applies any edit it is given, as a Viewer's would locally: nothing is written only if the
    // canvas made no edit.
    expect(store.writes).toBe(0);
    expect(store.getSnapshot().doc).toEqual(original);
    expect(screen.queryByTestId("handle-e")).toBeNull();
    expect(screen.queryByTestId("band-grip-h")).toBeNull();
  });
});

describe("commands", () => {
  test("nudge, copy/paste and duplicate (new ids, offset 10 pt), z-order, delete; each one undo step", () => {
    const store = new LocalDocStore(doc([band("h", "report-header", 100, [text("a", 10, 10), text("b", 50, 10)]), band("d", "detail", 40)]));
    const ed = () => store.getSnapshot();
    nudge(ed(), ["a", "b"], 1, -10);
    expect(ed().doc.bands[0]!.elements.map((e) => [e.x, e.y])).toEqual([[11, 0], [51, 0]]);
    expect(copy(ed(), ["a"])).toBe(true);
    const pasted = paste(ed(), "d");
    expect(pasted).toHaveLength(1);
    expect(ed().doc.bands[1]!.elements[0]).toMatchObject({ id: pasted[0], x: 21, y: 10, text: "a" });
    const dup = duplicate(ed(), ["a", "b"]);
    expect(dup).toHaveLength(2);
    expect(new Set(ed().doc.bands[0]!.elements.map((e) => e.id)).size).toBe(4);
    ed().reorderElement("a", "front");
    expect(ed().doc.bands[0]!.elements.at(-1)!.id).toBe("a");
    ed().removeElements(dup);
    expect(ed().doc.bands[0]!.elements).toHaveLength(2);
    for (let i = 0; i < 5; i++) ed().undo();
    expect(ed().doc.bands[0]!.elements.map((e) => [e.id, e.x, e.y])).toEqual([["a", 10, 10], ["b", 50, 10]]);
    expect(ed().doc.bands[1]!.elements).toEqual([]);
    ed().redo();
    expect(ed().doc.bands[0]!.elements.map((e) => e.x)).toEqual([11, 51]);
  });

  test("removing a band takes its nested bands along", () => {
    const store = new LocalDocStore(doc([band("d", "detail", 10), band("dh", "detail-header", 10, [], { parentId: "d" }), band("n", "detail", 10, [], { parentId: "dh" }), band("rf", "report-footer", 10)]));
    store.getSnapshot().removeBand("d");
    expect(store.getSnapshot().doc.bands.map((b) => b.id)).toEqual(["rf"]);
  });
});

describe("diagnostics", () => {
  test("a diagnostic's path names an element or a band", () => {
    const d = doc([band("h", "report-header", 10, [text("a", 0, 0), text("b", 0, 0)])]);
    expect(targetOf("bands[0].elements[1].text", d)).toEqual({ bandId: "h", elementId: "b" });
    expect(targetOf("bands[0].height", d)).toEqual({ bandId: "h" });
    expect(targetOf("bands[3]", d)).toBeNull();
    expect(targetOf("schema[0]", d)).toBeNull();
    expect(targetOf(undefined, d)).toBeNull();
  });
});
