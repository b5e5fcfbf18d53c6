// Appearance streams of form fields: a widget's look (frame items in the widget's own y-down space) painted
// into a form XObject whose resources name what it uses. Every viewer draws a field from its appearance, so
// the value shows as the render laid it out (the document's fonts, subset with the value's glyphs), not as a
// viewer's guess from /DA.
import type { FrameGradient, FrameItem } from "@docsvc/layout";
import { ContentBuilder, num } from "./content.js";
import type { PaintContext } from "./context.js";
import { paintFrameItems } from "./document.js";
import { PdfOperators, type PdfRef, type PdfWriter } from "./pdfkit.js";
import { shadingDictionary } from "./shading.js";
import type { FaceSubset } from "./subset.js";

/** Paints field looks into form XObjects; one per document (it shares opacity states between appearances). */
export class AppearancePainter {
  private readonly opacities = new Map<number, PdfRef>();

  constructor(
    private readonly writer: PdfWriter,
    /** The document's subset of a face key (sealed: the look's glyphs were collected with the pages). */
    private readonly subsetFor: (faceKey: string) => FaceSubset,
  ) {}

  /**
   * A form XObject `width` × `height` showing `items` (origin at its top-left, y down). `matrix` (PDF space, y up)
   * turns it as the field's box is turned on the page: a viewer fits the turned box into the widget's rectangle.
   */
  paint(items: readonly FrameItem[], width: number, height: number, matrix?: readonly number[]): PdfRef {
    const context = new AppearanceContext(this.subsetFor, (alpha) => this.opacityState(alpha), this.writer);
    // The XObject's space is y-up from its bottom-left: flipped so the items' y-down coordinates apply.
    context.content.op(`1 0 0 -1 0 ${num(height)} cm`);
    context.paintItems(items);
    const stream = context.content.take();
    context.content.release();
    const ref = this.writer.ref({ Type: "XObject", Subtype: "Form", BBox: [0, 0, width, height], ...(matrix ? { Matrix: [...matrix] } : {}), Resources: context.resources() });
    ref.end(stream);
    return ref;
  }

  private opacityState(alpha: number): PdfRef {
    const key = Math.round(alpha * 1000) / 1000;
    let ref = this.opacities.get(key);
    if (ref === undefined) {
      ref = this.writer.ref({ Type: "ExtGState", ca: key, CA: key });
      ref.end();
      this.opacities.set(key, ref);
    }
    return ref;
  }
}

/** The PaintContext of one appearance stream: names registered in its own resources. Images are not drawn. */
class AppearanceContext implements PaintContext {
  readonly content = new ContentBuilder();
  private readonly operators = new PdfOperators((line) => this.content.op(line));
  private readonly fonts: Record<string, PdfRef> = {};
  private readonly states: Record<string, PdfRef> = {};
  private readonly shadings: Record<string, PdfRef> = {};

  constructor(
    private readonly subsetFor: (faceKey: string) => FaceSubset,
    private readonly opacityState: (alpha: number) => PdfRef,
    private readonly writer: PdfWriter,
  ) {}

  resources(): Record<string, unknown> {
    return {
      ...(Object.keys(this.fonts).length > 0 ? { Font: this.fonts } : {}),
      ...(Object.keys(this.states).length > 0 ? { ExtGState: this.states } : {}),
      ...(Object.keys(this.shadings).length > 0 ? { Shading: this.shadings } : {}),
    };
  }

  font(faceKey: string): FaceSubset {
    const subset = this.subsetFor(faceKey);
    this.fonts[subset.name] = subset.ref;
    return subset;
  }

  image(): string | undefined {
    // Field looks are boxes, marks and text: layout never puts an image in one.
    return undefined;
  }

  opacity(alpha: number): string {
    const name = `Gs${Math.round(alpha * 1000)}`;
    this.states[name] = this.opacityState(alpha);
    return name;
  }

  shading(gradient: FrameGradient): string {
    const name = `Sh${Object.keys(this.shadings).length + 1}`;
    const ref = this.writer.ref(shadingDictionary(gradient));
    ref.end();
    this.shadings[name] = ref;
    return name;
  }

  svgPath(d: string): void {
    this.operators.svgPath(d);
  }

  link(): void {
    // A link inside a field would fight the field for the click: none is written.
  }

  paintItems(items: readonly FrameItem[]): void {
    paintFrameItems(this, items);
  }
}
