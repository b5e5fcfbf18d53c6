// Glyph outlines as PDF path operators, in font units (y up). Used for glyphs that stand for no text of
// their own (a mark whose text its base's cluster carries): drawn as text, such a glyph would need a CID
// with no Unicode value, which pdf.js extracts as its raw code (a control character), so it is drawn as a
// shape instead and extraction sees only the cluster's text.
import type { FontFace } from "@docsvc/layout";
import { num } from "./content.js";

type Font = FontFace["font"];
interface PathCommand { readonly command: string; readonly args: readonly number[] }

const outlines = new WeakMap<Font, Map<number, string>>();

/** The glyph's outline as `m`/`l`/`c`/`h` operators in font units, cached per font and glyph. */
export function glyphOutline(font: Font, glyphId: number): string {
  let byGlyph = outlines.get(font);
  if (byGlyph === undefined) outlines.set(font, (byGlyph = new Map()));
  let ops = byGlyph.get(glyphId);
  if (ops !== undefined) return ops;
  ops = "";
  let x = 0;
  let y = 0;
  try {
    const commands = (font.getGlyph(glyphId).path as unknown as { commands: readonly PathCommand[] }).commands;
    for (const { command, args: a } of commands) {
      if (command === "moveTo" || command === "lineTo") {
        ops += `${num(a[0]!)} ${num(a[1]!)} ${command === "moveTo" ? "m" : "l"}\n`;
        [x, y] = [a[0]!, a[1]!];
      } else if (command === "quadraticCurveTo") {
        // A quadratic Bézier as a cubic: control points 2/3 of the way from each end to the quadratic's.
        const [qx, qy, ex, ey] = [a[0]!, a[1]!, a[2]!, a[3]!];
        ops += `${num(x + (2 / 3) * (qx - x))} ${num(y + (2 / 3) * (qy - y))} ${num(ex + (2 / 3) * (qx - ex))} ${num(ey + (2 / 3) * (qy - ey))} ${num(ex)} ${num(ey)} c\n`;
        [x, y] = [ex, ey];
      } else if (command === "bezierCurveTo") {
        ops += `${a.map(num).join(" ")} c\n`;
        [x, y] = [a[4]!, a[5]!];
      } else if (command === "closePath") {
        ops += "h\n";
      }
    }
  } catch {
    ops = ""; // a damaged glyph draws nothing, like a glyph outside the face
  }
  byGlyph.set(glyphId, ops);
  return ops;
}
