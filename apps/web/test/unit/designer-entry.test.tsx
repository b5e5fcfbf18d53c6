// Placement and entry in the designer (issue 31, item 7): where a clicked-in element goes, a bare number pattern
// as a column format, and item fields of an array added by hand in the Data tab (the table's key suggestions).
// The band-height grip and "Add band" need a real browser's hit-testing and scrolling: test/e2e/designer-gestures.test.ts.
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState, useSyncExternalStore } from "react";
import { afterEach, describe, expect, test } from "vitest";
import { clampDrop, freeSpot } from "../../src/designer/canvas/placement";
import type { SchemaField, TableColumn, TemplateDocument } from "../../src/designer/engine";
import { readColumnFormat } from "../../src/designer/panels/column-format";
import { ColumnsEditor } from "../../src/designer/panels/ColumnsEditor";
import { itemFields } from "../../src/designer/panels/ElementProps";
import { addField, containersOf, removeField } from "../../src/designer/panels/schema-edit";
import { SchemaPanel } from "../../src/designer/panels/SchemaPanel";
import { LocalDocStore } from "./support/local-store";

afterEach(cleanup);

describe("where a new element goes", () => {
  const band = { width: 500, height: 100 };
  test("an empty band: its top left, inside the gap", () => {
    expect(freeSpot([], { width: 120, height: 60 }, band)).toEqual({ x: 8, y: 8 });
  });

  test("beside what is there, never on top of it", () => {
    const taken = [{ x: 0, y: 0, width: 200, height: 40 }];
    const spot = freeSpot(taken, { width: 120, height: 60 }, band);
    expect(spot).toEqual({ x: 208, y: 8 });
  });

  test("below what is there when nothing beside it is free", () => {
    const taken = [{ x: 0, y: 0, width: 400, height: 20 }];
    expect(freeSpot(taken, { width: 120, height: 60 }, band)).toEqual({ x: 8, y: 28 });
  });

  test("a full band: below its lowest element, with the height the band needs", () => {
    const taken = [{ x: 0, y: 0, width: 500, height: 90 }];
    expect(freeSpot(taken, { width: 120, height: 60 }, band)).toEqual({ x: 8, y: 98, bandHeight: 166 });
    // An element taller than an empty band grows it too.
    expect(freeSpot([], { width: 80, height: 120 }, band)).toEqual({ x: 8, y: 8, bandHeight: 136 });
  });

  test("a drop keeps the element on the page", () => {
    expect(clampDrop({ x: 480.4, y: -3 }, { width: 100 }, 500)).toEqual({ x: 400, y: 0 });
    expect(clampDrop({ x: 12.6, y: 30.2 }, { width: 100 }, 500)).toEqual({ x: 13, y: 30 });
  });
});

describe("a table column's format", () => {
  test("a bare number pattern is read as the number filter, and says so", () => {
    expect(readColumnFormat("#,##0.00")).toEqual({ ok: true, format: 'number:"#,##0.00"', note: 'Read as number:"#,##0.00".' });
    expect(readColumnFormat(" 0.0% ")).toMatchObject({ ok: true, format: 'number:"0.0%"' });
  });

  test("a bare date pattern is read as the date filter", () => {
    expect(readColumnFormat("dd.MM.yyyy")).toMatchObject({ ok: true, format: 'date:"dd.MM.yyyy"' });
  });

  test("a filter chain is kept as written; empty is no format", () => {
    expect(readColumnFormat('number:"#,##0.00"')).toEqual({ ok: true, format: 'number:"#,##0.00"' });
    expect(readColumnFormat('date:"medium"')).toEqual({ ok: true, format: 'date:"medium"' });
    expect(readColumnFormat("  ")).toEqual({ ok: true, format: undefined });
  });

  test("anything else is refused with the reason", () => {
    const read = readColumnFormat('numbr:"#,##0.00"');
    expect(read.ok).toBe(false);
    expect(!read.ok && read.reason).toMatch(/"numbr" is not a format/);
    expect(readColumnFormat("euros").ok).toBe(false);
  });

  function Columns({ onChange }: { readonly onChange: (c: TableColumn[]) => void }) {
    const [columns, setColumns] = useState<TableColumn[]>([{ key: "price", header: "Price", width: 80 }]);
    return <ColumnsEditor columns={columns} itemKeys={["price"]} onChange={(c) => { setColumns(c); onChange(c); }} />;
  }

  test("typed into the columns editor: the bare pattern is stored as number:\"…\" when the field is left", () => {
    const changes: TableColumn[][] = [];
    render(<Columns onChange={(c) => changes.push(c)} />);
    const input = screen.getByTestId("column-0-format") as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: "#,##0.00" } });
    // Not written while typed: a half-typed pattern is not a format yet.
    expect(changes).toEqual([]);
    fireEvent.blur(input);
    expect(changes.at(-1)?.[0]?.format).toBe('number:"#,##0.00"');
    expect(input.value).toBe('number:"#,##0.00"');
    expect(screen.getByRole("status").textContent).toMatch(/Read as number:"#,##0.00"/);
  });

  test("typed into the columns editor: a wrong format is said invalid, and the column keeps its format", () => {
    const changes: TableColumn[][] = [];
    render(<Columns onChange={(c) => changes.push(c)} />);
    const input = screen.getByTestId("column-0-format") as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: "money" } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(screen.getByRole("alert").textContent).toMatch(/"money" is not a format/);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(changes).toEqual([]);
  });
});

describe("item fields of an array added by hand", () => {
  const schema: SchemaField[] = [{ key: "number", type: "string" }, { key: "lines", type: "array", fields: [] }, { key: "customer", type: "object", fields: [{ key: "name", type: "string" }] }];

  test("the containers a field can go into, and adding and removing one there", () => {
    expect(containersOf(schema).map((c) => c.label)).toEqual(["lines[]", "customer"]);
    const withQty = addField(schema, ["lines"], { key: "qty", type: "number" })!;
    expect(withQty.find((f) => f.key === "lines")?.fields).toEqual([{ key: "qty", type: "number" }]);
    expect(addField(withQty, ["lines"], { key: "qty", type: "string" })).toBeUndefined();
    expect(addField(schema, ["number"], { key: "x", type: "string" })).toBeUndefined();
    expect(removeField(withQty, ["lines", "qty"]).find((f) => f.key === "lines")?.fields).toEqual([]);
  });

  function Data({ store }: { readonly store: LocalDocStore }) {
    const editor = useSyncExternalStore(store.subscribe, store.getSnapshot);
    return <SchemaPanel editor={editor} dataText="{}" dataError={null} onDataText={() => undefined} onResetData={() => undefined} onFieldPointerDown={() => undefined} />;
  }

  test("in the Data tab: a new array, then its item fields; a table bound to it is offered those keys", () => {
    const doc: TemplateDocument = { version: 4, pageSize: { id: "a4" }, bands: [], schema: [] };
    const store = new LocalDocStore(doc);
    render(<Data store={store} />);
    const add = (key: string, type: string, parent?: string) => {
      fireEvent.change(screen.getByTestId("schema-new-key"), { target: { value: key } });
      fireEvent.change(screen.getByLabelText("New field type"), { target: { value: type } });
      if (parent !== undefined) fireEvent.change(screen.getByTestId("schema-new-parent"), { target: { value: parent } });
      act(() => void fireEvent.click(screen.getByRole("button", { name: "Add field" })));
    };
    add("lines", "array");
    expect(itemFields(store.getSnapshot().doc.schema, "lines")).toEqual([]);
    add("description", "string", "lines");
    add("amount", "number", "lines");
    expect(itemFields(store.getSnapshot().doc.schema, "lines")).toEqual(["description", "amount"]);
    expect(screen.getByTestId("field-lines.amount")).toBeTruthy();
    // The same key twice in one place is refused with the reason.
    add("amount", "number", "lines");
    expect(screen.getByRole("alert").textContent).toMatch(/already/);
    // An item field is removed where it is.
    act(() => void fireEvent.click(screen.getByRole("button", { name: "Remove field lines.description" })));
    expect(itemFields(store.getSnapshot().doc.schema, "lines")).toEqual(["amount"]);
  });
});
