// What a form field looks like, in its widget's own space (origin at the box's top-left, y down): the box, the
// value's text, a check mark, a radio dot. The same items are a field's appearance streams in an interactive
// PDF and its drawing when flattened, so both show the same thing.
import type { FrameColour, FrameItem } from "../frame/types.js";
import type { ParagraphLayout } from "../text/types.js";

/** Border width of a field's box, in points. */
export const FIELD_BORDER = 0.75;
/** Space between the box and the value's text, in points. */
export const FIELD_PADDING = 2;

export interface BoxPaint {
  readonly bg?: FrameColour;
  readonly border?: FrameColour;
}

/** The field's box: its background and border (either may be absent). */
export function boxItems(width: number, height: number, paint: BoxPaint): FrameItem[] {
  if (paint.bg === undefined && paint.border === undefined) return [];
  const inset = paint.border === undefined ? 0 : FIELD_BORDER / 2;
  return [{
    kind: "shape",
    geometry: { type: "rect", x: inset, y: inset, width: Math.max(0, width - 2 * inset), height: Math.max(0, height - 2 * inset) },
    ...(paint.bg !== undefined ? { fill: paint.bg } : {}),
    ...(paint.border !== undefined ? { stroke: { color: paint.border, width: FIELD_BORDER } } : {}),
  }];
}

/**
 * A value's text in a box: a single line centred vertically, or lines from the top (multi-line). Runs are
 * moved by the padding; what does not fit is clipped to the box, as a viewer shows an over-long value.
 */
export function valueItems(layout: ParagraphLayout, width: number, height: number, multiline: boolean): FrameItem[] {
  if (layout.lines.length === 0) return [];
  const lines = multiline ? layout.lines : layout.lines.slice(0, 1);
  const used = lines.reduce((sum, line) => sum + line.height, 0);
  const dy = multiline ? FIELD_PADDING : Math.max(0, (height - used) / 2);
  const runs: FrameItem[] = [];
  for (const line of lines) for (const run of line.runs) runs.push({ ...run, x: run.x + FIELD_PADDING, y: run.y + dy });
  return [{ kind: "group", clip: { x: FIELD_BORDER, y: FIELD_BORDER, width: Math.max(0, width - 2 * FIELD_BORDER), height: Math.max(0, height - 2 * FIELD_BORDER) }, items: runs }];
}

/** A check mark filling most of a square box `size` points wide. */
export function checkItems(size: number, color: FrameColour): FrameItem[] {
  const s = size;
  const d = `M${s * 0.2} ${s * 0.52}L${s * 0.42} ${s * 0.74}L${s * 0.8} ${s * 0.26}`;
  return [{ kind: "shape", geometry: { type: "path", d }, stroke: { color, width: Math.max(1, s * 0.12), cap: "round", join: "round" } }];
}

/** A round button `size` points wide: its ring, and with `on` a dot inside. */
export function radioItems(size: number, color: FrameColour, paint: BoxPaint, on: boolean): FrameItem[] {
  const r = size / 2;
  const items: FrameItem[] = [];
  if (paint.bg !== undefined || paint.border !== undefined) {
    items.push({
      kind: "shape",
      geometry: { type: "ellipse", cx: r, cy: r, rx: r - FIELD_BORDER / 2, ry: r - FIELD_BORDER / 2 },
      ...(paint.bg !== undefined ? { fill: paint.bg } : {}),
      ...(paint.border !== undefined ? { stroke: { color: paint.border, width: FIELD_BORDER } } : {}),
    });
  }
  if (on) items.push({ kind: "shape", geometry: { type: "ellipse", cx: r, cy: r, rx: r * 0.45, ry: r * 0.45 }, fill: color });
  return items;
}

/** A dropdown's arrow: a small triangle at the right of the box. */
export function arrowItems(width: number, height: number, color: FrameColour): FrameItem[] {
  const size = Math.min(height * 0.3, 6);
  if (size <= 0 || width < size * 3) return [];
  const x = width - FIELD_PADDING - size * 1.5;
  const y = height / 2 - size / 3;
  return [{ kind: "shape", geometry: { type: "path", d: `M${x} ${y}H${x + size}L${x + size / 2} ${y + size * 0.6}Z` }, fill: color }];
}

/** A signature box's line to sign on, a fifth of the height above the bottom. */
export function signatureLine(width: number, height: number, color: FrameColour): FrameItem[] {
  const y = height - Math.max(FIELD_PADDING * 2, height / 5);
  return [{ kind: "shape", geometry: { type: "line", x1: FIELD_PADDING * 2, y1: y, x2: width - FIELD_PADDING * 2, y2: y }, stroke: { color, width: 0.5 } }];
}
