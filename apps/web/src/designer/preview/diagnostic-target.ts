// Which element or band a diagnostic names, from its document path.
import type { TemplateDocument } from "../engine";

/** What a diagnostic's path names: `bands[2].elements[1].text` → that element (or band). */
export function targetOf(path: string | undefined, doc: TemplateDocument): { bandId: string; elementId?: string } | null {
  const m = /^bands\[(\d+)\](?:\.elements\[(\d+)\])?/.exec(path ?? "");
  if (!m) return null;
  const band = doc.bands[Number(m[1])];
  if (!band) return null;
  const el = m[2] !== undefined ? band.elements[Number(m[2])] : undefined;
  return el ? { bandId: band.id, elementId: el.id } : { bandId: band.id };
}
