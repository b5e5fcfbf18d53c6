// What every rule sees: the file's objects, its first bytes, the standards checked, the XMP packet read.
import type { ArchiveLevel, PdfStandard } from "../standards/levels.js";
import type { PdfModel } from "./model.js";
import type { XmpValues } from "./xmp-read.js";

/** One broken rule: the standard, its clause and test in veraPDF's style, a short message, some objects. */
export interface CheckFinding {
  readonly standard: PdfStandard;
  readonly rule: string;
  readonly message: string;
  /** Up to 10 objects (`N G R`) where the rule fails, when it is about objects. */
  readonly objects?: readonly string[];
}

export interface CheckContext {
  readonly model: PdfModel;
  /** The file's first bytes (header and binary comment). */
  readonly head: Uint8Array;
  /** The PDF/A standard checked and its level, if any. */
  readonly archive?: { readonly standard: PdfStandard; readonly level: ArchiveLevel };
  readonly ua: boolean;
  /** The catalog's XMP packet, when it has one that reads as XMP. */
  readonly xmp?: XmpValues;
  /** Decoded ICC profiles of the output intents, by object. */
  readonly profiles: ReadonlyMap<string, Uint8Array>;
}

/** A rule family: the findings of its rules for one file (empty when every rule holds). */
export type RuleFamily = (ctx: CheckContext) => CheckFinding[];

/** A finding with its objects capped, for families that collect them. */
export function finding(standard: PdfStandard, rule: string, message: string, objects?: readonly string[]): CheckFinding {
  return { standard, rule, message, ...(objects !== undefined && objects.length > 0 ? { objects: objects.slice(0, 10) } : {}) };
}
