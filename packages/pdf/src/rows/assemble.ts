// Writes painted parts (./parts.ts) into the merged document, in row order: a page object per painted page with
// its deflated content stream as it came, and the resources it names mapped to this document's objects. Fonts
// and images were written from the plan (one subset per face, each image once); an opacity state or a shading
// is written the first time a page names it.
import { shadingDictionary, shadingKey } from "../paint/shading.js";
import type { PdfRef, PdfWriter } from "../paint/pdfkit.js";
import { opacityName, type PaintedChunk } from "./parts.js";

/** Page objects for painted pages, resource names resolved to this writer's objects. */
export class PartAssembler {
  private readonly opacities = new Map<number, PdfRef>();
  private readonly shadings = new Map<string, { readonly key: string; readonly ref: PdfRef }>();

  constructor(
    private readonly writer: PdfWriter,
    /** Font subset name → its Type0 font object. */
    private readonly fonts: ReadonlyMap<string, PdfRef>,
    /** Image XObject name → its object. */
    private readonly images: ReadonlyMap<string, PdfRef>,
  ) {}

  /** Adds a chunk's pages after the pages added so far (their contents must be deflated). */
  add(chunk: PaintedChunk): void {
    for (const [name, gradient] of chunk.shadings) {
      const key = shadingKey(gradient);
      const known = this.shadings.get(name);
      if (known === undefined) {
        const ref = this.writer.ref(shadingDictionary(gradient));
        ref.end();
        this.shadings.set(name, { key, ref });
      } else if (known.key !== key) throw new Error(`merged document: two gradients are named ${name}`);
    }
    const writer = this.writer;
    for (const page of chunk.pages) {
      writer.addPaintedPage(page.width, page.height, page.content);
      const resources = writer.page;
      for (const name of page.fonts) resources.fonts[name] = this.named(this.fonts, name);
      for (const name of page.images) resources.xobjects[name] = this.named(this.images, name);
      for (const key of page.opacities) resources.ext_gstates[opacityName(key)] = this.opacity(key);
      if (page.shadings.length > 0) {
        const shadings = (resources.resources.data.Shading ??= {}) as Record<string, PdfRef>;
        for (const name of page.shadings) shadings[name] = this.named(this.shadings, name).ref;
      }
      for (const [x, y, width, height, url] of page.links) writer.link(x, y, width, height, url);
    }
  }

  private opacity(key: number): PdfRef {
    let ref = this.opacities.get(key);
    if (ref === undefined) {
      ref = this.writer.ref({ Type: "ExtGState", ca: key, CA: key });
      ref.end();
      this.opacities.set(key, ref);
    }
    return ref;
  }

  private named<T>(objects: ReadonlyMap<string, T>, name: string): T {
    const object = objects.get(name);
    if (object === undefined) throw new Error(`merged document: a page names ${name}, which no part defined`);
    return object;
  }
}
