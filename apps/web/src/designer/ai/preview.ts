// What a streaming draft looks like so far: the skeleton's empty bands, then each band as its event fills it.
// Kept outside the document (never written to the shared Y.Doc), so peers and undo see only the final draft.
import type { GeneratedBand, GeneratedBandTemplate } from "./apply";
import type { AiEvent } from "./sse";

/** The draft so far after event `e` (null before the skeleton, or when the events carry no bands). */
export function nextDraftPreview(current: GeneratedBandTemplate | null, e: AiEvent): GeneratedBandTemplate | null {
  if (e.stage === "skeleton") {
    if (!Array.isArray(e.bands)) return null;
    const bands = (e.bands as GeneratedBand[]).map((b) => ({ ...b, elements: [] }));
    return { name: "draft", bands, schema: [], direction: "ltr", bodyFont: null, headingFont: null, pageSize: (e.pageSize ?? null) as GeneratedBandTemplate["pageSize"] };
  }
  if (e.stage === "band" && current && isBand(e.band)) {
    const band = e.band;
    const known = current.bands.some((b) => b.id === band.id);
    return { ...current, bands: known ? current.bands.map((b) => (b.id === band.id ? band : b)) : [...current.bands, band] };
  }
  return current;
}

function isBand(value: unknown): value is GeneratedBand {
  return typeof value === "object" && value !== null && typeof (value as { id?: unknown }).id === "string" && Array.isArray((value as { elements?: unknown }).elements);
}
