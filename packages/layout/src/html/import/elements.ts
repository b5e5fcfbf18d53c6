// Positioned frame items of a laid-out HTML block → designer elements of a band: each text run becomes a
// text element (its tokens as written, its font, size and colour), rectangles, lines and ellipses become
// shapes. Alignment is read from where a run sits: flush right or centred runs keep room to grow that way.
import type { DiagnosticSink } from "../../diagnostics.js";
import type { FrameItem, TextRunItem } from "../../frame/types.js";
import type { Element, TextAlign } from "../../model/types.js";
import { faceMetrics } from "../../text/metrics.js";
import type { FontRegistry } from "../../text/registry.js";

/** What converting needs: fonts (to name faces), the band width, fresh ids and a diagnostics sink. */
export interface ElementContext {
  readonly fonts: FontRegistry;
  readonly width: number;
  readonly nextId: () => string;
  readonly diagnostics: DiagnosticSink;
  readonly path: string;
  /** Token sources by placeholder number (`¦<n>¦` in laid-out text, n in base 36). */
  readonly tokens: readonly string[];
}

/** Text line height the band model uses by default (CSS `normal` is the same 1.2). */
const LINE_HEIGHT = 1.2;

/** A text run with the room it may grow into: from `left` to `right` (band coordinates). */
interface PlacedRun {
  readonly run: TextRunItem;
  readonly width: number;
  left: number;
  right: number;
  /** The box the run sits in (a cell's background or rule spanning it), when there is one. */
  cell?: { readonly x1: number; readonly x2: number };
}

/** The elements drawing `items` (band coordinates). */
export function elementsOf(items: readonly FrameItem[], ctx: ElementContext): Element[] {
  const runs = textRuns(flatten(items));
  // Each run may grow up to the next run on its line (a table cell's neighbour, the next column).
  for (const a of runs) {
    for (const b of runs) {
      if (a === b || Math.abs(a.run.y - b.run.y) >= Math.max(a.run.size, b.run.size)) continue;
      if (b.run.x >= a.run.x + a.width - 0.5) a.right = Math.min(a.right, b.run.x - 2);
      else if (b.run.x + b.width <= a.run.x + 0.5) a.left = Math.max(a.left, b.run.x + b.width + 2);
    }
  }
  // A rectangle or horizontal rule spanning a run (a cell's background or border) bounds it.
  for (const item of flatten(items)) {
    if (item.kind !== "shape") continue;
    const g = item.geometry;
    const span = g.type === "rect" ? { x1: g.x, x2: g.x + g.width } : g.type === "line" && Math.abs(g.y1 - g.y2) < 0.01 ? { x1: Math.min(g.x1, g.x2), x2: Math.max(g.x1, g.x2) } : undefined;
    if (!span || span.x2 - span.x1 >= ctx.width - 1) continue;
    for (const r of runs) {
      if (r.run.x < span.x1 - 0.5 || r.run.x + r.width > span.x2 + 0.5) continue;
      if (!r.cell || span.x2 - span.x1 < r.cell.x2 - r.cell.x1) r.cell = span;
    }
  }
  const out: Element[] = [];
  for (const item of flatten(items)) {
    switch (item.kind) {
      case "text":
        break;
      case "group":
        ctx.diagnostics.add("import.dropped", "drawings (inline SVG, rotated or clipped content) are not imported", ctx.path);
        break;
      case "shape": {
        const g = item.geometry;
        const stroke = item.stroke ? { stroke: item.stroke.color, strokeWidth: item.stroke.width, ...(item.stroke.dash ? { dash: item.stroke.dash } : {}) } : {};
        if (g.type === "rect") out.push({ id: ctx.nextId(), type: "rect", x: g.x, y: g.y, width: g.width, height: g.height, ...(item.fill ? { fill: item.fill } : {}), ...stroke, ...(g.radius ? { radius: g.radius } : {}) });
        else if (g.type === "line") out.push({ id: ctx.nextId(), type: "line", x: g.x1, y: g.y1, width: g.x2 - g.x1, height: g.y2 - g.y1, ...stroke });
        else if (g.type === "ellipse") out.push({ id: ctx.nextId(), type: "ellipse", x: g.cx - g.rx, y: g.cy - g.ry, width: 2 * g.rx, height: 2 * g.ry, ...(item.fill ? { fill: item.fill } : {}), ...stroke });
        else ctx.diagnostics.add("import.dropped", "vector paths (inline SVG, icons) are not imported", ctx.path);
        break;
      }
      case "image":
        ctx.diagnostics.add("import.dropped", "images are not imported; add an image element bound to the same value", ctx.path);
        break;
      case "link":
        // The band model's text has no link target: the words stay, the href does not.
        ctx.diagnostics.add("import.dropped", "links are not carried over: their text is kept, their target is not", ctx.path);
        break;
    }
  }
  // Text after the shapes: backgrounds and rules are drawn under it, as in the HTML.
  for (const r of runs) out.push(textElement(r, ctx));
  return out;
}

/** Items with untransformed groups opened (their items are already in page space). */
function flatten(items: readonly FrameItem[]): FrameItem[] {
  return items.flatMap((item) => (item.kind === "group" && !item.transform ? flatten(item.items) : [item]));
}

// Runs in drawing order; a token placeholder cut by a line break or a narrow cell is joined back together.
function textRuns(items: readonly FrameItem[]): PlacedRun[] {
  const runs: PlacedRun[] = [];
  let open: { run: TextRunItem; width: number } | undefined;
  const advance = (run: TextRunItem): number => run.glyphs.reduce((sum, g) => sum + g.advance, 0);
  for (const item of items) {
    if (item.kind !== "text") continue;
    const current: { run: TextRunItem; width: number } = open
      ? { run: { ...open.run, text: open.run.text + item.text }, width: Math.max(open.width, item.x + advance(item) - open.run.x) }
      : { run: item, width: advance(item) };
    if ((current.run.text.match(/¦/g) ?? []).length % 2 === 1) {
      open = current;
      continue;
    }
    open = undefined;
    if (current.run.text.trim() !== "") runs.push({ ...current, left: 0, right: Infinity });
  }
  if (open) runs.push({ ...open, left: 0, right: Infinity });
  return runs;
}

function textElement({ run, width, left, right: limit, cell }: PlacedRun, ctx: ElementContext): Element {
  const face = ctx.fonts.face(run.face);
  const metrics = face ? faceMetrics(face) : undefined;
  const ascent = metrics ? (metrics.ascent / metrics.unitsPerEm) * run.size : run.size * 0.9;
  const descent = metrics ? (-metrics.descent / metrics.unitsPerEm) * run.size : run.size * 0.25;
  const height = LINE_HEIGHT * run.size;
  // The band engine puts the first baseline half the leading plus the ascent below the box top.
  const top = run.y - ((height - ascent - descent) / 2 + ascent);
  const right = run.x + width;
  const edge = Math.min(ctx.width, limit);
  let align: TextAlign = "left";
  let x = run.x;
  let w = Math.max(width, edge - run.x);
  if (cell) {
    // In a cell: the same padding on both sides, aligned to the side the text hugs.
    const padLeft = run.x - cell.x1;
    const padRight = cell.x2 - right;
    const pad = Math.min(padLeft, padRight);
    x = cell.x1 + pad;
    w = Math.max(width, cell.x2 - cell.x1 - 2 * pad);
    align = Math.abs(padLeft - padRight) < 1.5 && pad > 4 ? "center" : padRight + 1 < padLeft ? "right" : "left";
  } else {
    // Between its neighbours on the line (or the band's edges): aligned to the side it is closer to.
    const toLeft = run.x - left;
    const toRight = edge - right;
    if (Math.abs(toLeft - toRight) < 1.5 && toLeft > 4) {
      align = "center";
      x = left;
      w = edge - left;
    } else if (toRight + 1 < toLeft) {
      align = "right";
      x = left;
      w = right - left;
    }
  }
  return {
    id: ctx.nextId(),
    type: "text",
    x,
    y: top,
    width: Math.max(1, w),
    height,
    text: run.text.replace(/¦([0-9a-z]+)¦/g, (m, n: string) => ctx.tokens[parseInt(n, 36)] ?? m),
    ...(face ? { fontFamily: face.family, fontWeight: face.weight, ...(face.italic || run.skew ? { italic: true } : {}) } : {}),
    fontSize: run.size,
    color: run.color,
    align,
    lineHeight: LINE_HEIGHT,
  };
}
