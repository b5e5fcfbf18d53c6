// Gestures that end without a pointerup (issue 31, item 1): the browser's own image drag fires pointercancel,
// a window loses focus, Escape is pressed. followPointer ends the gesture exactly once as cancelled; the
// canvas then commits nothing, releases its interaction lock and ghost, and a later drag moves only what it
// grabbed. (The Chromium test, test/e2e/designer-gestures.test.ts, covers the real browser drag.)
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState, useSyncExternalStore } from "react";
import { afterEach, describe, expect, test } from "vitest";
import type { AwarenessPeer, DesignerAwareness, InteractionLock } from "@docsvc/collab-doc";
import { Canvas } from "../../src/designer/canvas/Canvas";
import type { CanvasCollab } from "../../src/designer/canvas/collab";
import { followPointer } from "../../src/designer/canvas/pointer-gesture";
import type { Band, Element, TemplateDocument } from "../../src/designer/engine";
import { LocalDocStore } from "./support/local-store";

afterEach(cleanup);

const pointer = (type: string, x: number, y: number) => new MouseEvent(type, { clientX: x, clientY: y, bubbles: true, button: 0 });

describe("followPointer", () => {
  function follow() {
    const log: string[] = [];
    const target = document.createElement("div");
    document.body.append(target);
    const end = followPointer({ pointerId: 1, currentTarget: target }, {
      move: (e) => log.push(`move ${e.clientX}`),
      up: () => log.push("up"),
      cancel: () => log.push("cancel"),
    });
    return { log, end, target };
  }

  test("moves until the pointer is released, then nothing more", () => {
    const { log } = follow();
    window.dispatchEvent(pointer("pointermove", 5, 0));
    window.dispatchEvent(pointer("pointerup", 5, 0));
    window.dispatchEvent(pointer("pointermove", 9, 0));
    window.dispatchEvent(new Event("blur"));
    expect(log).toEqual(["move 5", "up"]);
  });

  test.each([
    ["pointercancel (the browser took the pointer, as for its own image drag)", () => window.dispatchEvent(pointer("pointercancel", 0, 0))],
    ["a window blur", () => window.dispatchEvent(new Event("blur"))],
    ["Escape", () => window.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }))],
  ])("%s cancels once, and the later pointerup does nothing", (_what, interrupt) => {
    const { log } = follow();
    window.dispatchEvent(pointer("pointermove", 3, 0));
    interrupt();
    window.dispatchEvent(pointer("pointermove", 7, 0));
    window.dispatchEvent(pointer("pointerup", 7, 0));
    expect(log).toEqual(["move 3", "cancel"]);
  });

  test("Escape during a gesture goes no further than the gesture; other keys pass", () => {
    const { target } = follow();
    const seen: string[] = [];
    target.addEventListener("keydown", (e) => seen.push(e.key));
    target.dispatchEvent(new KeyboardEvent("keydown", { key: "a", bubbles: true }));
    target.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(seen).toEqual(["a"]);
  });

  test("the returned function cancels (a newer gesture, an unmount)", () => {
    const { log, end } = follow();
    end();
    end();
    window.dispatchEvent(pointer("pointerup", 0, 0));
    expect(log).toEqual(["cancel"]);
  });
});

const text = (id: string, x: number, y: number): Element => ({ id, type: "text", x, y, width: 100, height: 20, text: id });
const image = (id: string, x: number, y: number): Element => ({ id, type: "image", x, y, width: 40, height: 40, src: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==" });

function doc(bands: Band[]): TemplateDocument {
  return { version: 4, pageSize: { id: "a4" }, margins: { top: 20, right: 20, bottom: 20, left: 20 }, bands, schema: [] };
}

/** The session's side of the lock, as the canvas sees it: claims, releases and the ghost published. */
class FakeCollab {
  lock: readonly string[] | null = null;
  ghost: unknown = null;
  releases = 0;
  readonly api: CanvasCollab = {
    peers: [] as readonly AwarenessPeer[],
    setLocalAwareness: (patch: Partial<DesignerAwareness>) => { if ("ghost" in patch) this.ghost = patch.ghost; },
    claim: (ids: readonly string[], _kind: InteractionLock["kind"]) => { this.lock = ids; return true; },
    release: () => { this.lock = null; this.ghost = null; this.releases += 1; },
    lockedBy: () => undefined,
    holdsLock: () => this.lock !== null,
  };
}

function Harness({ store, collab }: { readonly store: LocalDocStore; readonly collab: CanvasCollab }) {
  const editor = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [selection, setSelection] = useState<readonly string[]>([]);
  const [selectedBand, setSelectedBand] = useState<string | null>(null);
  return <Canvas editor={editor} selection={selection} onSelect={setSelection} selectedBand={selectedBand} onSelectBand={setSelectedBand} scale={1} grid={0} data={null} collab={collab} />;
}

function setup() {
  const store = new LocalDocStore(doc([band("h", [image("img", 10, 10), text("t", 200, 10)])]));
  const collab = new FakeCollab();
  render(<Harness store={store} collab={collab.api} />);
  const find = (id: string) => store.getSnapshot().doc.bands[0]!.elements.find((e) => e.id === id)!;
  return { store, collab, find };
}

function band(id: string, elements: Element[]): Band {
  return { id, kind: "report-header", height: 200, elements };
}

describe("the canvas when a gesture is interrupted", () => {
  test("an image is not draggable by the browser, and a drag start on an element is refused", () => {
    setup();
    const img = screen.getByTestId("element-img").querySelector("img")!;
    expect(img.getAttribute("draggable")).toBe("false");
    const start = new Event("dragstart", { bubbles: true, cancelable: true });
    img.dispatchEvent(start);
    expect(start.defaultPrevented).toBe(true);
  });

  test("pointercancel mid-drag: nothing is committed, the preview goes back, the lock and ghost are released", () => {
    const { store, collab, find } = setup();
    fireEvent.pointerDown(screen.getByTestId("element-img"), { clientX: 20, clientY: 20, button: 0 });
    act(() => void window.dispatchEvent(pointer("pointermove", 60, 50)));
    expect(collab.lock).toEqual(["img"]);
    expect(collab.ghost).not.toBeNull();
    expect(screen.getByTestId("element-img").style.left).toBe("50px");
    act(() => void window.dispatchEvent(pointer("pointercancel", 60, 50)));
    expect(collab.lock).toBeNull();
    expect(collab.ghost).toBeNull();
    expect(screen.getByTestId("element-img").style.left).toBe("10px");
    act(() => void window.dispatchEvent(pointer("pointerup", 60, 50)));
    expect(find("img")).toMatchObject({ x: 10, y: 10 });
    expect(store.getSnapshot().canUndo).toBe(false);
  });

  test("a drag that starts while another never ended moves only what it grabbed", () => {
    const { collab, find } = setup();
    // The first gesture never sees its pointerup (as when the browser started its own drag without a pointercancel).
    fireEvent.pointerDown(screen.getByTestId("element-img"), { clientX: 20, clientY: 20, button: 0 });
    act(() => void window.dispatchEvent(pointer("pointermove", 40, 20)));
    fireEvent.pointerDown(screen.getByTestId("element-t"), { clientX: 210, clientY: 20, button: 0 });
    expect(collab.lock).toEqual(["t"]);
    act(() => {
      window.dispatchEvent(pointer("pointermove", 250, 40));
      window.dispatchEvent(pointer("pointerup", 250, 40));
    });
    expect(find("t")).toMatchObject({ x: 240, y: 30 });
    expect(find("img")).toMatchObject({ x: 10, y: 10 });
    expect(collab.lock).toBeNull();
  });

  test("Escape mid-resize commits nothing and keeps the selection", () => {
    const { collab, find } = setup();
    fireEvent.pointerDown(screen.getByTestId("element-t"), { clientX: 210, clientY: 20, button: 0 });
    act(() => void window.dispatchEvent(pointer("pointerup", 210, 20)));
    expect(collab.releases).toBe(1);
    fireEvent.pointerDown(screen.getByTestId("handle-e"), { clientX: 300, clientY: 20, button: 0 });
    act(() => void window.dispatchEvent(pointer("pointermove", 340, 20)));
    act(() => void window.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true })));
    act(() => void window.dispatchEvent(pointer("pointerup", 340, 20)));
    expect(find("t")).toMatchObject({ x: 200, width: 100 });
    expect(collab.releases).toBe(2);
    expect(screen.getByTestId("element-t").dataset["selected"]).toBe("true");
  });

  test("a window blur mid-drag of the band's height commits nothing", () => {
    const { store, collab } = setup();
    fireEvent.pointerDown(screen.getByTestId("band-grip-h"), { clientX: 50, clientY: 200, button: 0 });
    act(() => void window.dispatchEvent(pointer("pointermove", 50, 260)));
    act(() => void window.dispatchEvent(new Event("blur")));
    act(() => void window.dispatchEvent(pointer("pointerup", 50, 260)));
    expect(store.getSnapshot().doc.bands[0]!.height).toBe(200);
    expect(collab.lock).toBeNull();
  });
});
