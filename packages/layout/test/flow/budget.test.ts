// The per-render caps (pages, band instances and table rows), checked while laying out: a layout past one
// stops early with a LayoutLimitError naming the cap and what passed it.
import { strict as assert } from "node:assert";
import { test } from "node:test";
import { LayoutLimitError, MAX_PAGES, MAX_ROWS } from "../../src/index.js";
import { layout, layoutUnchecked } from "../golden/support.js";
import { cpuClock } from "../support/cpu.js";

const doc = (bands: unknown[]) => ({ version: 4, pageSize: { id: "a4" }, bands, schema: [] });
const label = (id: string) => ({ id, type: "text", x: 0, y: 0, width: 100, height: 10, text: "{{$index}}" });

test("band instances: seven nested bands over $root.items (10^7 instances) stop at the cap, naming a band", () => {
  const bands = Array.from({ length: 7 }, (_, i) => ({
    id: `b${i}`,
    name: `Level ${i}`,
    kind: "detail",
    height: 1,
    bindingField: i === 0 ? "items" : "$root.items",
    ...(i > 0 ? { parentId: `b${i - 1}` } : {}),
    elements: [],
  }));
  const items = Array.from({ length: 10 }, () => ({}));
  const cpuMs = cpuClock();
  assert.throws(() => layout(doc(bands), { items }), (error: unknown) => {
    assert.ok(error instanceof LayoutLimitError);
    assert.match(error.message, /more than 100,000 band instances and table rows/);
    assert.match(error.message, /band 'Level \d' \(bands\[\d\]\)/);
    return true;
  });
  // Stopped while laying out: far sooner than laying out 10^7 instances would take.
  assert.ok(cpuMs() < 20_000);
});

test("band instances: nested bands bound to a field missing in the parent row print nothing (no 10^7)", () => {
  const bands = Array.from({ length: 7 }, (_, i) => ({
    id: `b${i}`, kind: "detail", height: 12, bindingField: "items", ...(i > 0 ? { parentId: `b${i - 1}` } : {}), elements: [label(`t${i}`)],
  }));
  const r = layoutUnchecked(doc(bands), { items: Array.from({ length: 10 }, () => ({ n: 1 })) });
  assert.equal(r.pages.length, 1);
  assert.ok(r.diagnostics.some((d) => d.code === "band.binding" && d.path === "bands[1]"));
});

test("table rows count against the same cap, named by the table's path", () => {
  const table = { id: "t", type: "table", x: 0, y: 0, width: 200, height: 40, bindingField: "rows", columns: [{ key: "a", header: "A", width: 200 }] };
  const rows = Array.from({ length: MAX_ROWS + 1 }, () => ({ a: "x" }));
  assert.throws(() => layout(doc([{ id: "d", kind: "detail", height: 40, elements: [table] }]), { rows }), (error: unknown) => {
    assert.ok(error instanceof LayoutLimitError);
    assert.match(error.message, /the table at bands\[0\]\.elements\[0\] passed it/);
    return true;
  });
});

test("pages: a layout stops when the page after the last allowed one is cut", () => {
  const band = { id: "d", kind: "detail", height: 20, bindingField: "rows", pageBreakPerRow: true, elements: [] };
  const rows = Array.from({ length: MAX_PAGES + 1 }, () => ({}));
  assert.throws(() => layout(doc([band]), { rows }), /more than 10,000 pages/);
  assert.equal(layout(doc([band]), { rows: rows.slice(0, 3) }).pages.length, 3);
});
