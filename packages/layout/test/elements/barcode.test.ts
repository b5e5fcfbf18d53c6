import { strict as assert } from "node:assert";
import { test } from "node:test";
import { encodeBarcode, gs1CheckDigit } from "../../src/elements/barcode-encode.js";
import type { TextRunItem, FrameItem, ShapeItem } from "../../src/frame/types.js";
import { measure, place, testEnv } from "./env.js";

const FORMATS = ["qr", "code128", "code39", "ean13", "ean8", "upca", "itf14", "datamatrix", "pdf417"] as const;
const VALID: Record<(typeof FORMATS)[number], string> = {
  qr: "hello", code128: "ABC-1", code39: "ABC1", ean13: "5901234123457", ean8: "9638507", upca: "03600029145",
  itf14: "1001234500001", datamatrix: "hello", pdf417: "hello",
};

const shapes = (items: readonly FrameItem[]): ShapeItem[] =>
  items.flatMap((it) => (it.kind === "group" ? shapes(it.items) : it.kind === "shape" ? [it] : []));
const texts = (items: readonly FrameItem[]): string[] =>
  items.flatMap((it) => (it.kind === "group" ? texts(it.items) : it.kind === "text" ? [it.text] : []));

/** The bounding box of a path made of M/H/V commands. */
function bounds(d: string): { x0: number; y0: number; x1: number; y1: number } {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [, cmd, a, b] of d.matchAll(/([MHV])(-?[\d.]+)(?: (-?[\d.]+))?/g)) {
    if (cmd === "M") { xs.push(Number(a)); ys.push(Number(b)); }
    else if (cmd === "H") xs.push(Number(a));
    else ys.push(Number(a));
  }
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

test("every format draws one filled vector path, placed with a translation", () => {
  for (const format of FORMATS) {
    const env = testEnv();
    const items = place(measure({ type: "barcode", format, value: VALID[format], width: 120, height: 60 }, env));
    assert.deepEqual(env.diagnostics.items, [], format);
    const [group] = items;
    assert.equal(group?.kind, "group");
    const [shape] = shapes(items);
    assert.equal(shape?.geometry.type, "path", format);
    assert.equal(shape?.fill, "#000000");
  }
});

/** The box a symbol covers: its path's bounds through its scaling group. */
function symbolBox(items: readonly FrameItem[]): { x0: number; y0: number; x1: number; y1: number } {
  const outer = items[0];
  const inner = outer?.kind === "group" ? outer.items[0] : undefined;
  assert.ok(inner?.kind === "group" && inner.transform);
  const [a, , , d, e, f] = inner.transform;
  const [shape] = shapes(inner.items);
  const b = bounds(shape!.geometry.type === "path" ? shape!.geometry.d : "");
  const r = (n: number) => Math.round(n * 1000) / 1000;
  return { x0: r(a * b.x0 + e), y0: r(d * b.y0 + f), x1: r(a * b.x1 + e), y1: r(d * b.y1 + f) };
}

test("1-D symbols fill the width inside their quiet zones; 2-D symbols keep their aspect, centred with theirs", () => {
  // Code 128 "ABC": 68 modules plus 10 quiet modules each side in 150 pt.
  const m = 150 / 88;
  const b = symbolBox(place(measure({ type: "barcode", format: "code128", value: "ABC", width: 150, height: 40 })));
  assert.deepEqual([b.x0, b.y0, b.x1, b.y1].map((v) => Math.round(v * 1000) / 1000), [10 * m, 0, 78 * m, 40].map((v) => Math.round(v * 1000) / 1000));
  // QR version 1: 21 modules plus 4 each side, in the 40 pt height.
  const q = symbolBox(place(measure({ type: "barcode", format: "qr", value: "ABC", width: 150, height: 40 })));
  assert.equal(Math.round((q.x1 - q.x0) * 100) / 100, Math.round((21 * 40) / 29 * 100) / 100);
  assert.equal(Math.round(q.x0 * 100) / 100, Math.round((55 + (4 * 40) / 29) * 100) / 100);
});

test("dpi snaps module widths to whole dots and reports a symbol too small to scan", () => {
  const env = testEnv();
  const b = symbolBox(place(measure({ type: "barcode", format: "code128", value: "12345678", width: 72, height: 30, dpi: 203 }, env)));
  const module = (b.x1 - b.x0) / 79; // start C, four pairs, check, stop: 79 modules
  assert.ok(Math.abs(module - (2 * 72) / 203) < 1e-4, `two dots: ${module}`);
  assert.deepEqual(env.diagnostics.items, []);
  const tiny = testEnv();
  measure({ type: "barcode", format: "code128", value: "A LONG CODE 128 VALUE", width: 72, height: 30, dpi: 203 }, tiny);
  assert.deepEqual(tiny.diagnostics.items.map((d) => d.code), ["barcode.small"]);
});

test("Code 128 encodes Latin-1 (Grüße as five characters) and refuses characters outside it", () => {
  const env = testEnv();
  measure({ type: "barcode", format: "code128", value: "Grüße", width: 150, height: 40 }, env);
  assert.deepEqual(env.diagnostics.items, []);
  const euro = testEnv();
  measure({ type: "barcode", format: "code128", value: "5 €", width: 150, height: 40 }, euro);
  assert.deepEqual(euro.diagnostics.items.map((d) => d.code), ["barcode.invalid"]);
  assert.match(euro.diagnostics.items[0]!.message, /Latin-1.*'€' \(U\+20AC\)/);
});

test("ITF-14 has bearer bars above and below, across its quiet zones", () => {
  const items = place(measure({ type: "barcode", format: "itf14", value: "1540014128876", width: 200, height: 50 }));
  const bars = shapes(items).filter((s) => s.geometry.type === "rect");
  assert.equal(bars.length, 2);
});

test("symbol paths are in module units, shared by every size, and merge repeated runs", () => {
  const a = place(measure({ type: "barcode", format: "datamatrix", value: "same", width: 50, height: 50 }));
  const b = place(measure({ type: "barcode", format: "datamatrix", value: "same", width: 90, height: 70 }));
  const d = (items: readonly FrameItem[]) => shapes(items)[0]!.geometry;
  assert.deepEqual(d(a), d(b));
  const path = d(a).type === "path" ? (d(a) as { d: string }).d : "";
  assert.doesNotMatch(path, /\./, "integer coordinates");
});

test("tokens resolve before encoding; brand slots colour the bars; showText prints the value with its check digit", () => {
  const env = testEnv({}, { sku: "590123412345" });
  const items = place(measure({ type: "barcode", format: "ean13", value: "{{ sku }}", color: "@primary", showText: true, width: 160, height: 60 }, env));
  assert.equal(shapes(items)[0]?.fill, env.palette.primary);
  assert.deepEqual(texts(items), ["5", "901234", "123457"], "EAN-13's retail layout: first digit, then two groups");
});

test("EAN and UPC human-readable text in the retail layout: groups under the halves, guards run down between them", () => {
  const items = place(measure({ type: "barcode", format: "ean13", value: "590123412345", showText: true, width: 190, height: 70 }));
  const runs = items.flatMap((i) => (i.kind === "group" ? i.items : [i])).filter((i): i is TextRunItem => i.kind === "text");
  const box = symbolBox(items);
  const [first, left, right] = runs;
  assert.ok(first!.x < box.x0, "the first digit stands in the left quiet zone");
  assert.ok(left!.x > box.x0 && left!.x < right!.x, "the left group under the left half");
  const guards = shapes(items).filter((s) => s.geometry.type === "rect");
  assert.equal(guards.length, 6, "two bars in each of the three guards, extended");
  for (const g of guards) if (g.geometry.type === "rect") assert.ok(g.geometry.y + g.geometry.height > first!.y - 5, "guards reach down beside the digits");
  const upca = place(measure({ type: "barcode", format: "upca", value: "03600029145", showText: true, width: 190, height: 70 }));
  assert.deepEqual(texts(upca), ["0", "36000", "29145", "2"]);
  const ean8 = place(measure({ type: "barcode", format: "ean8", value: "9638507", showText: true, width: 140, height: 60 }));
  assert.deepEqual(texts(ean8), ["9638", "5074"]);
});

test("a refused value is a diagnostic and an empty box of the designed height", () => {
  for (const [format, value] of [["ean13", "12345678901X"], ["ean13", "5901234123458"], ["ean8", "123"], ["code39", "lower~"], ["upca", "1"], ["itf14", "abc"], ["qr", "x".repeat(5000)]] as const) {
    const env = testEnv();
    const block = measure({ type: "barcode", format, value, width: 100, height: 30 }, env);
    assert.equal(block.height, 30);
    assert.deepEqual(place(block), []);
    assert.deepEqual(env.diagnostics.items.map((d) => d.code), ["barcode.invalid"], `${format} ${value.slice(0, 20)}`);
  }
});

test("unknown formats and junk values never throw", () => {
  for (const element of [{ format: "aztec", value: "x" }, { format: 7, value: "x" }, { format: "qr", value: 42 }, { format: "qr" }, { format: "qr", value: { a: 1 } }]) {
    const env = testEnv();
    const block = measure({ type: "barcode", ...element }, env);
    assert.equal(block.height, 20);
    place(block);
  }
});

test("encodings are cached per (format, value); GS1 check digits", () => {
  assert.equal(encodeBarcode("qr", "same"), encodeBarcode("qr", "same"));
  assert.notEqual(encodeBarcode("qr", "same"), encodeBarcode("datamatrix", "same"));
  assert.equal(gs1CheckDigit("590123412345"), "7");
  assert.equal(gs1CheckDigit("9638507"), "4");
  assert.equal(gs1CheckDigit("03600029145"), "2");
});
