// Moving the keyboard focus between the canvas and the properties panel: Enter on a canvas item focuses the
// panel's main field once the panel is drawn, Escape in the panels goes back to the item, and an item to
// focus after a change (the band of a removed element) is focused once it is drawn.
import { useEffect, useState, type KeyboardEvent } from "react";
import type { ElementType } from "../engine";
import { focusMainField } from "../panels/main-field";

/** Focuses the canvas item (element or band, by id) under `root`; false when it is not drawn. */
export function focusCanvasItem(root: ParentNode, id: string): boolean {
  for (const node of root.querySelectorAll<HTMLElement>("[data-canvas-item]")) {
    if (node.dataset["canvasItem"] === id) {
      node.focus();
      return true;
    }
  }
  return false;
}

/** The page's side of the canvas keyboard: ask for the panel (`edit`) or a canvas item (`refocus`), and `backToCanvas`. */
export function useKeyboardFocus(current: () => string | null) {
  // `n` makes each Enter a new request, even for the same element.
  const [editing, setEditing] = useState<{ readonly type: ElementType | null; readonly n: number } | null>(null);
  const [refocus, setRefocus] = useState<string | null>(null);
  useEffect(() => {
    if (!editing) return;
    const panel = document.querySelector<HTMLElement>(editing.type ? '[data-testid="element-props"]' : '[data-testid="band-props"]');
    if (panel) focusMainField(panel, editing.type ?? undefined);
  }, [editing]);
  useEffect(() => {
    if (!refocus) return;
    focusCanvasItem(document, refocus);
    setRefocus(null);
  }, [refocus]);
  return {
    /** Focus the properties panel's main field for an element of `type` (null: a band) once it is drawn. */
    edit: (type: ElementType | null) => setEditing((e) => ({ type, n: (e?.n ?? 0) + 1 })),
    /** Focus canvas item `id` once it is drawn. */
    refocus: setRefocus,
    /** Escape in the panels: back to what is being edited on the canvas. */
    backToCanvas: (e: KeyboardEvent) => {
      if (e.key !== "Escape" || !(e.target as HTMLElement).closest(".d-tabpanel")) return;
      const id = current();
      if (id && focusCanvasItem(document, id)) e.preventDefault();
    },
  };
}
