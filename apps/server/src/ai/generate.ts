// POST /api/ai/generate-band-template after the checks: pass 1 authors the skeleton, pass 2 fills the bands
// a few at a time, and `done` carries the assembled draft (plus a checkToken when there was a reference).
import { pageSizeFromGenerated, type GeneratedBand, type GeneratedBandTemplate, type PageSizeSpec } from "@docsvc/layout";
import type { ImagePart, TextPart } from "ai";
import type { Principal } from "../auth/principal.js";
import { askJson } from "./ask.js";
import { SkeletonAnswer, type SkeletonAnswer as Skeleton } from "./answers.js";
import type { AiContext } from "./context.js";
import { eachLimited } from "./limited.js";
import { PictureCutter } from "./crops.js";
import { fillBand } from "./fill.js";
import { draftBandText, draftSkeletonText, htmlForPrompt, nativeHtmlDraft } from "./html.js";
import { paperFromPdfPage, paperGeometry } from "./paper.js";
import type { AiModel } from "./provider.js";
import type { Credit } from "./quota.js";
import type { Reference } from "./reference.js";
import type { SendEvent } from "./sse.js";
import { designerFont, systemPrompt } from "./system-prompt.js";

/** Bands per generated document. */
export const MAX_BANDS = 20;

/** A checked generation request. */
export interface GenerateInput {
  readonly prompt: string | undefined;
  readonly html: string | undefined;
  readonly css: string | undefined;
  /** The request's `paper` field, already read. */
  readonly paper: PageSizeSpec | undefined;
  readonly reference: Reference | undefined;
}

/** The user message: the reference picture and the words of the request (the HTML's native draft when there is one). */
export function requestContent(input: Pick<GenerateInput, "prompt" | "html" | "css" | "reference">, htmlDraft: GeneratedBandTemplate | undefined = undefined): (TextPart | ImagePart)[] {
  const parts: (TextPart | ImagePart)[] = [];
  if (input.reference) parts.push({ type: "text", text: "The reference (page 1):" }, { type: "image", image: input.reference.png, mediaType: "image/png" });
  if (input.prompt) parts.push({ type: "text", text: `The request: ${input.prompt}` });
  if (htmlDraft !== undefined) parts.push({ type: "text", text: draftSkeletonText(htmlDraft) });
  else if (input.html !== undefined) parts.push({ type: "text", text: `Convert this HTML document into the template:\n${htmlForPrompt(input.html, input.css)}` });
  return parts;
}

function skeletonProblem(s: Skeleton): string | undefined {
  if (s.bands.length === 0) return "bands must not be empty";
  if (s.bands.length > MAX_BANDS) return `at most ${MAX_BANDS} bands, got ${s.bands.length}`;
  const ids = new Set(s.bands.map((b) => b.id));
  if (ids.size !== s.bands.length) return "band ids must be unique";
  const bad = s.bands.find((b) => b.parentId !== null && (!ids.has(b.parentId) || b.parentId === b.id));
  return bad ? `band ${bad.id} names parentId ${bad.parentId}, which is not another band` : undefined;
}

/** Runs both passes and streams the events; the credit is committed only when a draft is delivered. */
export async function runGeneration(ctx: AiContext, ai: AiModel, principal: Principal, input: GenerateInput, credit: Credit, send: SendEvent, signal: AbortSignal): Promise<void> {
  const started = performance.now();
  try {
    const fixed = input.paper ?? (input.reference?.pdfPage ? paperFromPdfPage(input.reference.pdfPage.width, input.reference.pdfPage.height) : undefined);
    const htmlDraft = input.html === undefined ? undefined : await nativeHtmlDraft(ctx.deps, input.html, input.css, { workspaceId: principal.workspaceId, signal });
    const content = requestContent(input, htmlDraft);
    const paperRule = fixed ? `use exactly ${JSON.stringify(fixed)}.` : "pick the preset (and orientation) that matches the reference or the request; A4 when nothing says otherwise.";
    const first = await askJson(ai, {
      system: await systemPrompt(paperGeometry(fixed ?? { id: "a4" }), "skeleton", { maxBands: MAX_BANDS, paperRule }),
      content,
      schema: SkeletonAnswer,
      name: "skeleton",
      signal,
      check: skeletonProblem,
    });
    if (!first.ok) {
      ctx.deps.log.warn("AI skeleton rejected", { workspaceId: principal.workspaceId, problem: first.problem });
      send("error", { message: "The model did not produce a usable skeleton; try again or describe the document differently." });
      return;
    }
    const skeleton = first.value;
    // The model picks among the presets; a custom size is only ever the user's or a reference PDF's.
    const pageSize = fixed ?? (skeleton.pageSize?.id === "custom" ? { id: "a4" } : pageSizeFromGenerated(skeleton.pageSize));
    const paper = paperGeometry(pageSize);
    const bandsTotal = skeleton.bands.length;
    // The empty bands go out first so a client can draw them while they are filled (additive fields).
    send("skeleton", { bandsTotal, pageSize, bands: skeleton.bands.map((b) => ({ ...b, elements: [] })) });

    const pagePoints = input.reference?.pdfPage ?? { width: paper.width, height: paper.height };
    const cutter = input.reference ? new PictureCutter(input.reference, pagePoints) : undefined;
    const skeletonJson = JSON.stringify({ ...skeleton, pageSize });
    const filled = new Map<string, GeneratedBand>();
    let bandsCompleted = 0;
    await eachLimited(skeleton.bands, ctx.bandConcurrency, signal, async (band) => {
      const width = band.kind === "background" ? paper.width : paper.contentWidth;
      const bindingHint = band.bindingField ? `rows of ${band.bindingField}` : "any top-level field";
      // A band the model kept from the draft keeps its id (prompts/skeleton.md) and is filled from its elements.
      const drafted = htmlDraft?.bands.find((b) => b.id === band.id)?.elements ?? undefined;
      const result = await fillBand(ai, {
        system: await systemPrompt(paper, "band", { bandId: band.id, bandKind: band.kind, bandName: band.name ?? "", bandHeight: String(band.height), contentWidth: width, skeleton: skeletonJson, bindingHint }),
        content: drafted === undefined ? content : [...content, { type: "text", text: draftBandText(drafted) }],
        bandId: band.id,
        width,
        signal,
        cutter,
      });
      const done: GeneratedBand = {
        ...band,
        height: result.ok && result.height !== undefined && result.height > 0 ? result.height : band.height,
        elements: result.ok ? result.elements : [],
        failed: !result.ok,
      };
      filled.set(band.id, done);
      if (!result.ok) ctx.deps.log.warn("AI band failed twice", { workspaceId: principal.workspaceId, bandId: band.id, problem: result.problem });
      bandsCompleted += 1;
      // The filled band in its done.template.bands form, so a client can show it as it arrives.
      send("band", { bandsTotal, bandsCompleted, bandId: band.id, failed: !result.ok, band: done });
    });
    signal.throwIfAborted();

    const template: GeneratedBandTemplate = {
      name: skeleton.name,
      bands: skeleton.bands.map((b) => filled.get(b.id) ?? { ...b, elements: [], failed: true }),
      schema: skeleton.schema,
      direction: skeleton.direction ?? "ltr",
      bodyFont: await designerFont(skeleton.bodyFont),
      headingFont: await designerFont(skeleton.headingFont),
      pageSize,
    };
    credit.commit(performance.now() - started);
    const checkToken = input.reference ? await ctx.checkTokens.issue(principal.workspaceId, input.reference.hash) : undefined;
    send("done", { bandsTotal, bandsCompleted, template, ...(checkToken ? { checkToken } : {}) });
  } finally {
    credit.release();
  }
}
