// Where each band sits on the canvas: stacked as the layout engine stacks them (packages/layout/src/flow/
// tree.ts): page headers first, then the flow in array order with each detail's headers before it, its
// nested bands after it and its footers after those, then page footers, then the background bands.
import type { Band, Element, Margins } from "../engine";

/** One band on the canvas: its top in points from the top of the content box, and its nesting depth. */
export interface StackedBand {
  readonly band: Band;
  readonly top: number;
  readonly depth: number;
}

const PAGE_KINDS = new Set(["page-header", "page-footer", "background"]);

/** The bands in canvas order, with their tops (points, from the top of the content box). */
export function stackBands(bands: readonly Band[]): StackedBand[] {
  const byId = new Map<string, Band>();
  for (const b of bands) if (!byId.has(b.id)) byId.set(b.id, b);
  const childrenOf = new Map<string, Band[]>();
  const roots: Band[] = [];
  for (const band of bands) {
    if (PAGE_KINDS.has(band.kind)) continue;
    const parent = band.parentId ? byId.get(band.parentId) : undefined;
    if (parent && !PAGE_KINDS.has(parent.kind) && !isAncestor(band, parent, byId)) {
      const list = childrenOf.get(parent.id) ?? [];
      list.push(band);
      childrenOf.set(parent.id, list);
    } else roots.push(band);
  }
  const out: StackedBand[] = [];
  let top = 0;
  const push = (band: Band, depth: number) => {
    out.push({ band, top, depth });
    top += band.height;
  };
  const visit = (band: Band, depth: number) => {
    const kids = childrenOf.get(band.id) ?? [];
    for (const h of kids.filter((k) => k.kind === "detail-header")) push(h, depth + 1);
    push(band, depth);
    for (const k of kids.filter((k) => k.kind !== "detail-header" && k.kind !== "detail-footer")) visit(k, depth + 1);
    for (const f of kids.filter((k) => k.kind === "detail-footer")) push(f, depth + 1);
  };
  for (const b of bands.filter((b) => b.kind === "page-header")) push(b, 0);
  for (const b of roots) visit(b, 0);
  for (const b of bands.filter((b) => b.kind === "page-footer")) push(b, 0);
  for (const b of bands.filter((b) => b.kind === "background")) push(b, 0);
  return out;
}

// A band whose parent chain leads back to itself prints at the top level (the engine reports the cycle).
function isAncestor(band: Band, parent: Band, byId: ReadonlyMap<string, Band>): boolean {
  const seen = new Set<string>();
  let p: Band | undefined = parent;
  while (p) {
    if (p.id === band.id) return true;
    if (seen.has(p.id)) return true;
    seen.add(p.id);
    p = p.parentId ? byId.get(p.parentId) : undefined;
  }
  return false;
}

/** An axis-aligned box in points. */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** An element's box in content-box coordinates (the band's top added); background bands use page coordinates. */
export function canvasBox(element: Element, stacked: StackedBand, margins: Margins): Box {
  if (stacked.band.kind === "background") {
    return { x: element.x - margins.left, y: stacked.top + element.y, width: element.width, height: element.height };
  }
  return { x: element.x, y: stacked.top + element.y, width: element.width, height: element.height };
}

/** Whether two boxes overlap (touching edges count, so a thin line is caught by a marquee over it). */
export function intersects(a: Box, b: Box): boolean {
  return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
}

/** The box spanning two corner points. */
export function boxFromPoints(x1: number, y1: number, x2: number, y2: number): Box {
  return { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
}

/** The band at content-box height `y`, or the last one when below them all. */
export function bandAt(stack: readonly StackedBand[], y: number): StackedBand | undefined {
  return stack.find((s) => y >= s.top && y < s.top + s.band.height) ?? (y >= 0 ? stack.filter((s) => s.band.kind !== "background").at(-1) : stack[0]);
}
