// The checks before a stream opens (service-spec: failures detectable from the request answer a real
// status): required inputs (400), sizes (413), the reference (400/413), the check token (400), the quota (402).
import { GeneratedBandTemplate } from "@docsvc/layout";
import type { Principal } from "../auth/principal.js";
import { HttpError, ValidationError } from "../errors.js";
import { parseOrThrow } from "../http/validate.js";
import { INSTRUCTION_LIMIT } from "../schemas/ai.js";
import { checkContent, invalidContent } from "../services/content.js";
import { renderFailure } from "../services/render-failure.js";
import type { AiContext } from "./context.js";
import { comparePages } from "./diff.js";
import { fileField, jsonField, textField, type Form } from "./form.js";
import type { GenerateInput } from "./generate.js";
import { paperFromField } from "./paper.js";
import type { Credit } from "./quota.js";
import { readReference, REFERENCE_PDF_LIMIT, type Reference } from "./reference.js";
import type { ReviseInput } from "./revise.js";

const MB = 1024 * 1024;
/** Field limits (bytes). */
export const LIMITS = { prompt: 64 * 1024, html: 2 * MB, css: MB, paper: 4096, document: MB, content: 25 * MB, sampleData: MB, checkToken: 256 } as const;
/** What a whole multipart body may weigh: every field at its limit plus the envelope. */
export const GENERATE_BODY_LIMIT = REFERENCE_PDF_LIMIT + LIMITS.prompt + LIMITS.html + LIMITS.css + LIMITS.paper + 64 * 1024;
export const REVISE_BODY_LIMIT = REFERENCE_PDF_LIMIT + LIMITS.document + LIMITS.content + LIMITS.sampleData + 4 * INSTRUCTION_LIMIT + 64 * 1024;

async function reference(ctx: AiContext, form: Form): Promise<Reference | undefined> {
  const bytes = await fileField(form, "image");
  return bytes === undefined ? undefined : readReference(ctx.deps.renderer, bytes);
}

/** Checks a generation request and holds its credit. */
export async function generationRequest(ctx: AiContext, principal: Principal, form: Form): Promise<{ input: GenerateInput; credit: Credit }> {
  const prompt = await textField(form, "prompt", LIMITS.prompt);
  const html = await textField(form, "html", LIMITS.html);
  const css = await textField(form, "css", LIMITS.css);
  const paper = await textField(form, "paper", LIMITS.paper);
  const ref = await reference(ctx, form);
  if (prompt === undefined && html === undefined && ref === undefined) {
    throw ValidationError.field("body", "At least one of image, html or prompt is required.");
  }
  const credit = await ctx.quota.hold(principal);
  return { input: { prompt, html, css, paper: paper === undefined ? undefined : paperFromField(paper), reference: ref }, credit };
}

/** Checks a legacy generate-template request (image or prompt). */
export async function legacyRequest(ctx: AiContext, form: Form): Promise<{ prompt: string | undefined; reference: Reference | undefined }> {
  const prompt = await textField(form, "prompt", LIMITS.prompt);
  const ref = await reference(ctx, form);
  if (prompt === undefined && ref === undefined) throw ValidationError.field("body", "At least one of image or prompt is required.");
  return { prompt, reference: ref };
}

/** Checks a revise request; holds a credit unless a valid checkToken makes it a free comparison. */
export async function revisionRequest(ctx: AiContext, principal: Principal, form: Form): Promise<{ input: ReviseInput; credit: Credit | undefined }> {
  const documentText = await textField(form, "document", LIMITS.document);
  const content = await textField(form, "content", LIMITS.content);
  const sampleText = await textField(form, "sampleData", LIMITS.sampleData);
  const instruction = (await textField(form, "instruction", 4 * INSTRUCTION_LIMIT))?.trim();
  const checkToken = await textField(form, "checkToken", LIMITS.checkToken);
  if (documentText === undefined) throw ValidationError.field("document", "document is required.");
  if (content === undefined) throw ValidationError.field("content", "content is required.");
  if (instruction !== undefined && instruction.length > INSTRUCTION_LIMIT) throw ValidationError.field("instruction", `instruction must be at most ${INSTRUCTION_LIMIT} characters.`);
  const raw = jsonField(documentText, "document");
  const document = parseOrThrow(GeneratedBandTemplate, raw, "document");
  const sampleData = sampleText === undefined ? {} : jsonField(sampleText, "sampleData");
  const ref = await reference(ctx, form);
  if (instruction === undefined && ref === undefined) throw ValidationError.field("body", "At least one of instruction or image is required.");
  await checkContent(ctx.deps.renderer, content, "report", principal.workspaceId);
  const input = { document, raw: raw as ReviseInput["raw"], instruction, reference: ref };
  if (checkToken === undefined) return { input: { ...input, check: undefined }, credit: await ctx.quota.hold(principal) };
  if (ref === undefined || !(await ctx.checkTokens.redeem(checkToken, principal.workspaceId, ref.hash))) {
    throw ValidationError.field("checkToken", "checkToken is unknown, expired, already used, or was issued for another reference.");
  }
  return { input: { ...input, check: await renderAndCompare(ctx, principal.workspaceId, content, sampleData, ref) }, credit: undefined };
}

async function renderAndCompare(ctx: AiContext, workspaceId: string, content: string, data: unknown, ref: Reference): Promise<ReviseInput["check"]> {
  // In the workspace's own turn on the render pool, under the same budget as any render.
  const job = { workspaceId };
  const rendered = await ctx.deps.renderer.render({ cacheKey: null, content, data, theme: undefined, title: undefined, now: undefined }, job).catch((error: unknown) => {
    throw renderFailure(error);
  });
  if (!rendered.ok) throw invalidContent(rendered.errors);
  const raster = await ctx.deps.renderer.rasterFirstPage?.(rendered.pdf, job);
  if (raster === undefined || !raster.ok) throw new HttpError(503, "This server cannot rasterise drafts.");
  const page = ref.pdfPage ?? { width: raster.width, height: raster.height };
  return { draftPng: raster.png, diff: await comparePages(ref.png, raster.png, page) };
}
