import type { Diagnostic } from "../diagnostics.js";
import type { FontFace } from "../text/face.js";
import type { FrameImage, Page } from "./types.js";

/** What layoutDocument returns: pages plus the faces and images their items reference by key. */
export interface LayoutResult {
  readonly pages: readonly Page[];
  readonly faces: ReadonlyMap<string, FontFace>;
  readonly images: ReadonlyMap<string, FrameImage>;
  readonly diagnostics: readonly Diagnostic[];
  /** The document's `locale` (BCP 47), for the PDF's `/Lang`; absent when the document names none. */
  readonly language?: string;
  /** The document's title (HTML `<title>`), for the PDF's `/Title` when the caller gives none. */
  readonly title?: string;
  /** The document's direction; `rtl` makes viewers lay spreads and scroll right to left. */
  readonly direction?: "ltr" | "rtl";
}
