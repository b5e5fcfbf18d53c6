// The canvas by keyboard: bands and elements are reached in reading order with one tab stop among them (a
// roving tabindex: the last focused item, else the selection, else the first band), so Tab leaves the canvas
// at either end. An item focused from the keyboard is selected; Enter asks to edit it; Space selects an
// element (Shift adds or removes it). Arrow moves, Delete and the rest are the page's keys, reached by bubbling.
import { useMemo, useState, type FocusEvent, type KeyboardEvent, type RefObject } from "react";
import { focusCanvasItem } from "./keyboard-focus";
import { readingOrder, stepFrom, type CanvasItem } from "./reading-order";
import type { StackedBand } from "./stack";

/** Whether focus came from the keyboard (a click focuses too, but selects through its own pointer handler). */
function keyboardFocus(node: HTMLElement): boolean {
  try {
    return node.matches(":focus-visible");
  } catch {
    return false; // a DOM without the selector (jsdom)
  }
}

export interface CanvasKeyboardOptions {
  readonly stack: readonly StackedBand[];
  readonly selection: readonly string[];
  readonly selectedBand: string | null;
  readonly onSelect: (ids: readonly string[]) => void;
  readonly onSelectBand: (bandId: string | null) => void;
  readonly onEdit?: ((target: { bandId: string; elementId?: string }) => void) | undefined;
  /** A read-only preview: items are reached but nothing is selected or edited. */
  readonly preview: boolean;
  readonly root: RefObject<HTMLElement | null>;
}

/** The attributes and handlers each band and element spreads onto its node. */
export function useCanvasKeyboard({ stack, selection, selectedBand, onSelect, onSelectBand, onEdit, preview, root }: CanvasKeyboardOptions) {
  const order = useMemo(() => readingOrder(stack), [stack]);
  const [focusId, setFocusId] = useState<string | null>(null);
  const tabStop = [focusId, selection[0], selectedBand].find((id) => id && order.some((item) => item.id === id)) ?? order[0]?.id;

  const onFocus = (e: FocusEvent<HTMLElement>, item: CanvasItem) => {
    if (e.target !== e.currentTarget) return;
    setFocusId(item.id);
    if (preview || !keyboardFocus(e.currentTarget)) return;
    if (item.kind === "band") {
      onSelectBand(item.id);
      onSelect([]);
    } else if (!selection.includes(item.id)) onSelect([item.id]);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>, item: CanvasItem) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === "Tab" && !e.ctrlKey && !e.altKey && !e.metaKey) {
      const next = stepFrom(order, item.id, e.shiftKey);
      // At either end the browser's own Tab leaves the canvas.
      if (next && root.current) {
        e.preventDefault();
        focusCanvasItem(root.current, next.id);
      }
    } else if (e.key === "Enter" && !preview) {
      e.preventDefault();
      onEdit?.(item.kind === "band" ? { bandId: item.id } : { bandId: item.bandId, elementId: item.id });
    } else if (e.key === " " && item.kind === "element" && !preview) {
      // A button's own key.
      e.preventDefault();
      const already = selection.includes(item.id);
      onSelect(e.shiftKey ? (already ? selection.filter((i) => i !== item.id) : [...selection, item.id]) : [item.id]);
    }
  };
  return (item: CanvasItem) => ({
    "data-canvas-item": item.id,
    tabIndex: tabStop === item.id ? 0 : -1,
    onFocus: (e: FocusEvent<HTMLElement>) => onFocus(e, item),
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => onKeyDown(e, item),
  });
}
