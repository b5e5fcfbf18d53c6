// The canvas's keyboard and menu commands over a selection: nudge, delete, copy/paste/duplicate, z-order.
// The clipboard is the page's own (elements as JSON), so pasting works across templates in one tab.
import type { Element } from "../engine";
import { elementsById } from "../model/doc-ops";
import type { DesignerEditor } from "../model/editor";
import { newId } from "./paint";

let clipboard: { bandId: string; elements: Element[] } | null = null;

/** Moves the selection by (dx, dy) points: one step. */
export function nudge(editor: DesignerEditor, ids: readonly string[], dx: number, dy: number): void {
  const all = elementsById(editor.doc);
  const changes = ids.flatMap((id) => {
    const hit = all.get(id);
    return hit ? [{ id, patch: { x: Math.round((hit.element.x + dx) * 100) / 100, y: Math.round((hit.element.y + dy) * 100) / 100 } }] : [];
  });
  if (changes.length) editor.updateElements(changes);
}

/** Copies the selected elements (those of the first selected element's band). */
export function copy(editor: DesignerEditor, ids: readonly string[]): boolean {
  const all = elementsById(editor.doc);
  const first = ids.map((id) => all.get(id)).find(Boolean);
  if (!first) return false;
  clipboard = { bandId: first.band.id, elements: ids.flatMap((id) => { const h = all.get(id); return h && h.band.id === first.band.id ? [h.element] : []; }) };
  return true;
}

/** Whether something was copied. */
export function canPaste(): boolean {
  return clipboard !== null && clipboard.elements.length > 0;
}

/** Pastes the copied elements into `bandId` (else their own band), 10 pt down and right; returns their new ids. */
export function paste(editor: DesignerEditor, bandId: string | null): string[] {
  if (!clipboard) return [];
  const target = editor.doc.bands.find((b) => b.id === bandId) ?? editor.doc.bands.find((b) => b.id === clipboard!.bandId) ?? editor.doc.bands[0];
  if (!target) return [];
  const taken = new Set(editor.doc.bands.flatMap((b) => b.elements.map((e) => e.id)));
  const copies = clipboard.elements.map((e) => {
    const id = newId(e.type, (i) => taken.has(i));
    taken.add(id);
    return { ...e, id, x: e.x + 10, y: e.y + 10 } as Element;
  });
  editor.addElements(target.id, copies);
  clipboard = { bandId: target.id, elements: copies };
  return copies.map((e) => e.id);
}

/** Copies and pastes in one go. */
export function duplicate(editor: DesignerEditor, ids: readonly string[]): string[] {
  const saved = clipboard;
  if (!copy(editor, ids)) return [];
  const bandId = clipboard!.bandId;
  const out = paste(editor, bandId);
  clipboard = saved;
  return out;
}
