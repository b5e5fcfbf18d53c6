// What a painter of one item kind may use: the page's content stream and the document's shared resources.
// Painters never talk to pdfkit directly except through these, so each stays a plain translation.
import type { FieldItem, FrameGradient, FrameItem } from "@docsvc/layout";
import type { ContentBuilder } from "./content.js";
import type { FaceSubset } from "./subset.js";
import type { StructureWriter } from "./structure.js";

export interface PaintContext {
  /** The current page's content stream. */
  readonly content: ContentBuilder;
  /** The face's subset, registered in the current page's resources. */
  font(faceKey: string): FaceSubset;
  /** The image XObject's resource name on the current page, or undefined if the image cannot be embedded. */
  image(imageKey: string): string | undefined;
  /** An ExtGState resource name on the current page setting fill and stroke alpha. */
  opacity(alpha: number): string;
  /** A Shading resource name on the current page for a gradient (drawn in the current user space with `sh`). */
  shading(gradient: FrameGradient): string;
  /** Appends an SVG path's construction operators (no painting operator). */
  svgPath(d: string): void;
  /** Adds a link annotation over a rectangle in page space. */
  link(x: number, y: number, width: number, height: number, url: string): void;
  /** Writes a form field (absent: the field is drawn as plain content, see flattenField). */
  field?(item: FieldItem): void;
  /** The structure tree being built (a tagged PDF); absent when the document is not tagged. */
  readonly tags?: StructureWriter;
  /** Paints nested items (for groups). */
  paintItems(items: readonly FrameItem[]): void;
}
