// The element toolbar: click a tool to add that element to the selected band, or drag it onto the canvas to
// drop it where the pointer is released. Pointer events (not HTML drag and drop) so a drag shows a ghost
// that follows the pointer and works the same with a mouse, a pen or a test driver.
import { useState, type PointerEvent as ReactPointerEvent } from "react";
import { ELEMENT_TYPES, type ElementType } from "../engine";
import type { CanvasPoint } from "./Canvas";
import { followPointer } from "./pointer-gesture";

const LABELS: Record<ElementType, string> = {
  text: "Text", image: "Image", table: "Table", line: "Line", rect: "Rectangle", ellipse: "Ellipse", barcode: "Barcode", markdown: "Markdown", icon: "Icon", chart: "Chart", field: "Form field",
};
const GLYPHS: Record<ElementType, string> = { text: "T", image: "▣", table: "▦", line: "╱", rect: "▭", ellipse: "◯", barcode: "▥", markdown: "M↓", icon: "★", chart: "▂▅▇", field: "⌨" };

/** Follows a pointer drag from a palette item; calls `onDrop` with the canvas point, or `onClick` when it did not move. */
export function usePaletteDrag(locate: () => ((x: number, y: number) => CanvasPoint | null) | null) {
  const [ghost, setGhost] = useState<{ label: string; x: number; y: number } | null>(null);
  const start = (e: ReactPointerEvent, label: string, onDrop: (p: CanvasPoint) => void, onClick: () => void) => {
    if (e.button !== 0) return;
    e.preventDefault();
    const x0 = e.clientX;
    const y0 = e.clientY;
    let dragging = false;
    // Escape, a blur or a cancelled pointer drops the drag: nothing is added and the ghost goes away.
    followPointer(e, {
      move: (ev) => {
        if (!dragging && Math.hypot(ev.clientX - x0, ev.clientY - y0) < 4) return;
        dragging = true;
        setGhost({ label, x: ev.clientX, y: ev.clientY });
      },
      up: (ev) => {
        setGhost(null);
        if (!dragging) return onClick();
        const p = locate()?.(ev.clientX, ev.clientY);
        if (p) onDrop(p);
      },
      cancel: () => setGhost(null),
    });
  };
  const ghostView = ghost && <div className="d-drag-ghost" data-testid="drag-ghost" style={{ left: ghost.x + 8, top: ghost.y + 8 }}>{ghost.label}</div>;
  return { start, ghostView };
}

/** The tools. */
export function Toolbar({ disabled, onStart, onAdd }: { readonly disabled: boolean; readonly onStart: (e: ReactPointerEvent, type: ElementType) => void; readonly onAdd: (type: ElementType) => void }) {
  return (
    <div className="d-tools" role="toolbar" aria-label="Add an element">
      {ELEMENT_TYPES.map((t) => (
        <button key={t} type="button" data-testid={`tool-${t}`} title={`${LABELS[t]}: click to add to the selected band, or drag onto the page`} disabled={disabled}
          onPointerDown={(e) => onStart(e, t)}
          // A click from the keyboard (detail 0) adds at once; pointer clicks are handled by the drag above.
          onClick={(e) => { if (e.detail === 0) onAdd(t); }}>
          <span aria-hidden="true">{GLYPHS[t]}</span> {LABELS[t]}
        </button>
      ))}
    </div>
  );
}
