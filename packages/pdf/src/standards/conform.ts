// What the painter cannot repair: content of the layout that no PDF/A level would accept, found before any
// object is written, so that the render fails with the rule instead of producing a file that claims a standard
// it breaks.
import type { FrameItem, Page } from "@docsvc/layout";
import { flattenField } from "@docsvc/layout";
import { StandardsError, archiveStandard, type PdfStandard } from "./levels.js";

/** Code points a ToUnicode entry may not map to under a `u` level (6.2.11.7.2): NUL and the byte-order marks. */
function unmappable(text: string): string | undefined {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code === 0 || code === 0xfeff || code === 0xfffe || code === 0xfffd) return char;
  }
  return undefined;
}

/** Throws a StandardsError when one painted glyph (id, its text, in `face`) breaks `archive` (a PDF/A standard). */
export function assertGlyphConforms(archive: PdfStandard, id: number, text: string, face: string, runText: string): void {
  // Marks (text "") are painted as outlines, never through the font: they carry no code to map.
  if (text === "") return;
  if (id === 0) {
    throw new StandardsError(archive, "6.2.11.8-1", `the text "${runText}" shows the .notdef glyph (no glyph for "${text}" in ${face}); pick a font that has it or remove the character`);
  }
  const bad = archive.endsWith("u") ? unmappable(text) : undefined;
  if (bad !== undefined) {
    throw new StandardsError(archive, "6.2.11.7.2-1", `the text "${runText}" has a glyph whose Unicode value is U+${bad.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}, which level u does not allow`);
  }
}

/**
 * Throws a StandardsError for the first thing the requested standards forbid: a text glyph the PDF/A level does
 * not accept, or under PDF/UA a figure (image, barcode, chart, SVG) with no text alternative (7.3-1).
 */
export function assertLayoutConforms(pages: readonly Page[], standards: readonly PdfStandard[]): void {
  const archive = archiveStandard(standards);
  const ua = standards.includes("ua-1");
  if (archive === undefined && !ua) return;
  let page = 0;
  const visit = (items: readonly FrameItem[]): void => {
    for (const item of items) {
      if (item.kind === "group") {
        // Artifacts are not content: a decorative image inside one needs no alternative.
        if (item.tag?.role === "Artifact") {
          if (archive !== undefined) visit(item.items);
          continue;
        }
        if (ua && item.tag?.role === "Figure" && (item.tag.alt ?? "").trim() === "") {
          throw new StandardsError("ua-1", "7.3-1", `a figure (image, barcode, chart or SVG) on page ${page} has no text alternative; give the element an \`alt\` (HTML: <img alt>), or mark it decorative`);
        }
        visit(item.items);
      } else if (archive === undefined) continue;
      else if (item.kind === "field") {
        visit([flattenField(item)]);
        for (const widget of item.widgets) visit([...widget.on, ...(widget.off ?? [])]);
      } else if (item.kind === "text") {
        for (const glyph of item.glyphs) assertGlyphConforms(archive, glyph.id, glyph.text, item.face, item.text);
      }
    }
  };
  for (const p of pages) {
    page++;
    visit(p.items);
  }
}
