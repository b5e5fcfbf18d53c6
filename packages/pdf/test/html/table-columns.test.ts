// HTML table columns: as in browsers' automatic table layout, no column is narrower than its widest unbreakable
// content, even when a <col> or cell width asks for less; the other columns give up the room.
import assert from "node:assert/strict";
import { test } from "node:test";
import { layoutHtml, type FrameItem, type TextRunItem } from "@docsvc/layout";
import { loadDesignerFonts } from "../../src/index.js";

function texts(items: readonly FrameItem[], out: TextRunItem[] = []): TextRunItem[] {
  for (const item of items) {
    if (item.kind === "text") out.push(item);
    else if (item.kind === "group") texts(item.items, out);
  }
  return out;
}

const right = (run: TextRunItem): number => run.x + run.glyphs.reduce((s, g) => s + g.advance, 0);

test("a 10% column widens to its longest word; the auto column next to it starts after it", async () => {
  const html = `<style>@page { size: A6; margin: 10mm } body { margin: 0; font-size: 10pt } td { padding: 0 }</style>
    <table style="width: 100%; border-collapse: collapse"><colgroup><col style="width: 10%"><col></colgroup>
    <tr><td>Unbreakablelongword</td><td>short words that can wrap onto several lines</td></tr></table>`;
  const result = layoutHtml(html, {}, { fonts: await loadDesignerFonts() });
  const runs = texts(result.pages[0]?.items ?? []);
  const word = runs.find((r) => r.text === "Unbreakablelongword");
  const next = runs.find((r) => r.text.startsWith("short"));
  assert.ok(word && next, JSON.stringify(runs.map((r) => r.text)));
  const tenPercent = (105 - 20) * (72 / 25.4) * 0.1;
  assert.ok(right(word) - word.x > tenPercent, "the word is wider than the column asked for");
  assert.ok(right(word) <= next.x + 0.01, `the word (to ${right(word)}) does not run into the next column (at ${next.x})`);
});
