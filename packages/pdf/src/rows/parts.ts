// A merged batch's pages painted in parts, possibly in different threads, then written into one document
// (./assemble.ts). What every part must agree on is fixed before any page is painted, in the plan: the font
// subsets (sealed from the glyphs of every row, so CIDs are the document's) with their names, and the image
// names. Opacity states and shadings are named from their content (alpha, a hash of the gradient), so a part
// needs no table for them. A part answers, per page, its content stream and the resource names it used; the
// document writer maps those names to its objects.
import type { FontFace, FontRegistry, FrameGradient, FrameItem, Page } from "@docsvc/layout";
import { ContentBuilder } from "../paint/content.js";
import type { PaintContext } from "../paint/context.js";
import { paintFrameItems } from "../paint/document.js";
import { PdfOperators } from "../paint/pdfkit.js";
import { shadingKey } from "../paint/shading.js";
import { FaceSubset } from "../paint/subset.js";

/** What every part paints with (plain data: it is posted to a helper thread). */
export interface MergePlan {
  /** Font subsets in name order: the face keys painting with each, its name, its glyphs and their texts. */
  readonly fonts: readonly { readonly keys: readonly string[]; readonly name: string; readonly glyphs: readonly (readonly [number, readonly string[]])[] }[];
  /** Image key → XObject name, or null when the image cannot be embedded (it is then left out, as in one document). */
  readonly images: readonly (readonly [string, string | null])[];
}

/** One painted page: its size, its content stream (raw until deflated) and what it names. */
export interface PaintedPage {
  readonly width: number;
  readonly height: number;
  content: Uint8Array;
  readonly fonts: readonly string[];
  readonly images: readonly string[];
  /** Opacity keys (alpha rounded to 0.001); the ExtGState is named `opacityName(key)`. */
  readonly opacities: readonly number[];
  readonly shadings: readonly string[];
  /** Link annotations in page space (y down), in paint order. */
  readonly links: readonly (readonly [x: number, y: number, width: number, height: number, url: string])[];
}

/** The pages of some consecutive rows, and the gradients behind the shading names they use. */
export interface PaintedChunk {
  readonly pages: PaintedPage[];
  readonly shadings: readonly (readonly [string, FrameGradient])[];
}

/**
 * zlib level of merged page contents. The default (6) took 0.26–0.42 ms per invoice page (11.6 kB → 2.45 kB) and
 * was a quarter of the final paint's CPU; level 4 takes 0.11–0.17 ms for 2.65 kB (+8%).
 */
export const CONTENT_LEVEL = 4;

/** The ExtGState name of an opacity key (the same in every part). */
export function opacityName(key: number): string {
  return `Gs${Math.round(key * 1000)}`;
}

/** A shading's name from its key: two 32-bit FNV-1a hashes (the writer refuses two gradients under one name). */
function shadingName(key: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return `Sh${a.toString(16).padStart(8, "0")}${b.toString(16).padStart(8, "0")}`;
}

/** The plan as a painter uses it: subsets by face key, image names by key. */
export class ResolvedPlan {
  constructor(
    readonly subsets: ReadonlyMap<string, FaceSubset>,
    readonly images: ReadonlyMap<string, string | null>,
  ) {}

  /** The plan with subsets rebuilt from its glyphs (same CIDs) over this thread's faces. */
  static from(plan: MergePlan, fonts: FontRegistry): ResolvedPlan {
    const subsets = new Map<string, FaceSubset>();
    for (const { keys, name, glyphs } of plan.fonts) {
      const face = keys.map((key) => fonts.face(key)).find((f): f is FontFace => f !== undefined);
      if (face === undefined) throw new Error(`merged part: no face for ${keys.join(", ")}`);
      const subset = FaceSubset.planned(face, name, glyphs);
      for (const key of keys) subsets.set(key, subset);
    }
    return new ResolvedPlan(subsets, new Map(plan.images));
  }
}

/** Paints pages into content streams and resource names, with the plan's subsets and names (no document). */
export class PartPainter implements PaintContext {
  readonly content = new ContentBuilder();
  private readonly operators = new PdfOperators((line) => this.content.op(line));
  private fonts = new Set<string>();
  private images = new Set<string>();
  private opacities = new Set<number>();
  private shadingNames = new Set<string>();
  private links: [number, number, number, number, string][] = [];
  private pages: PaintedPage[] = [];
  private gradients = new Map<string, FrameGradient>();
  private readonly gradientKeys = new Map<string, string>();

  constructor(private readonly plan: ResolvedPlan) {}

  /** Paints one page (after the ones before it in this chunk). */
  paintPage(page: Page): void {
    this.content.reset();
    this.operators.pageStart(page.height);
    this.paintItems(page.items);
    this.pages.push({
      width: page.width,
      height: page.height,
      content: this.content.take(),
      fonts: [...this.fonts],
      images: [...this.images],
      opacities: [...this.opacities],
      shadings: [...this.shadingNames],
      links: this.links,
    });
    this.startPage();
  }

  /** Drops what was painted since the last `takeChunk` (a chunk that failed part way). */
  discard(): void {
    this.takeChunk();
    this.startPage();
  }

  /** Empties what the next page will name (its fonts, images, opacities, shadings and links). */
  private startPage(): void {
    this.fonts = new Set();
    this.images = new Set();
    this.opacities = new Set();
    this.shadingNames = new Set();
    this.links = [];
  }

  /** The pages painted since the last call, with the gradients they name. */
  takeChunk(): PaintedChunk {
    const chunk = { pages: this.pages, shadings: [...this.gradients] };
    this.pages = [];
    this.gradients = new Map();
    return chunk;
  }

  paintItems(items: readonly FrameItem[]): void {
    paintFrameItems(this, items);
  }

  font(faceKey: string): FaceSubset {
    const subset = this.plan.subsets.get(faceKey);
    if (subset === undefined) throw new Error(`Text run uses face "${faceKey}", which no row collected`);
    this.fonts.add(subset.name);
    return subset;
  }

  image(imageKey: string): string | undefined {
    const name = this.plan.images.get(imageKey);
    if (name === undefined) throw new Error(`Image item uses "${imageKey}", which no row collected`);
    if (name === null) return undefined;
    this.images.add(name);
    return name;
  }

  opacity(alpha: number): string {
    const key = Math.round(alpha * 1000) / 1000;
    this.opacities.add(key);
    return opacityName(key);
  }

  shading(gradient: FrameGradient): string {
    const key = shadingKey(gradient);
    let name = this.gradientKeys.get(key);
    if (name === undefined) {
      name = shadingName(key);
      this.gradientKeys.set(key, name);
    }
    if (!this.gradients.has(name)) this.gradients.set(name, gradient);
    this.shadingNames.add(name);
    return name;
  }

  svgPath(d: string): void {
    this.operators.svgPath(d);
  }

  link(x: number, y: number, width: number, height: number, url: string): void {
    this.links.push([x, y, width, height, url]);
  }
}
