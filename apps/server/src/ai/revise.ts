// POST /api/ai/revise-document after the checks: pass 1 decides which bands change, pass 2 refills only
// those. Unchanged bands go back exactly as the client sent them (the raw JSON objects, not re-serialised).
import { fieldNamesOf, pageSizeFromGenerated, uniqueFieldNames, type GeneratedBandTemplate, type GeneratedElement } from "@docsvc/layout";
import type { ImagePart, TextPart } from "ai";
import type { Principal } from "../auth/principal.js";
import { askJson } from "./ask.js";
import { RevisePlanAnswer } from "./answers.js";
import type { AiContext } from "./context.js";
import { eachLimited } from "./limited.js";
import { PictureCutter } from "./crops.js";
import type { PageDiff } from "./diff.js";
import { fillBand } from "./fill.js";
import { paperGeometry } from "./paper.js";
import { prompt } from "./prompts.js";
import type { AiModel } from "./provider.js";
import type { Credit } from "./quota.js";
import type { Reference } from "./reference.js";
import type { SendEvent } from "./sse.js";
import { systemPrompt } from "./system-prompt.js";

type RawObject = Record<string, unknown>;

/** A checked revise request. */
export interface ReviseInput {
  /** The document, validated against the wire shape. */
  readonly document: GeneratedBandTemplate;
  /** The same document as parsed from the request (what unchanged bands are echoed from). */
  readonly raw: RawObject & { readonly bands: readonly RawObject[] };
  readonly instruction: string | undefined;
  readonly reference: Reference | undefined;
  /** A redeemed checkToken: the draft rendered, compared with the reference. */
  readonly check: { readonly draftPng: Uint8Array; readonly diff: PageDiff } | undefined;
}

const PICTURE = "(picture)";

/** The document as the model reads it: pictures replaced by a marker (their bytes say nothing useful). */
function forModel(document: GeneratedBandTemplate): string {
  return JSON.stringify(document, (key, value: unknown) => (key === "src" && typeof value === "string" && value.startsWith("data:") ? PICTURE : value));
}

/** Puts back the pictures of kept image elements (matched by id) that the model saw only as the marker. */
function restorePictures(before: readonly GeneratedElement[], after: GeneratedElement[]): GeneratedElement[] {
  const sources = new Map(before.filter((e) => e.id && e.src).map((e) => [e.id as string, e.src as string]));
  return after.map((e) => (e.type === "image" && (e.src === PICTURE || !e.src) && e.id && sources.has(e.id) ? { ...e, src: sources.get(e.id) ?? null } : e));
}

/** Renames form fields of the refilled bands whose names another band uses (kept bands first, then document order). */
function uniqueFields(document: GeneratedBandTemplate, replaced: Map<string, RawObject>): void {
  const filled = document.bands.filter((b) => replaced.get(b.id)?.["failed"] === false);
  const taken = fieldNamesOf(document.bands.filter((b) => !filled.includes(b)));
  for (const band of filled) {
    const raw = replaced.get(band.id) ?? {};
    replaced.set(band.id, { ...raw, elements: uniqueFieldNames(raw["elements"] as GeneratedElement[], taken) });
  }
}

async function requestText(input: ReviseInput): Promise<string> {
  if (input.check === undefined) return input.instruction ?? "Make the template match the reference picture.";
  const regions = input.check.diff.regions.map((r) => `- x ${r.x}, y ${r.y}, ${r.width} × ${r.height} pt (difference ${r.difference})`).join("\n");
  return prompt("check", { regions: regions || "- none stand out; compare the details." });
}

function content(input: ReviseInput, text: string): (TextPart | ImagePart)[] {
  const parts: (TextPart | ImagePart)[] = [];
  if (input.reference) parts.push({ type: "text", text: "The reference:" }, { type: "image", image: input.reference.png, mediaType: "image/png" });
  if (input.check) parts.push({ type: "text", text: "The draft as rendered now:" }, { type: "image", image: input.check.draftPng, mediaType: "image/png" });
  parts.push({ type: "text", text });
  return parts;
}

/** Runs both passes; the credit (absent with a checkToken) is committed only when something changed. */
export async function runRevision(ctx: AiContext, ai: AiModel, principal: Principal, input: ReviseInput, credit: Credit | undefined, send: SendEvent, signal: AbortSignal): Promise<void> {
  const started = performance.now();
  try {
    const { document } = input;
    const pageSize = pageSizeFromGenerated(document.pageSize);
    const paper = paperGeometry(pageSize);
    const request = await requestText(input);
    const documentJson = forModel(document);
    const ids = new Set(document.bands.map((b) => b.id));
    const plan = await askJson(ai, {
      system: await systemPrompt(paper, "revise-plan", { request, document: documentJson }),
      content: content(input, request),
      schema: RevisePlanAnswer,
      name: "revise_plan",
      signal,
      check: (p) => {
        const unknown = p.bands.find((b) => !ids.has(b.id));
        return unknown === undefined ? undefined : `band ${unknown.id} is not in the document`;
      },
    });
    if (!plan.ok) {
      ctx.deps.log.warn("AI revise plan rejected", { workspaceId: principal.workspaceId, problem: plan.problem });
      send("error", { message: "The model could not decide what to change; try again." });
      return;
    }
    const notes = new Map(plan.value.bands.filter((b) => b.changed).map((b) => [b.id, b.notes ?? ""]));
    if (notes.size === 0) {
      send("done", { bandsTotal: 0, bandsCompleted: 0, unchanged: true, template: input.raw, message: "Nothing needs to change." });
      return;
    }
    const targets = document.bands.filter((b) => notes.has(b.id));
    const bandsTotal = targets.length;
    send("skeleton", { bandsTotal });
    const pagePoints = input.reference?.pdfPage ?? { width: paper.width, height: paper.height };
    const cutter = input.reference ? new PictureCutter(input.reference, pagePoints) : undefined;
    const replaced = new Map<string, RawObject>();
    let bandsCompleted = 0;
    let failures = 0;
    await eachLimited(targets, ctx.bandConcurrency, signal, async (band) => {
      const width = band.kind === "background" ? paper.width : paper.contentWidth;
      const result = await fillBand(ai, {
        system: await systemPrompt(paper, "revise-band", { bandId: band.id, bandKind: band.kind, contentWidth: width, notes: notes.get(band.id) ?? "", band: forModel({ ...document, bands: [band] }), document: documentJson }),
        content: content(input, request),
        bandId: band.id,
        width,
        signal,
        cutter,
      });
      const raw = input.raw.bands[document.bands.indexOf(band)] ?? {};
      if (result.ok) {
        replaced.set(band.id, { ...raw, ...(result.height !== undefined && result.height > 0 ? { height: result.height } : {}), elements: restorePictures(band.elements ?? [], result.elements), failed: false });
      } else {
        failures += 1;
        replaced.set(band.id, { ...raw, failed: true });
        ctx.deps.log.warn("AI revise band failed twice", { workspaceId: principal.workspaceId, bandId: band.id, problem: result.problem });
      }
      bandsCompleted += 1;
      send("band", { bandsTotal, bandsCompleted, bandId: band.id, failed: !result.ok });
    });
    signal.throwIfAborted();
    if (failures === bandsTotal) {
      send("error", { message: "Every band change failed; the document is unchanged." });
      return;
    }
    credit?.commit(performance.now() - started);
    uniqueFields(document, replaced);
    const bands = input.raw.bands.map((raw, i) => replaced.get(document.bands[i]?.id ?? "") ?? raw);
    send("done", { bandsTotal, bandsCompleted, template: { ...input.raw, bands } });
  } finally {
    credit?.release();
  }
}
