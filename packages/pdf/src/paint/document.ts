// The document painter: one pdfkit document per LayoutResult, one PDF page per frame page, items handed to
// the painter of their kind. Fonts are subset from the glyphs collected in a first walk over the pages;
// images and opacity states are written once per document and only named again on later pages.
import type { FieldItem, FontFace, FrameGradient, FrameItem, LayoutResult, Page } from "@docsvc/layout";
import { flattenField } from "@docsvc/layout";
import { AppearancePainter } from "./appearance.js";
import { FormWriter } from "./form.js";
import { BaseBackground, type BaseLayer } from "../base/background.js";
import { ContentBuilder } from "./content.js";
import type { ContentDeflate } from "./deferred-contents.js";
import type { PaintContext } from "./context.js";
import { paintGroup } from "./group.js";
import { paintImage, prepareImage } from "./image.js";
import { paintLink } from "./link.js";
import { PdfWriter, type PdfRef, type PortableImage } from "./pdfkit.js";
import { paintShape } from "./shape.js";
import { shadingDictionary, shadingKey } from "./shading.js";
import { FaceSubset } from "./subset.js";
import { renderNow, type RenderClock } from "../clock.js";
import { paintText } from "./text.js";
import { embedEinvoice, type EmbeddableEinvoice } from "../einvoice/embed.js";
import { archiveStandard, StandardsError } from "../standards/levels.js";
import { assertLayoutConforms } from "../standards/conform.js";
import { standardsTitle, writeStandards, type StandardsPlan } from "../standards/write.js";
import { StructureWriter } from "./structure.js";
import { writeBookmarks } from "./bookmarks.js";

/** Options of one paint; fix `now` to get byte-identical output for the same layout. */
export interface PaintOptions {
  /** Document title (`/Title` in the info dictionary). */
  readonly title?: string;
  /** Creation and modification date (a Date, ISO 8601 string or epoch ms); it also seeds the file `/ID`. Defaults to now. */
  readonly now?: RenderClock;
  /** A base PDF drawn behind every page (see src/base/). */
  readonly base?: BaseLayer;
  /** Page contents deflated by this function and written last (see DocumentSettings.deferContents): merged batches. */
  readonly deferContents?: ContentDeflate;
  /** Form fields drawn as plain content, with no interactive form (/AcroForm). */
  readonly flatten?: boolean;
  /** An e-invoice XML embedded as an associated file (../einvoice/embed.ts). */
  readonly einvoice?: EmbeddableEinvoice;
  /** PDF/A and PDF/UA declarations (../standards/write.ts): XMP, output intent, link appearances. */
  readonly standards?: StandardsPlan;
  /**
   * A tagged PDF (the default): structure tree, marked content, /MarkInfo, the outline from headings. `false`
   * leaves them out, for the last few percent of speed.
   */
  readonly tagged?: boolean;
}

/** Paints laid-out pages into PDF bytes: fonts embedded as subsets, images once, links for safe URLs. */
export async function paintPdf(layout: LayoutResult, options: PaintOptions = {}): Promise<Uint8Array> {
  const now = renderNow(options.now);
  const standards = options.standards;
  const tagged = options.tagged !== false;
  // PDF/UA is a tagged PDF: without the structure tree nothing of it can hold (7.1-11, 7.1-12).
  if (!tagged && standards?.standards.includes("ua-1")) throw new StandardsError("ua-1", "7.1-11", "PDF/UA needs a tagged PDF: tagged: false (--untagged) cannot be combined with ua-1");
  // Content the requested standards forbid fails the render here, before anything is written.
  if (standards !== undefined) assertLayoutConforms(layout.pages, standards.standards);
  const title = options.title !== undefined && options.title !== "" ? options.title : layout.title;
  const writer = new PdfWriter({
    title: standardsTitle(title, standards?.standards),
    now,
    language: layout.language,
    direction: layout.direction,
    tagged,
    ...(options.deferContents !== undefined ? { deferContents: options.deferContents } : {}),
    ...(standards !== undefined && archiveStandard(standards.standards) !== undefined ? { linkAppearances: true } : {}),
  });
  const painter = new DocumentPainter(writer, layout, options.flatten === true, tagged ? new StructureWriter(writer) : undefined);
  // 1. collect: every face's glyphs (so CIDs are canonical) and the images in use
  painter.collect(layout.pages);
  // 2. images: decoded once per process, awaited before painting (PNG decoding is asynchronous)
  await painter.prepareImages();
  // 2b. the base-PDF layer: pages imported as form XObjects (or rasters where that fails)
  if (options.base !== undefined) painter.background = await BaseBackground.create(writer, options.base, layout.pages.length);
  // 3. pages, then the font subsets; 4. trailer
  painter.paintPages(layout.pages);
  painter.finishForm();
  painter.finishStructure();
  if (options.einvoice !== undefined) embedEinvoice(writer, options.einvoice, now);
  if (standards !== undefined) writeStandards(writer, standards, layout.language);
  return writer.end();
}

/** Hands each item to the painter of its kind (every PaintContext paints items this way). */
export function paintFrameItems(ctx: PaintContext, items: readonly FrameItem[]): void {
  const tags = ctx.tags;
  for (const item of items) {
    switch (item.kind) {
      case "text":
        tags?.mark(ctx.content, item);
        paintText(ctx, item);
        break;
      case "shape":
        tags?.mark(ctx.content);
        paintShape(ctx, item);
        break;
      case "image":
        tags?.mark(ctx.content);
        paintImage(ctx, item);
        break;
      case "link":
        paintLink(ctx, item);
        break;
      case "group": {
        // A group with a text alternative and no tag of its own (a chart) is a figure.
        const tag = item.tag ?? (item.alt !== undefined ? { role: "Figure" as const, alt: item.alt } : undefined);
        if (tags !== undefined && tag !== undefined) {
          tags.enter(tag, ctx.content);
          paintGroup(ctx, item);
          tags.leave(ctx.content);
        } else paintGroup(ctx, item);
        break;
      }
      case "field":
        tags?.mark(ctx.content);
        if (ctx.field) ctx.field(item);
        else paintGroup(ctx, flattenField(item));
        break;
      default: {
        const never: never = item;
        throw new Error(`Unknown frame item: ${JSON.stringify(never)}`);
      }
    }
  }
}

interface EmbeddedImage {
  readonly name: string;
  readonly ref: PdfRef;
}

/**
 * Paints one document; exported for the merged-batch painter (../merged-rows.ts), which collects every row's
 * pages first, seals, then paints the rows one at a time without holding them all.
 */
export class DocumentPainter implements PaintContext {
  content = new ContentBuilder();
  background: BaseBackground | undefined;
  private readonly fonts = new Map<string, FaceSubset>();
  /** Face keys that resolve to the same parsed font (e.g. a weight mapped to the nearest) share a subset. */
  private readonly fontsByFace = new Map<FontFace["font"], FaceSubset>();
  private readonly imageKeys = new Set<string>();
  private readonly prepared = new Map<Uint8Array, PortableImage | null>();
  private readonly images = new Map<string, EmbeddedImage | null>();
  private readonly imagesByBytes = new Map<Uint8Array, EmbeddedImage | null>();
  private readonly opacities = new Map<number, { name: string; ref: PdfRef }>();
  private readonly shadings = new Map<string, { name: string; ref: PdfRef }>();

  /** The interactive form; undefined when fields are flattened (drawn as content). */
  private readonly form: FormWriter | undefined;

  /** Every page's dictionary in order (outline destinations). */
  private readonly pageRefs: PdfRef[] = [];

  constructor(
    private readonly writer: PdfWriter,
    private readonly layout: Pick<LayoutResult, "faces" | "images">,
    flatten = false,
    readonly tags?: StructureWriter,
  ) {
    this.form = flatten ? undefined : new FormWriter(writer, new AppearancePainter(writer, (key) => this.subsetFor(key)));
  }

  /** Writes the structure tree and the outline once every page is painted (nothing when untagged). */
  finishStructure(): void {
    if (this.tags === undefined) return;
    this.tags.finish(this.writer.catalog);
    writeBookmarks(this.writer, this.writer.catalog, this.tags.outline, this.pageRefs);
  }

  /** Writes /AcroForm once every page is painted (nothing when the document has no fields). */
  finishForm(): void {
    this.form?.finish();
  }

  field(item: FieldItem): void {
    if (this.form === undefined) {
      paintGroup(this, flattenField(item));
      return;
    }
    // What prints with the field but is not part of it (a radio group's option texts) is page content.
    if (item.items.length > 0) paintGroup(this, { kind: "group", transform: [1, 0, 0, 1, item.x, item.y], items: item.items });
    this.form.add(item, this.content.ctm);
  }

  collect(pages: readonly Page[]): void {
    this.collectPages(pages);
    this.seal();
  }

  /** Records the glyphs and images of pages; call `seal` once every page of the document was collected. */
  collectPages(pages: readonly Page[]): void {
    for (const page of pages) this.collectItems(page.items);
  }

  /** Fixes the CIDs of every face (after the last `collectPages`, before the first page is painted). */
  seal(): void {
    for (const subset of this.fontsByFace.values()) subset.seal();
  }

  async prepareImages(): Promise<void> {
    for (const key of this.imageKeys) {
      const image = this.layout.images.get(key);
      if (image === undefined) throw new Error(`Image item uses "${key}", which is not in LayoutResult.images`);
      if (!this.prepared.has(image.bytes)) this.prepared.set(image.bytes, await prepareImage(image.bytes, key));
    }
  }

  paintPages(pages: readonly Page[]): void {
    for (const [index, page] of pages.entries()) this.paintPage(page, index);
    this.embedFonts();
  }

  /** Paints one page (its index in the document picks the base-PDF page): items in order, one content string. */
  paintPage(page: Page, index: number): void {
    this.writer.addPage(page.width, page.height);
    this.pageRefs.push(this.writer.page.dictionary);
    this.tags?.beginPage(index, page.height);
    this.background?.draw(index, page.width, page.height, this.tags !== undefined);
    // One builder (and its buffer) for every page of the document.
    this.content.reset();
    this.paintItems(page.items);
    this.tags?.endPage(this.content);
    this.flush();
  }

  /** Fonts last: their objects were referenced by id while painting. */
  embedFonts(): void {
    for (const subset of this.fontsByFace.values()) subset.embed(this.writer);
    // Every page is painted once the fonts are written (here and in the merged-rows painter).
    this.content.release();
  }

  paintItems(items: readonly FrameItem[]): void {
    paintFrameItems(this, items);
  }

  font(faceKey: string): FaceSubset {
    const subset = this.fonts.get(faceKey);
    if (subset === undefined) throw new Error(`Text run uses face "${faceKey}", which is not in LayoutResult.faces`);
    const fonts = this.writer.page.fonts;
    if (fonts[subset.name] === undefined) fonts[subset.name] = subset.ref;
    return subset;
  }

  image(imageKey: string): string | undefined {
    const embedded = this.embedded(imageKey);
    if (embedded === null) return undefined;
    const xobjects = this.writer.page.xobjects;
    if (xobjects[embedded.name] === undefined) xobjects[embedded.name] = embedded.ref;
    return embedded.name;
  }

  /** The subsets in order of first use (names F1, F2…), each with the face keys that paint with it. */
  subsets(): { readonly keys: readonly string[]; readonly subset: FaceSubset }[] {
    const keys = new Map<FaceSubset, string[]>();
    for (const [key, subset] of this.fonts) {
      const list = keys.get(subset);
      if (list === undefined) keys.set(subset, [key]);
      else list.push(key);
    }
    return [...this.fontsByFace.values()].map((subset) => ({ keys: keys.get(subset) ?? [], subset }));
  }

  /**
   * Writes every collected image now (after `prepareImages`), in order of collection: image key → its XObject
   * and resource name, or null when it cannot be embedded. For merged parts, which need the names up front.
   */
  embedImages(): Map<string, { readonly name: string; readonly ref: PdfRef } | null> {
    return new Map([...this.imageKeys].map((key) => [key, this.embedded(key)]));
  }

  private embedded(imageKey: string): EmbeddedImage | null {
    let embedded = this.images.get(imageKey);
    if (embedded === undefined) {
      const image = this.layout.images.get(imageKey);
      if (image === undefined) throw new Error(`Image item uses "${imageKey}", which is not in LayoutResult.images`);
      embedded = this.imagesByBytes.get(image.bytes);
      if (embedded === undefined) {
        const prepared = this.prepared.get(image.bytes);
        embedded = prepared ? { name: `Im${this.imagesByBytes.size + 1}`, ref: this.writer.writeImage(prepared) } : null;
        this.imagesByBytes.set(image.bytes, embedded);
      }
      this.images.set(imageKey, embedded);
    }
    return embedded;
  }

  opacity(alpha: number): string {
    const key = Math.round(alpha * 1000) / 1000;
    let state = this.opacities.get(key);
    if (state === undefined) {
      const ref = this.writer.ref({ Type: "ExtGState", ca: key, CA: key });
      ref.end();
      state = { name: `Gs${this.opacities.size + 1}`, ref };
      this.opacities.set(key, state);
    }
    const gstates = this.writer.page.ext_gstates;
    if (gstates[state.name] === undefined) gstates[state.name] = state.ref;
    return state.name;
  }

  shading(gradient: FrameGradient): string {
    const key = shadingKey(gradient);
    let shading = this.shadings.get(key);
    if (shading === undefined) {
      const ref = this.writer.ref(shadingDictionary(gradient));
      ref.end();
      shading = { name: `Sh${this.shadings.size + 1}`, ref };
      this.shadings.set(key, shading);
    }
    const resources = this.writer.page.resources.data;
    const shadings = (resources.Shading ??= {}) as Record<string, PdfRef>;
    if (shadings[shading.name] === undefined) shadings[shading.name] = shading.ref;
    return shading.name;
  }

  svgPath(d: string): void {
    // pdfkit's SVG path parser appends to the page content itself: hand over what precedes it first.
    this.flush();
    this.writer.addSvgPath(d);
  }

  link(x: number, y: number, width: number, height: number, url: string): void {
    const tagged = this.tags?.link();
    const annotation = this.writer.link(x, y, width, height, url, tagged?.key);
    tagged?.attach(annotation);
  }

  private flush(): void {
    if (!this.content.empty) this.writer.addContent(this.content.take());
  }

  /** The subset a face key paints with, made on first use (faces sharing a parsed font share one). */
  subsetFor(faceKey: string): FaceSubset {
    let subset = this.fonts.get(faceKey);
    if (subset === undefined) {
      const face = this.layout.faces.get(faceKey);
      if (face === undefined) throw new Error(`Text run uses face "${faceKey}", which is not in LayoutResult.faces`);
      subset = this.fontsByFace.get(face.font);
      if (subset === undefined) {
        subset = new FaceSubset(face, `F${this.fontsByFace.size + 1}`, this.writer);
        this.fontsByFace.set(face.font, subset);
      }
      this.fonts.set(faceKey, subset);
    }
    return subset;
  }

  /** Records an image item's key (collect). */
  useImage(imageKey: string): void {
    this.imageKeys.add(imageKey);
  }

  private collectItems(items: readonly FrameItem[]): void {
    for (const item of items) {
      if (item.kind === "group") {
        this.collectItems(item.items);
        continue;
      }
      if (item.kind === "image") {
        this.imageKeys.add(item.image);
        continue;
      }
      if (item.kind === "field") {
        // Every look a field may show (flattened, or as an appearance stream) needs its glyphs in the subsets.
        this.collectItems([flattenField(item)]);
        for (const widget of item.widgets) this.collectItems([...widget.on, ...(widget.off ?? [])]);
        continue;
      }
      if (item.kind !== "text" || item.glyphs.length === 0) continue;
      const subset = this.subsetFor(item.face);
      // Glyphs without text of their own are painted as outlines (paint/text.ts), not from the subset.
      for (const glyph of item.glyphs) if (glyph.text !== "") subset.use(glyph.id, glyph.text);
    }
  }
}
