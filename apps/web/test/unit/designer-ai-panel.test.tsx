// The AI tab against a fake server: a draft streamed as SSE lists its progress and replaces the document as
// one undoable step; refining a band replaces its elements and adds the fields it needs, also one step.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useSyncExternalStore } from "react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { AiPanel } from "../../src/designer/ai/AiPanel";
import type { TemplateDocument } from "../../src/designer/engine";
import { aiStartDocument } from "./support/ai-start";
import { LocalDocStore } from "./support/local-store";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const start: TemplateDocument = aiStartDocument;

const draft = {
  name: "Invoice", pageSize: { id: "letter" }, direction: "ltr", bodyFont: "Lora", headingFont: "Lora",
  bands: [{ id: "ph", kind: "page-header", height: 30, elements: [{ id: "title", type: "text", x: 0, y: 0, width: 200, height: 24, text: "INVOICE" }] }],
  schema: [{ key: "number", type: "string" }],
};

function sse(events: readonly [string, unknown][]): Response {
  const text = events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`).join(": keep-alive\n\n");
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // In two pieces cut mid-event, as a network delivers them.
      controller.enqueue(bytes.slice(0, 50));
      controller.enqueue(bytes.slice(50));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { "Content-Type": "text/event-stream" } });
}

function Panel({ store, bandId }: { readonly store: LocalDocStore; readonly bandId: string | null }) {
  const editor = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return <AiPanel editor={editor} bandId={bandId} data={{}} />;
}

describe("AI tab", () => {
  test("a draft shows the stream's progress and replaces the document in one undoable step", async () => {
    const calls: { url: string; form: FormData }[] = [];
    vi.stubGlobal("fetch", vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, form: init.body as FormData });
      return sse([["skeleton", { stage: "skeleton", bandsTotal: 1 }], ["band", { stage: "band", bandsTotal: 1, bandsCompleted: 1, bandId: "ph", failed: false }], ["done", { stage: "done", bandsTotal: 1, bandsCompleted: 1, template: draft }]]);
    }));
    const store = new LocalDocStore(start);
    render(<Panel store={store} bandId={null} />);
    fireEvent.change(screen.getByTestId("ai-prompt"), { target: { value: "An invoice" } });
    fireEvent.click(screen.getByTestId("ai-draft"));
    await waitFor(() => expect(screen.getByTestId("ai-progress").textContent).toMatch(/Done\./));
    expect(screen.getByTestId("ai-progress").textContent).toMatch(/Planned 1 band.*Band 1\/1: ph/);
    expect(calls[0]!.url).toBe("/api/ai/generate-band-template");
    expect(calls[0]!.form.get("prompt")).toBe("An invoice");
    const doc = store.getSnapshot().doc;
    expect(doc.pageSize).toEqual({ id: "letter" });
    expect(doc.fonts).toEqual({ body: "Lora", heading: "Lora" });
    expect(doc.margins).toEqual(start.margins);
    expect(doc.bands.map((b) => b.id)).toEqual(["ph"]);
    store.getSnapshot().undo();
    expect(store.getSnapshot().doc).toEqual(start);
  });

  test("an error event is shown and nothing changes", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => sse([["error", { stage: "error", message: "The model did not produce a usable skeleton." }]])));
    const store = new LocalDocStore(start);
    render(<Panel store={store} bandId={null} />);
    fireEvent.change(screen.getByTestId("ai-prompt"), { target: { value: "x" } });
    fireEvent.click(screen.getByTestId("ai-draft"));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toMatch(/usable skeleton/));
    expect(store.writes).toBe(0);
  });

  test("refine this band: new elements and the fields they need, one step", async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal("fetch", vi.fn(async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(init.body as string));
      return new Response(JSON.stringify({ bandId: "rh", elements: [{ id: "n", type: "text", x: 0, y: 0, width: 120, height: 20, text: "{{customer}}" }], newFields: [{ key: "customer", type: "string" }] }), { status: 200, headers: { "Content-Type": "application/json" } });
    }));
    const store = new LocalDocStore(start);
    render(<Panel store={store} bandId="rh" />);
    fireEvent.change(screen.getByLabelText(/What should change/), { target: { value: "Show the customer" } });
    fireEvent.click(screen.getByTestId("ai-refine"));
    await waitFor(() => expect(screen.getByTestId("ai-progress").textContent).toMatch(/refined/));
    expect(bodies[0]).toMatchObject({ bandId: "rh", instruction: "Show the customer", document: { bands: [{ id: "rh" }] } });
    expect(store.getSnapshot().doc.bands[0]!.elements.map((e) => e.id)).toEqual(["n"]);
    expect(store.getSnapshot().doc.schema).toEqual([{ key: "customer", type: "string" }]);
    store.getSnapshot().undo();
    expect(store.getSnapshot().doc).toEqual(start);
  });
});
