// SVG `<text>` drawn with the designer fonts: each text is laid out as one line by the paragraph engine
// (shaping, fallback, bidi) and placed at its anchor in the drawing's user space, so it prints as real,
// searchable PDF text inside the drawing's group. The first family of its font-family list that the
// registry has is used; generic and unknown families take the default family, silently (an SVG's
// `font-family="Arial, sans-serif"` is a wish, not a requirement).
import type { FrameItem } from "../frame/types.js";
import { layoutParagraph } from "../text/paragraph.js";
import type { FontRegistry } from "../text/registry.js";
import type { ParagraphStyle } from "../text/types.js";
import type { SvgDrawing, SvgText } from "./image-resources.js";

function familyOf(fonts: FontRegistry, list: string | undefined): string | undefined {
  for (const name of (list ?? "").split(",")) {
    const family = name.trim().replace(/^["']|["']$/g, "");
    if (family !== "" && fonts.facesOf(family).length > 0) return family;
  }
  return undefined;
}

/** The frame items of one text, in user space; `current` is what `currentColor` paints. */
function textItems(fonts: FontRegistry, t: SvgText, current: string): FrameItem[] {
  const family = familyOf(fonts, t.family);
  const style: ParagraphStyle = {
    ...(family !== undefined ? { family } : {}),
    weight: Math.round(Math.min(900, Math.max(100, t.weight))),
    italic: t.italic,
    size: t.size,
    lineHeight: 1,
    letterSpacing: 0,
    align: "left",
    direction: "ltr",
    color: t.fill === "currentColor" ? current : t.fill,
  };
  const line = layoutParagraph(fonts, t.text, style, Infinity).lines[0];
  if (!line) return [];
  const shift = t.anchor === "middle" ? -line.width / 2 : t.anchor === "end" ? -line.width : 0;
  const dx = t.x + shift - line.x;
  const dy = t.y - line.baseline;
  const runs: FrameItem[] = line.runs.map((run) => ({ ...run, x: run.x + dx, y: run.y + dy }));
  if (t.transform === undefined && t.opacity >= 1) return runs;
  return [{ kind: "group", ...(t.transform ? { transform: t.transform } : {}), ...(t.opacity < 1 ? { opacity: t.opacity } : {}), items: runs }];
}

/** The drawing's texts as frame items in its user space (drawn after its paths). */
export function svgTextItems(drawing: SvgDrawing, fonts: FontRegistry, current: string | undefined): FrameItem[] {
  if (!drawing.texts || drawing.texts.length === 0) return [];
  return drawing.texts.flatMap((t) => textItems(fonts, t, current ?? "#000000"));
}
