// A streaming draft on the canvas: the skeleton's empty bands appear first, each band's elements as its event
// arrives, all as a preview outside the document; done applies the draft as one undoable step and the
// preview goes away (also after an error).
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState, useSyncExternalStore } from "react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { AiPanel } from "../../src/designer/ai/AiPanel";
import { Canvas } from "../../src/designer/canvas/Canvas";
import type { TemplateDocument } from "../../src/designer/engine";
import { aiStartDocument } from "./support/ai-start";
import { LocalDocStore } from "./support/local-store";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const start: TemplateDocument = aiStartDocument;

const title = { id: "ph", kind: "page-header", parentId: null, name: "Header", height: 30, elements: [{ id: "title", type: "text", x: 0, y: 0, width: 200, height: 24, text: "INVOICE" }], failed: false };
const lines = { id: "items", kind: "detail", parentId: null, name: "Lines", height: 20, bindingField: "items", elements: [{ id: "desc", type: "text", x: 0, y: 0, width: 200, height: 16, text: "{{description}}" }], failed: false };
const empty = (b: typeof title | typeof lines) => ({ ...b, elements: [], failed: undefined });
const template = { name: "Invoice", pageSize: { id: "letter" }, direction: "ltr", bodyFont: "Lora", headingFont: "Lora", bands: [title, lines], schema: [{ key: "items", type: "array" }] };

/** A fake server whose SSE events the test sends one at a time. */
function controlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start(c) { controller = c; } });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { "Content-Type": "text/event-stream" } }),
    send: (name: string, data: Record<string, unknown>) => controller.enqueue(encoder.encode(`event: ${name}\ndata: ${JSON.stringify({ stage: name, ...data })}\n\n`)),
    close: () => controller.close(),
  };
}

function Designer({ store }: { readonly store: LocalDocStore }) {
  const editor = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [preview, setPreview] = useState<TemplateDocument | null>(null);
  return (
    <>
      <AiPanel editor={editor} bandId={null} data={{}} onPreview={setPreview} />
      <Canvas editor={editor} preview={preview} selection={[]} onSelect={() => {}} selectedBand={null} onSelectBand={() => {}} scale={1} grid={4} data={null} />
    </>
  );
}

async function startDraft(store: LocalDocStore) {
  const stream = controlledStream();
  vi.stubGlobal("fetch", vi.fn(async () => stream.response));
  render(<Designer store={store} />);
  fireEvent.change(screen.getByTestId("ai-prompt"), { target: { value: "An invoice" } });
  fireEvent.click(screen.getByTestId("ai-draft"));
  return stream;
}

describe("streaming draft on the canvas", () => {
  test("bands appear as they are filled, outside the document; done is one undoable step", async () => {
    const store = new LocalDocStore(start);
    const stream = await startDraft(store);

    await act(async () => stream.send("skeleton", { bandsTotal: 2, pageSize: { id: "letter" }, bands: [empty(title), empty(lines)] }));
    await waitFor(() => expect(screen.queryByTestId("band-items")).not.toBeNull());
    expect(screen.getByTestId("band-ph")).toBeTruthy();
    expect(screen.queryByTestId("band-rh")).toBeNull();
    expect(screen.queryByTestId("element-title")).toBeNull();
    expect(screen.getByTestId("designer-canvas").getAttribute("data-preview")).toBe("draft");

    await act(async () => stream.send("band", { bandsTotal: 2, bandsCompleted: 1, bandId: "ph", failed: false, band: title }));
    await waitFor(() => expect(screen.queryByTestId("element-title")).not.toBeNull());
    expect(screen.queryByTestId("element-desc")).toBeNull();
    // The document itself has not changed: peers and undo see nothing of the preview.
    expect(store.writes).toBe(0);
    expect(store.getSnapshot().canUndo).toBe(false);

    await act(async () => stream.send("band", { bandsTotal: 2, bandsCompleted: 2, bandId: "items", failed: false, band: lines }));
    await waitFor(() => expect(screen.queryByTestId("element-desc")).not.toBeNull());
    expect(store.writes).toBe(0);

    await act(async () => { stream.send("done", { bandsTotal: 2, bandsCompleted: 2, template }); stream.close(); });
    await waitFor(() => expect(screen.getByTestId("ai-progress").textContent).toMatch(/Done\./));
    expect(screen.getByTestId("designer-canvas").getAttribute("data-preview")).toBeNull();
    expect(store.getSnapshot().doc.bands.map((b) => b.id)).toEqual(["ph", "items"]);
    expect(screen.getByTestId("element-title")).toBeTruthy();

    act(() => store.getSnapshot().undo());
    expect(store.getSnapshot().doc).toEqual(start);
    expect(store.getSnapshot().canUndo).toBe(false);
    await waitFor(() => expect(screen.queryByTestId("band-ph")).toBeNull());
    expect(screen.getByTestId("element-t")).toBeTruthy();
  });

  test("an error after some bands clears the preview and leaves the document as it was", async () => {
    const store = new LocalDocStore(start);
    const stream = await startDraft(store);
    await act(async () => {
      stream.send("skeleton", { bandsTotal: 2, pageSize: { id: "letter" }, bands: [empty(title), empty(lines)] });
      stream.send("band", { bandsTotal: 2, bandsCompleted: 1, bandId: "ph", failed: false, band: title });
    });
    await waitFor(() => expect(screen.queryByTestId("element-title")).not.toBeNull());
    await act(async () => { stream.send("error", { message: "An unexpected error occurred." }); stream.close(); });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toMatch(/unexpected error/));
    await waitFor(() => expect(screen.queryByTestId("element-title")).toBeNull());
    expect(screen.getByTestId("element-t")).toBeTruthy();
    expect(store.writes).toBe(0);
  });
});
