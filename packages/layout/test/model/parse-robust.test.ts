// parseDocument must never throw: random values, mutated real templates, pathological nesting.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseDocument, type ParseResult } from "../../src/model/parse.js";
import { MAX_ERRORS } from "../../src/model/errors.js";
import { readFixture } from "./helpers.js";
import { seededRandom } from "../support/random.js";
import { cpuClock } from "../support/cpu.js";

const WORDS = ["version", "pageSize", "bands", "id", "kind", "type", "text", "detail", "custom", "@primary", "#fff", "x", "", "__proto__", "constructor", "parentId"];

function randomJson(next: () => number, depth = 0): unknown {
  const pick = Math.floor(next() * (depth > 3 ? 6 : 8));
  switch (pick) {
    case 0: return null;
    case 1: return next() < 0.5;
    case 2: return [4, 0, -1, 1e308, 0.5, 3370, 36][Math.floor(next() * 7)];
    case 3: return WORDS[Math.floor(next() * WORDS.length)];
    case 4: return next() * 2000 - 1000;
    case 5: return String.fromCharCode(...Array.from({ length: Math.floor(next() * 8) }, () => Math.floor(next() * 0x3000)));
    case 6: return Array.from({ length: Math.floor(next() * 4) }, () => randomJson(next, depth + 1));
    default: {
      const entries = Array.from({ length: Math.floor(next() * 5) }, () => [WORDS[Math.floor(next() * WORDS.length)] ?? "k", randomJson(next, depth + 1)]);
      return JSON.parse(JSON.stringify(Object.fromEntries(entries))) as unknown;
    }
  }
}

// Replaces or deletes one randomly chosen node of a parsed template.
function mutate(value: unknown, next: () => number): unknown {
  if (typeof value !== "object" || value === null) return randomJson(next);
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) };
  const keys = Object.keys(copy);
  const key = keys[Math.floor(next() * keys.length)];
  if (key === undefined || next() < 0.15) return randomJson(next);
  const target = copy as Record<string, unknown>;
  if (!Array.isArray(copy) && next() < 0.2) delete target[key];
  else target[key] = mutate(target[key], next);
  return copy;
}

function assertWellFormed(result: ParseResult): void {
  if (result.ok) {
    assert.equal(result.document.version, 4);
    return;
  }
  const entries = Object.entries(result.errors);
  assert.ok(entries.length > 0, "a rejection carries at least one error");
  let count = 0;
  for (const [path, messages] of entries) {
    assert.equal(typeof path, "string");
    assert.ok(Array.isArray(messages) && messages.length > 0);
    for (const message of messages) assert.ok(typeof message === "string" && message.length > 0);
    count += messages.length;
  }
  assert.ok(count <= MAX_ERRORS + 1);
}

test("300 random JSON values never throw and give well-formed answers", () => {
  const next = seededRandom(1234);
  for (let i = 0; i < 300; i += 1) {
    const value = randomJson(next);
    assertWellFormed(parseDocument(value));
    assertWellFormed(parseDocument(JSON.stringify(value) ?? ""));
  }
});

test("300 random documents with a version 4 root never throw", () => {
  const next = seededRandom(99);
  for (let i = 0; i < 300; i += 1) {
    const value = randomJson(next);
    const doc = typeof value === "object" && value !== null && !Array.isArray(value) ? { ...value, version: 4 } : { version: 4, bands: value };
    assertWellFormed(parseDocument(doc));
  }
});

test("400 mutations of the shipped templates never throw", () => {
  const next = seededRandom(7);
  const templates = [JSON.parse(readFixture("invoice.template.json")) as unknown, JSON.parse(readFixture("receipt.template.json")) as unknown];
  for (let i = 0; i < 400; i += 1) {
    let doc = templates[i % 2];
    for (let round = 0; round < 1 + Math.floor(next() * 3); round += 1) doc = mutate(doc, next);
    assertWellFormed(parseDocument(doc));
  }
});

test("non-JSON inputs give errors, not exceptions", () => {
  const cyclic: Record<string, unknown> = { version: 4, pageSize: { id: "a4" }, schema: [] };
  cyclic["bands"] = [{ id: "a", kind: "detail", height: 1, elements: [cyclic] }];
  const fieldCycle: Record<string, unknown> = { key: "a", type: "object" };
  fieldCycle["fields"] = [fieldCycle];
  const inputs: unknown[] = [undefined, Symbol("x"), 10n, () => 1, new Map(), new Date(0), cyclic,
    { version: 4, pageSize: { id: "a4" }, bands: [], schema: [fieldCycle] },
    { version: 4, pageSize: { id: "a4" }, bands: [{ id: 10n }], schema: [] }];
  for (const input of inputs) assertWellFormed(parseDocument(input));
});

test("absurd nesting is answered with an error at $", () => {
  let fields: unknown = [];
  for (let i = 0; i < 20000; i += 1) fields = [{ key: "a", type: "array", fields }];
  const result = parseDocument({ version: 4, pageSize: { id: "a4" }, bands: [], schema: fields });
  assert.deepEqual(result, { ok: false, errors: { $: ["the document is nested too deeply"] } });
  assertWellFormed(parseDocument(`{"version":4,"bands":${"[".repeat(200000)}${"]".repeat(200000)}}`));
});

test("long parent chains and cycles are checked in linear time", () => {
  const n = 20000;
  const bands = Array.from({ length: n }, (_, i) => ({ id: `b${i}`, kind: "detail", height: 1, elements: [], parentId: `b${(i + 1) % n}` }));
  const cpuMs = cpuClock();
  const result = parseDocument({ version: 4, pageSize: { id: "a4" }, bands, schema: [] });
  assert.ok(cpuMs() < 3000);
  assert.ok(!result.ok);
  assert.deepEqual(result.errors["bands[0].parentId"], [`parent links form a cycle: 'b0' → 'b1' → 'b2' → 'b3' → 'b4' → 'b5' → … (${n} bands)`]);
});
