// Pass 2, shared by generation and revise: one model call per band, naming the band it fills by id. The
// answer must fill that band and fit its width; pictures it points at are cut from the reference.
import type { GeneratedElement } from "@docsvc/layout";
import type { FilePart, ImagePart, TextPart } from "ai";
import { askJson } from "./ask.js";
import { BandAnswer } from "./answers.js";
import { cutPictures, type PictureCutter } from "./crops.js";
import type { AiModel } from "./provider.js";

/** One band to fill. */
export interface FillRequest {
  readonly system: string;
  /** The user message (reference image, request text). */
  readonly content: readonly (TextPart | ImagePart | FilePart)[];
  readonly bandId: string;
  /** The width elements must fit in (the content width; the page for a background band). */
  readonly width: number;
  readonly signal: AbortSignal;
  /** Present when there is a reference to cut pictures from. */
  readonly cutter: PictureCutter | undefined;
}

/** A filled band, or a band whose two tries both failed. */
export type FillResult = { readonly ok: true; readonly elements: GeneratedElement[]; readonly height: number | undefined } | { readonly ok: false; readonly problem: string };

function misfit(elements: readonly GeneratedElement[], width: number): string | undefined {
  const slack = 2 + width * 0.03;
  for (const [i, e] of elements.entries()) {
    if (e.x < -slack || e.x + e.width > width + slack) return `elements[${i}] (${e.type}) spans x ${e.x}–${e.x + e.width}, outside the band's 0–${width} pt`;
    if (e.type === "table" && (!e.bindingField || !e.columns?.length)) return `elements[${i}] is a table without bindingField and columns`;
    if (e.type === "chart" && (!e.bindingField || !e.series?.length)) return `elements[${i}] is a chart without bindingField and series`;
    if (e.type === "field" && (e.kind === "radio" || e.kind === "dropdown") && !e.options?.length) return `elements[${i}] is a ${e.kind} field without options`;
  }
  return undefined;
}

/** Fills one band: two tries, then `ok: false`. Throws only when the signal aborts. */
export async function fillBand(ai: AiModel, request: FillRequest): Promise<FillResult> {
  const answer = await askJson(ai, {
    system: request.system,
    content: [...request.content],
    schema: BandAnswer,
    name: "band",
    signal: request.signal,
    check: (a) => (a.bandId !== request.bandId ? `bandId must be ${request.bandId}, got ${a.bandId}` : misfit(a.elements, request.width)),
  });
  if (!answer.ok) return answer;
  // Within the slack misfit allows, coordinates are pulled inside the band: they are final for the page.
  const fitted = answer.value.elements.map((e) => {
    const x = Math.min(Math.max(0, e.x), request.width);
    return { ...e, x, width: Math.min(e.width, request.width - x), y: Math.max(0, e.y) };
  });
  const elements = await cutPictures(fitted, request.cutter);
  const h = answer.value.height;
  const height = typeof h === "string" ? Number(h) : h ?? undefined;
  return { ok: true, elements, height };
}
