// Caps on the work one layout may do. They are checked while laying out (each band instance and table row
// is counted as it is made, each page as it is cut), so a hostile template or data set stops early instead of
// exhausting the render's time or memory first.

/** Pages one layout may produce. */
export const MAX_PAGES = 10_000;
/** Band instances and table rows one layout may produce, together. */
export const MAX_ROWS = 100_000;

/**
 * Tighter or looser caps for one layout (a server's RENDER_MAX_PAGES, RENDER_MAX_INSTANCES, IMAGE_MAX_PIXELS);
 * absent: the constants above and MAX_IMAGE_PIXELS.
 */
export interface LayoutLimits {
  readonly maxPages?: number;
  readonly maxRows?: number;
  /** Largest decoded HTML @font-face file, in bytes (html/web-fonts.ts MAX_WEB_FONT_BYTES when absent). */
  readonly maxWebFontBytes?: number;
  /** Most HTML @font-face faces per document (html/web-fonts.ts MAX_WEB_FONTS when absent). */
  readonly maxWebFonts?: number;
  /** Tiles of one HTML background layer per box fragment (html/layout/background.ts MAX_TILES when absent). */
  readonly maxBackgroundTiles?: number;
  /** Pixels of one image (width × height), read from its header before it is decoded. */
  readonly maxImagePixels?: number;
}

/** Thrown when a layout passes one of its caps; the message names the cap and what passed it. */
export class LayoutLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LayoutLimitError";
  }
}

/** Counts the rows (band instances and table rows) of one layout. */
export class RowBudget {
  private used = 0;

  constructor(private readonly max: number = MAX_ROWS) {}

  /** Counts `count` more rows made by `what` (e.g. `band 'Items' (bands[3])`); throws past MAX_ROWS. */
  take(count: number, what: string): void {
    this.used += count;
    if (this.used > this.max) {
      throw new LayoutLimitError(
        `The render would lay out more than ${this.max.toLocaleString("en-US")} band instances and table rows (the limit per render); ${what} passed it.`,
      );
    }
  }
}

/** Throws when a layout already has more than MAX_PAGES pages. */
export function checkPageCount(pages: number, max: number = MAX_PAGES): void {
  if (pages > max) {
    throw new LayoutLimitError(`The render would produce more than ${max.toLocaleString("en-US")} pages (the limit per render).`);
  }
}
