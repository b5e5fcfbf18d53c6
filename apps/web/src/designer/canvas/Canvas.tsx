// The page at its zoom: margins, the bands stacked as the engine stacks them, each element in its box.
// Pointer gestures (move, resize, marquee, band height) preview locally and commit one edit when the
// pointer is released, so a drag is one undoable step.
import { useCallback, useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { resolveMargins, resolvePageSize, resolvePalette, type Element, type TemplateDocument } from "../engine";
import type { DesignerEditor } from "../model/editor";
import type { CanvasCollab } from "./collab";
import { RemoteLayer } from "./RemoteLayer";
import { ElementView } from "./ElementView";
import { followPointer } from "./pointer-gesture";
import { bandLabel, elementKind, elementLabel } from "./labels";
import { useCanvasKeyboard } from "./useCanvasKeyboard";
import { valueAt, type PaintContext } from "./paint";
import { snapMove, snapResize, type Guide, type Handle } from "./snap";
import { bandAt, boxFromPoints, canvasBox, intersects, stackBands, type Box, type StackedBand } from "./stack";

/** CSS pixels per point at 100 % (a point is 1/72 in, a CSS pixel 1/96 in). */
export const PX_PER_PT = 96 / 72;
const SNAP_PX = 5;
/** The band labels' gutter left of the page (CSS pixels, at every zoom: the page's margin can be a few pixels at "fit"). */
export const LABEL_GUTTER_PX = 76;
const LABEL_LINE_PX = 11;
const MIN_SIZE = 2;

const HANDLES: readonly Handle[] = ["nw", "n", "ne", "e", "se", "s", "sw", "w"];

type Gesture =
  | { kind: "move"; ids: readonly string[]; startX: number; startY: number; dx: number; dy: number; moved: boolean }
  | { kind: "resize"; id: string; handle: Handle; start: Box; box: Box }
  | { kind: "marquee"; x0: number; y0: number; x1: number; y1: number; additive: boolean }
  | { kind: "band"; bandId: string; startY: number; height: number; start: number };

/** Where a point of the screen is on the canvas: the band under it and the point in that band's coordinates. */
export interface CanvasPoint {
  readonly bandId: string;
  readonly x: number;
  readonly y: number;
}

export interface CanvasProps {
  readonly editor: DesignerEditor;
  readonly selection: readonly string[];
  readonly onSelect: (ids: readonly string[]) => void;
  readonly selectedBand: string | null;
  readonly onSelectBand: (bandId: string | null) => void;
  /** Points → CSS pixels. */
  readonly scale: number;
  readonly grid: number;
  readonly data: Record<string, unknown> | null;
  /** Peers' cursors, selections and ghosts, and the interaction lock (absent: editing alone, as in tests). */
  readonly collab?: CanvasCollab;
  /** Comment threads pinned to elements and bands, by their id. */
  readonly pins?: ReadonlyMap<string, readonly unknown[]>;
  readonly onPin?: (anchorId: string) => void;
  /** Set to the function that maps screen points to band points (for drops from the toolbar and schema). */
  readonly locateRef?: { current: ((clientX: number, clientY: number) => CanvasPoint | null) | null };
  /** A document shown instead of the editor's while an AI draft streams in: read-only, never written. */
  readonly preview?: TemplateDocument | null;
  /** Enter on a focused element or band: edit it (the page focuses its properties' main field). */
  readonly onEdit?: (target: { bandId: string; elementId?: string }) => void;
}

/** The canvas. */
export function Canvas({ editor, selection, onSelect, selectedBand, onSelectBand, scale: s, grid, data, locateRef, collab, pins, onPin, preview, onEdit }: CanvasProps) {
  const doc = preview ?? editor.doc;
  // The preview is not the document: nothing on it can be moved, resized or selected.
  const canEdit = !preview && editor.canEdit;
  const page = resolvePageSize(doc.pageSize);
  const margins = resolveMargins(doc);
  const contentWidth = page.width - margins.left - margins.right;
  const stack = useMemo(() => stackBands(doc.bands), [doc.bands]);
  const palette = useMemo(() => resolvePalette(doc.brand), [doc.brand]);
  const content = useRef<HTMLDivElement>(null);
  const [gesture, setGesture] = useState<Gesture | null>(null);
  const [guides, setGuides] = useState<readonly Guide[]>([]);
  const height = stack.reduce((sum, b) => sum + b.band.height, 0);
  const keyboardItem = useCanvasKeyboard({ stack, selection, selectedBand, onSelect, onSelectBand, onEdit, preview: Boolean(preview), root: content });

  const placed = useMemo(() => {
    const list: { el: Element; sb: StackedBand; box: Box }[] = [];
    for (const sb of stack) for (const el of sb.band.elements) list.push({ el, sb, box: canvasBox(el, sb, margins) });
    return list;
  }, [stack, margins]);

  const toPoints = useCallback((clientX: number, clientY: number) => {
    const r = content.current?.getBoundingClientRect();
    return r ? { x: (clientX - r.left) / s, y: (clientY - r.top) / s } : { x: 0, y: 0 };
  }, [s]);

  const locateFn = useCallback((clientX: number, clientY: number): CanvasPoint | null => {
    const r = content.current?.getBoundingClientRect();
    if (!r || clientX < r.left || clientX > r.right || clientY < r.top - 4 || clientY > r.bottom + 4) return null;
    const p = toPoints(clientX, clientY);
    const sb = bandAt(stack, p.y);
    return sb ? { bandId: sb.band.id, x: p.x, y: p.y - sb.top } : null;
  }, [stack, toPoints]);
  if (locateRef) locateRef.current = locateFn;

  const threshold = SNAP_PX / s;

  // One pointer gesture at a time (followPointer: captured, and ended by pointercancel, lost capture, blur or
  // Escape). A gesture that edits holds the interaction lock (taken by the caller): if a peer's earlier claim
  // wins meanwhile, the gesture is dropped without committing; otherwise it commits once on pointer-up. Either
  // way it ends by releasing the lock and its ghost, so peers never keep a stale one. A new gesture cancels one
  // still running, so a gesture the browser interrupted can never move its elements during the next drag.
  const ending = useRef<(() => void) | null>(null);
  useEffect(() => () => ending.current?.(), []);
  // Called first by every gesture's start, before it claims a lock the old gesture's end would release.
  const interruptRunning = () => ending.current?.();
  const follow = (down: ReactPointerEvent, first: Gesture, onMove: (g: Gesture, e: PointerEvent) => Gesture, onUp: (g: Gesture) => void, locked = false) => {
    let current = first;
    setGesture(first);
    // The edit (if any) goes out before the lock is released, so peers never see the element free at its old place.
    const end = (commit: boolean) => {
      if (ending.current === cancel) ending.current = null;
      setGesture(null);
      setGuides([]);
      if (commit) onUp(current);
      if (locked) collab?.release();
    };
    const cancel = followPointer(down, {
      move: (e) => {
        if (locked && collab && !collab.holdsLock()) return cancel();
        current = onMove(current, e);
        setGesture(current);
      },
      up: () => end(true),
      cancel: () => end(false),
    });
    ending.current = cancel;
  };

  const startMove = (e: ReactPointerEvent, el: Element) => {
    if (e.button !== 0) return;
    interruptRunning();
    e.stopPropagation();
    const already = selection.includes(el.id);
    const ids = e.shiftKey ? (already ? selection.filter((i) => i !== el.id) : [...selection, el.id]) : already ? selection : [el.id];
    onSelect(ids);
    if (!canEdit || !ids.includes(el.id)) return;
    if (collab && !collab.claim(ids, "move")) return;
    const p = toPoints(e.clientX, e.clientY);
    const moving = placed.filter((p2) => ids.includes(p2.el.id));
    const others = placed.filter((p2) => !ids.includes(p2.el.id)).map((p2) => p2.box);
    const union = moving.reduce<Box | null>((u, m) => (u ? boxFromPoints(Math.min(u.x, m.box.x), Math.min(u.y, m.box.y), Math.max(u.x + u.width, m.box.x + m.box.width), Math.max(u.y + u.height, m.box.y + m.box.height)) : m.box), null);
    follow(e, { kind: "move", ids, startX: p.x, startY: p.y, dx: 0, dy: 0, moved: false }, (g, ev) => {
      if (g.kind !== "move" || !union) return g;
      const q = toPoints(ev.clientX, ev.clientY);
      let dx = q.x - g.startX;
      let dy = q.y - g.startY;
      const moved = g.moved || Math.abs(dx) * s > 2 || Math.abs(dy) * s > 2;
      if (!moved) return g;
      // Alt held: no snapping (a designer's usual escape hatch).
      if (!ev.altKey) {
        const snapped = snapMove({ ...union, x: union.x + dx, y: union.y + dy }, { targets: others, threshold, grid });
        dx = snapped.rect.x - union.x;
        dy = snapped.rect.y - union.y;
        setGuides(snapped.guides);
      } else setGuides([]);
      // Peers see where the elements would land.
      collab?.setLocalAwareness({ ghost: moving.map((m) => ({ id: m.el.id, bandId: m.sb.band.id, x: m.el.x + dx, y: m.el.y + dy, width: m.el.width, height: m.el.height })) });
      return { ...g, dx, dy, moved };
    }, (g) => {
      if (g.kind !== "move" || !g.moved) return;
      const r2 = (v: number) => Math.round(v * 100) / 100;
      if (g.ids.length === 1) {
        const m = moving[0]!;
        const target = bandAt(stack, m.box.y + g.dy);
        if (target && target.band.id !== m.sb.band.id && target.band.kind !== "background" && m.sb.band.kind !== "background") {
          editor.moveElementToBand(m.el.id, target.band.id, r2(m.el.x + g.dx), r2(m.box.y + g.dy - target.top));
          return;
        }
      }
      editor.updateElements(moving.map((m) => ({ id: m.el.id, patch: { x: r2(m.el.x + g.dx), y: r2(m.el.y + g.dy) } })));
    }, true);
  };

  const startResize = (e: ReactPointerEvent, el: Element, sb: StackedBand, handle: Handle) => {
    e.stopPropagation();
    interruptRunning();
    if (!canEdit || (collab && !collab.claim([el.id], "resize"))) return;
    const start = canvasBox(el, sb, margins);
    const others = placed.filter((p2) => p2.el.id !== el.id).map((p2) => p2.box);
    follow(e, { kind: "resize", id: el.id, handle, start, box: start }, (g, ev) => {
      if (g.kind !== "resize") return g;
      const q = toPoints(ev.clientX, ev.clientY);
      // The dragged edges follow the pointer; the model's snapResize then snaps only those edges.
      let { x, y, width, height } = start;
      const isLine = el.type === "line";
      const min = isLine ? 0 : MIN_SIZE;
      if (handle.includes("e")) width = Math.max(min, q.x - x);
      if (handle.includes("s")) height = Math.max(min, q.y - y);
      if (handle.includes("w")) { const nx = Math.min(q.x, x + width - min); width = x + width - nx; x = nx; }
      if (handle.includes("n")) { const ny = Math.min(q.y, y + height - min); height = y + height - ny; y = ny; }
      if (ev.altKey) {
        setGuides([]);
        return { ...g, box: { x, y, width, height } };
      }
      const snapped = snapResize({ x, y, width, height }, handle, { targets: others, threshold, grid, minSize: min });
      setGuides(snapped.guides);
      return { ...g, box: snapped.rect };
    }, (g) => {
      if (g.kind !== "resize") return;
      const r2 = (v: number) => Math.round(v * 100) / 100;
      const b = g.box;
      if (b === g.start) return;
      editor.updateElements([{ id: el.id, patch: { x: r2(el.x + (b.x - start.x)), y: r2(el.y + (b.y - start.y)), width: r2(b.width), height: r2(b.height) } }]);
    }, true);
  };

  const startMarquee = (e: ReactPointerEvent, sb: StackedBand) => {
    if (e.button !== 0) return;
    interruptRunning();
    onSelectBand(sb.band.id);
    if (!e.shiftKey) onSelect([]);
    // Focus for the keys, without scrolling the page or the canvas to show the whole scroller.
    (e.currentTarget as HTMLElement).closest<HTMLElement>("[tabindex]")?.focus({ preventScroll: true });
    const p = toPoints(e.clientX, e.clientY);
    const base = e.shiftKey ? selection : [];
    follow(e, { kind: "marquee", x0: p.x, y0: p.y, x1: p.x, y1: p.y, additive: e.shiftKey }, (g, ev) => {
      if (g.kind !== "marquee") return g;
      const q = toPoints(ev.clientX, ev.clientY);
      return { ...g, x1: q.x, y1: q.y };
    }, (g) => {
      if (g.kind !== "marquee") return;
      const box = boxFromPoints(g.x0, g.y0, g.x1, g.y1);
      if (box.width * s < 3 && box.height * s < 3) return;
      const hit = placed.filter((p2) => intersects(box, p2.box)).map((p2) => p2.el.id);
      onSelect([...new Set([...base, ...hit])]);
    });
  };

  const startBandResize = (e: ReactPointerEvent, sb: StackedBand) => {
    e.stopPropagation();
    interruptRunning();
    if (!canEdit || (collab && !collab.claim([sb.band.id], "band-resize"))) return;
    const p = toPoints(e.clientX, e.clientY);
    follow(e, { kind: "band", bandId: sb.band.id, startY: p.y, start: sb.band.height, height: sb.band.height }, (g, ev) => {
      if (g.kind !== "band") return g;
      const q = toPoints(ev.clientX, ev.clientY);
      const raw = Math.max(0, g.start + q.y - g.startY);
      return { ...g, height: grid > 0 && !ev.altKey ? Math.round(raw / grid) * grid : Math.round(raw) };
    }, (g) => {
      if (g.kind === "band" && g.height !== g.start) editor.updateBand(g.bandId, { height: g.height });
    }, true);
  };

  // What each element looks like during a gesture (before the edit is committed).
  const liveBox = (el: Element, box: Box): Box => {
    if (gesture?.kind === "move" && gesture.ids.includes(el.id)) return { ...box, x: box.x + gesture.dx, y: box.y + gesture.dy };
    if (gesture?.kind === "resize" && gesture.id === el.id) return gesture.box;
    return box;
  };
  // A band being resized pushes the ones below it down while the pointer is held.
  const bandShift = (sb: StackedBand) => (gesture?.kind === "band" ? (stack.findIndex((x) => x.band.id === gesture.bandId) < stack.indexOf(sb) ? gesture.height - gesture.start : 0) : 0);
  const bandHeight = (sb: StackedBand) => (gesture?.kind === "band" && gesture.bandId === sb.band.id ? gesture.height : sb.band.height);
  const total = height + (gesture?.kind === "band" ? gesture.height - gesture.start : 0);

  const rowOf = (sb: StackedBand): unknown => {
    if (!sb.band.bindingField || data === null) return undefined;
    const v = valueAt(data, sb.band.bindingField);
    return Array.isArray(v) ? v[0] : undefined;
  };

  return (
    <div className="d-page" data-testid="designer-page" style={{ width: page.width * s, paddingTop: margins.top * s, paddingBottom: margins.bottom * s, paddingLeft: margins.left * s, paddingRight: margins.right * s }}>
      <div className={`d-content${preview ? " d-content-preview" : ""}`} ref={content} data-testid="designer-canvas" data-preview={preview ? "draft" : undefined} style={{ width: contentWidth * s, height: total * s, ...(preview ? { pointerEvents: "none" as const } : {}) }}
        onPointerMove={collab ? (e) => collab.setLocalAwareness({ cursor: toPoints(e.clientX, e.clientY) }) : undefined}
        onPointerLeave={collab ? () => collab.setLocalAwareness({ cursor: null }) : undefined}>
        {stack.map((sb) => {
          const ctx: PaintContext = { palette, doc, data, row: rowOf(sb) };
          const top = (sb.top + bandShift(sb)) * s;
          return (
            <div
              key={sb.band.id}
              className={`d-band d-band-${sb.band.kind}${selectedBand === sb.band.id ? " selected" : ""}`}
              data-testid={`band-${sb.band.id}`}
              data-band-kind={sb.band.kind}
              role="group"
              aria-label={`${bandLabel(sb.band)} band`}
              {...keyboardItem({ kind: "band", id: sb.band.id, bandId: sb.band.id })}
              style={{ top, height: bandHeight(sb) * s }}
              onPointerDown={(e) => startMarquee(e, sb)}
            >
              {/* A band shorter than a line at this zoom shows no label (a sliver of text says nothing; the band is named to assistive technology all the same). */}
              {bandHeight(sb) * s >= LABEL_LINE_PX && <span className="d-band-label" data-testid={`band-label-${sb.band.id}`}
                // In the gutter outside the page, no taller than the band (so labels of short bands never overlap), shortened with an ellipsis.
                style={{ left: -margins.left * s - LABEL_GUTTER_PX, width: LABEL_GUTTER_PX - 6, maxHeight: bandHeight(sb) * s, WebkitLineClamp: Math.max(1, Math.floor((bandHeight(sb) * s) / LABEL_LINE_PX)) }}
                title={sb.band.bindingField ? `${sb.band.name ?? sb.band.kind} · ${sb.band.bindingField}` : sb.band.name ?? sb.band.kind}>
                {"› ".repeat(sb.depth)}{sb.band.name ?? sb.band.kind}{sb.band.bindingField ? ` · ${sb.band.bindingField}` : ""}
              </span>}
              {sb.band.elements.map((el) => {
                const box = liveBox(el, canvasBox(el, sb, margins));
                const selected = selection.includes(el.id);
                return (
                  <div
                    key={el.id}
                    className={`d-el d-el-${el.type}${selected ? " selected" : ""}`}
                    data-testid={`element-${el.id}`}
                    data-selected={selected ? "true" : undefined}
                    data-x={el.x} data-y={el.y} data-width={el.width} data-height={el.height}
                    data-locked-by={collab?.lockedBy(el.id)?.user.name}
                    role="button"
                    aria-pressed={selected}
                    {...keyboardItem({ kind: "element", id: el.id, bandId: sb.band.id })}
                    style={{
                      left: box.x * s, top: (box.y - sb.top) * s, width: Math.max(box.width * s, 1), height: Math.max(box.height * s, 1),
                      opacity: el.opacity, transform: el.rotation ? `rotate(${el.rotation}deg)` : undefined,
                    }}
                    onPointerDown={(e) => startMove(e, el)}
                    // The browser's own drag of an <img> (an image, a barcode, an SVG icon) would take the pointer.
                    onDragStart={(e) => e.preventDefault()}
                  >
                    {/* The name: what the element is, then what it shows (its drawn text, read from the content). */}
                    <span className="sr-only">{`${elementKind(el)}: `}</span>
                    <ElementView el={el.type === "line" || box === canvasBox(el, sb, margins) ? el : { ...el, width: box.width, height: box.height }} s={s} ctx={ctx} />
                    {selected && selection.length === 1 && canEdit && HANDLES.map((h) => (
                      <span key={h} className={`d-handle d-handle-${h}`} data-testid={`handle-${h}`} onPointerDown={(e) => startResize(e, el, sb, h)} />
                    ))}
                  </div>
                );
              })}
              {pins?.get(sb.band.id) && (
                <button type="button" className="d-pin" data-testid="comment-pin" data-anchor={sb.band.id} style={{ right: -22, top: 2 }}
                  title={`Comments on the ${bandLabel(sb.band)} band`} aria-label={`Comments on the ${bandLabel(sb.band)} band: ${pins.get(sb.band.id)!.length}`}
                  onPointerDown={(e) => e.stopPropagation()} onClick={() => onPin?.(sb.band.id)}>{pins.get(sb.band.id)!.length}</button>
              )}
              {sb.band.elements.map((el) => pins?.get(el.id) && (
                <button key={`pin-${el.id}`} type="button" className="d-pin" data-testid="comment-pin" data-anchor={el.id} style={{ left: (el.x + el.width) * s - 4, top: el.y * s - 14 }}
                  title={`Comments on ${elementLabel(el)}`} aria-label={`Comments on ${elementLabel(el)}: ${pins.get(el.id)!.length}`} onPointerDown={(e) => e.stopPropagation()} onClick={() => onPin?.(el.id)}>{pins.get(el.id)!.length}</button>
              ))}
              {/* Under the elements (an element on the band's bottom edge stays grabbable) and reaching into the left gutter, where nothing covers it. */}
              {canEdit && <div className="d-band-grip" data-testid={`band-grip-${sb.band.id}`} title="Drag to change the band's height" style={{ left: -margins.left * s }} onPointerDown={(e) => startBandResize(e, sb)} />}
            </div>
          );
        })}
        {gesture?.kind === "marquee" && (() => {
          const b = boxFromPoints(gesture.x0, gesture.y0, gesture.x1, gesture.y1);
          return <div className="d-marquee" data-testid="marquee" style={{ left: b.x * s, top: b.y * s, width: b.width * s, height: b.height * s }} />;
        })()}
        {collab && <RemoteLayer peers={collab.peers} stack={stack} scale={s} />}
        {guides.map((g, i) => (
          <div key={i} className={`d-guide d-guide-${g.axis}`} data-testid="guide"
            style={g.axis === "x" ? { left: g.position * s, top: g.start * s, height: (g.end - g.start) * s } : { top: g.position * s, left: g.start * s, width: (g.end - g.start) * s }} />
        ))}
      </div>
    </div>
  );
}
