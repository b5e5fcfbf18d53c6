// The designer's panels: the schema's paths and samples, the token picker with its live examples, and the
// element panel writing one key per change through the editor.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useSyncExternalStore } from "react";
import { afterEach, describe, expect, test } from "vitest";
import { BarcodeView } from "../../src/designer/canvas/BarcodeView";
import { IconView } from "../../src/designer/canvas/IconView";
import { MarkdownView } from "../../src/designer/canvas/MarkdownView";
import type { TemplateDocument } from "../../src/designer/engine";
import { ElementProps } from "../../src/designer/panels/ElementProps";
import { fieldPaths, sampleFromSchema } from "../../src/designer/panels/schema-paths";
import { exampleOf, TokenPicker } from "../../src/designer/panels/TokenPicker";
import { LocalDocStore } from "./support/local-store";

afterEach(cleanup);

const doc: TemplateDocument = {
  version: 4, pageSize: { id: "a4" }, locale: "de-DE",
  bands: [{ id: "h", kind: "report-header", height: 50, elements: [
    { id: "t", type: "text", x: 0, y: 0, width: 100, height: 20, text: "Total " },
    { id: "tb", type: "table", x: 0, y: 20, width: 200, height: 30, bindingField: "items", columns: [{ key: "qty", header: "Qty", width: 50 }] },
  ] }],
  schema: [
    { key: "total", type: "number", sample: 1234.5 },
    { key: "customer", type: "object", fields: [{ key: "name", type: "string", sample: "Ada" }] },
    { key: "items", type: "array", fields: [{ key: "qty", type: "number" }, { key: "due", type: "date" }] },
  ],
};

describe("schema paths and samples", () => {
  test("paths by depth, item fields relative to their array", () => {
    expect(fieldPaths(doc.schema).map((f) => `${f.within ?? ""}|${f.path}|${f.type}`)).toEqual([
      "|total|number", "|customer|object", "|customer.name|string", "|items|array", "items|qty|number", "items|due|date",
    ]);
    expect(sampleFromSchema(doc.schema)).toEqual({ total: 1234.5, customer: { name: "Ada" }, items: [{ qty: 1234.5, due: "2026-01-15" }] });
  });
});

describe("token picker", () => {
  test("live examples use the engine's formatting and the document's locale", () => {
    expect(exampleOf('{{total | number:"#,##0.00"}}', doc, { total: 1234.5 })).toBe("1.234,50");
    expect(exampleOf('{{d | date:"iso"}}', doc, { d: "2026-03-04" })).toBe("2026-03-04");
    expect(exampleOf("{{$page}} / {{$pages}}", doc, {})).toBe("1 / 3");
  });

  test("choosing a field and a format hands the token back", () => {
    const picked: string[] = [];
    render(<TokenPicker schema={doc.schema} doc={doc} data={{ total: 1234.5 }} onPick={(t) => picked.push(t)} />);
    fireEvent.click(screen.getByTestId("token-picker-open"));
    fireEvent.change(screen.getByTestId("token-field"), { target: { value: "total" } });
    const options = screen.getAllByTestId("token-option");
    expect(options.map((o) => o.textContent)).toContain('{{total | number:"decimal"}}');
    expect(screen.getAllByText("1.234,50").length).toBeGreaterThan(0);
    fireEvent.click(options.find((o) => o.textContent === '{{total | number:"decimal"}}')!);
    expect(picked).toEqual(['{{total | number:"decimal"}}']);
  });
});

function Props({ store, id }: { readonly store: LocalDocStore; readonly id: string }) {
  const editor = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const band = editor.doc.bands[0]!;
  const element = band.elements.find((e) => e.id === id)!;
  return <ElementProps editor={editor} element={element} band={band} fonts={["Inter", "Lora"]} data={{ total: 1 }} />;
}

describe("element properties", () => {
  test("each change is one edit of one key; emptying an optional key removes it", () => {
    const store = new LocalDocStore(doc);
    render(<Props store={store} id="t" />);
    const el = () => store.getSnapshot().doc.bands[0]!.elements[0] as unknown as Record<string, unknown>;
    fireEvent.change(screen.getByTestId("prop-fontSize"), { target: { value: "14" } });
    expect(el()["fontSize"]).toBe(14);
    fireEvent.change(screen.getByTestId("prop-fontFamily"), { target: { value: "Lora" } });
    fireEvent.change(screen.getByTestId("prop-color"), { target: { value: "@primary" } });
    fireEvent.click(screen.getByTestId("prop-italic"));
    fireEvent.change(screen.getByTestId("prop-border.width"), { target: { value: "2" } });
    expect(el()).toMatchObject({ fontFamily: "Lora", color: "@primary", italic: true, border: { width: 2 } });
    fireEvent.change(screen.getByTestId("prop-fontSize"), { target: { value: "" } });
    expect("fontSize" in el()).toBe(false);
    // The token picker appends to the text.
    fireEvent.click(screen.getByTestId("token-picker-open"));
    fireEvent.change(screen.getByTestId("token-field"), { target: { value: "total" } });
    fireEvent.click(screen.getAllByTestId("token-option")[0]!);
    expect(el()["text"]).toBe("Total {{total}}");
    store.getSnapshot().undo();
    expect(el()["text"]).toBe("Total ");
  });

  test("a table's columns: add one from the items' fields, set its format", () => {
    const store = new LocalDocStore(doc);
    render(<Props store={store} id="tb" />);
    fireEvent.click(screen.getByTestId("column-add"));
    fireEvent.change(screen.getByTestId("column-1-format"), { target: { value: 'date:"medium"' } });
    const table = store.getSnapshot().doc.bands[0]!.elements[1] as unknown as { columns: { key: string; format?: string }[] };
    expect(table.columns).toEqual([{ key: "qty", header: "Qty", width: 50 }, { key: "due", header: "Due", width: 80, format: 'date:"medium"' }]);
  });
});

describe("icons on the canvas", () => {
  test("a Lucide name draws the icon's paths in the element's colour; inline SVG is an image; unknown names say so", async () => {
    const { container } = render(<IconView name="check" svg={undefined} colour="#ff0000" />);
    await waitFor(() => expect(container.querySelector('svg[data-icon="check"] path')).not.toBeNull(), { timeout: 10_000 });
    expect(container.querySelector("svg")!.getAttribute("stroke")).toBe("#ff0000");
    cleanup();
    const inline = render(<IconView name={undefined} svg={'<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>'} colour="#000" />);
    expect(inline.container.querySelector("img")!.getAttribute("src")).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    cleanup();
    const unknown = render(<IconView name="no-such-icon" svg={undefined} colour="#000" />);
    await new Promise((r) => setTimeout(r, 50));
    expect(unknown.container.textContent).toBe("no-such-icon");
  }, 20_000);
});

describe("barcodes on the canvas", () => {
  test("drawn by the renderer's encoder as an SVG image; a value the symbology refuses shows why", async () => {
    const { container } = render(<BarcodeView format="ean13" value="4006381333931" showText colour="#112233" />);
    await waitFor(() => expect(container.querySelector('img[data-barcode="ean13"]')).not.toBeNull(), { timeout: 10_000 });
    const svg = decodeURIComponent(container.querySelector("img")!.getAttribute("src")!.replace(/^data:image\/svg\+xml;charset=utf-8,/, ""));
    expect(svg).toMatch(/^<svg/);
    expect(svg).toMatch(/#112233/i);
    cleanup();
    const bad = render(<BarcodeView format="ean13" value="12" showText={false} colour="#000" />);
    await waitFor(() => expect(bad.container.querySelector(".d-placeholder")!.textContent).toMatch(/EAN-13|digits|length/i), { timeout: 10_000 });
  }, 20_000);
});

describe("markdown on the canvas", () => {
  test("headings, emphasis, code, lists and links as nodes; raw HTML stays text", () => {
    const { container } = render(<MarkdownView text={"# Title\nSome **bold** and *it* with `code`\n- one\n- [two](https://x.example)\n<b onclick=x>raw</b>"} />);
    expect(container.querySelector("strong")!.textContent).toBe("bold");
    expect(container.querySelector("em")!.textContent).toBe("it");
    expect(container.querySelector("code")!.textContent).toBe("code");
    expect(container.querySelector("u")!.textContent).toBe("two");
    expect(container.textContent).toContain("• one");
    expect(container.querySelector("b")).toBeNull();
    expect(container.textContent).toContain("<b onclick=x>raw</b>");
    expect(container.querySelector("a")).toBeNull();
  });
});
