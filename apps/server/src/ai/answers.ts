// What the model answers in each pass, as valibot schemas built from the wire shapes (so the JSON schema
// the model gets and the validation of its answer cannot drift apart).
import { GeneratedBand, GeneratedElement, GeneratedField, GeneratedPageSize } from "@docsvc/layout";
import * as v from "valibot";

/** One band of the skeleton: everything but its elements. */
export const SkeletonBand = v.omit(GeneratedBand, ["elements", "failed"]);

/** Pass 1 of a generation: bands, data schema, paper, direction, fonts. */
export const SkeletonAnswer = v.object({
  name: v.string(),
  bands: v.array(SkeletonBand),
  schema: v.array(GeneratedField),
  direction: v.nullish(v.picklist(["ltr", "rtl"])),
  bodyFont: v.nullish(v.string()),
  headingFont: v.nullish(v.string()),
  pageSize: v.nullish(GeneratedPageSize),
});

/** Pass 2 (generation and revise): one band's elements; `bandId` names the band it fills. */
export const BandAnswer = v.object({
  bandId: v.string(),
  height: v.nullish(v.union([v.number(), v.pipe(v.string(), v.regex(/^\s*\d+(\.\d+)?\s*$/))])),
  elements: v.array(GeneratedElement),
});

/** Pass 1 of a revise: which bands change. */
export const RevisePlanAnswer = v.object({
  bands: v.array(v.object({ id: v.string(), changed: v.boolean(), notes: v.nullish(v.string()) })),
});

/** refine-band's answer. */
export const RefineAnswer = v.object({
  elements: v.array(GeneratedElement),
  newFields: v.array(GeneratedField),
});

/** The legacy single pass: a name and a flat element list. */
export const LegacyAnswer = v.object({
  name: v.string(),
  elements: v.array(GeneratedElement),
});

export type SkeletonAnswer = v.InferOutput<typeof SkeletonAnswer>;
export type BandAnswer = v.InferOutput<typeof BandAnswer>;
