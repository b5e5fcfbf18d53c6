// The two single-call endpoints: refine-band (one band changed as asked; daily limit, not a generation) and
// the legacy generate-template (one pass, a flat element list on A4; one generation credit).
import type { GeneratedBandTemplate, GeneratedElement, GeneratedField } from "@docsvc/layout";
import { fieldNamesOf, pageSizeFromGenerated, uniqueFieldNames } from "@docsvc/layout";
import type { Principal } from "../auth/principal.js";
import { HttpError, ValidationError } from "../errors.js";
import { askJson } from "./ask.js";
import { LegacyAnswer, RefineAnswer } from "./answers.js";
import type { AiContext } from "./context.js";
import { cutPictures, PictureCutter } from "./crops.js";
import { requestContent } from "./generate.js";
import { paperGeometry } from "./paper.js";
import type { AiModel } from "./provider.js";
import type { Reference } from "./reference.js";
import { systemPrompt } from "./system-prompt.js";

const UNUSABLE = "The model's answer could not be used; try again.";

/** refine-band's answer. */
export interface RefinedBand {
  readonly bandId: string;
  readonly elements: readonly GeneratedElement[];
  readonly newFields: readonly GeneratedField[];
}

/** Changes one band of a live document as the instruction says. */
export async function refineBand(ctx: AiContext, ai: AiModel, principal: Principal, body: { document: GeneratedBandTemplate; bandId: string; instruction: string }, signal: AbortSignal): Promise<RefinedBand> {
  const band = body.document.bands.find((b) => b.id === body.bandId);
  if (band === undefined) throw ValidationError.field("bandId", `bandId names no band of the document ('${body.bandId}').`);
  await ctx.quota.takeRefine(principal);
  const paper = paperGeometry(pageSizeFromGenerated(body.document.pageSize));
  const width = band.kind === "background" ? paper.width : paper.contentWidth;
  const answer = await askJson(ai, {
    system: await systemPrompt(paper, "refine", { bandId: band.id, bandKind: band.kind, contentWidth: width, instruction: body.instruction, band: JSON.stringify(band), document: JSON.stringify(body.document) }),
    content: [{ type: "text", text: body.instruction }],
    schema: RefineAnswer,
    name: "refined_band",
    signal,
  });
  if (!answer.ok) {
    ctx.deps.log.warn("AI refine rejected", { workspaceId: principal.workspaceId, problem: answer.problem });
    throw new HttpError(502, UNUSABLE);
  }
  const known = new Set(body.document.schema.map((f) => f.key));
  // A form field the model adds under a name another band's field has is renamed: names are unique in a document.
  const taken = fieldNamesOf(body.document.bands.filter((b) => b !== band));
  return { bandId: band.id, elements: uniqueFieldNames(answer.value.elements, taken), newFields: answer.value.newFields.filter((f) => !known.has(f.key)) };
}

/** The legacy single pass: a suggested name and a flat element list (pictures cut from the reference). */
export async function legacyTemplate(ctx: AiContext, ai: AiModel, principal: Principal, input: { prompt: string | undefined; reference: Reference | undefined }, signal: AbortSignal): Promise<{ name: string; elements: GeneratedElement[] }> {
  const credit = await ctx.quota.hold(principal);
  const started = performance.now();
  try {
    const paper = paperGeometry({ id: "a4" });
    const answer = await askJson(ai, {
      system: await systemPrompt(paper, "legacy"),
      content: requestContent({ prompt: input.prompt, html: undefined, css: undefined, reference: input.reference }),
      schema: LegacyAnswer,
      name: "template",
      signal,
    });
    if (!answer.ok) {
      ctx.deps.log.warn("AI legacy template rejected", { workspaceId: principal.workspaceId, problem: answer.problem });
      throw new HttpError(502, UNUSABLE);
    }
    const cutter = input.reference ? new PictureCutter(input.reference, input.reference.pdfPage ?? paper) : undefined;
    const elements = await cutPictures(answer.value.elements, cutter);
    credit.commit(performance.now() - started);
    return { name: answer.value.name, elements };
  } finally {
    credit.release();
  }
}
