// Page geometry: where the page header, the body and the page footer sit on every page.
import type { DiagnosticSink } from "../diagnostics.js";
import type { ResolvedPageSize } from "../model/page-sizes.js";
import { ROLL_BREAK_HEIGHT } from "../model/page-sizes.js";
import type { Margins } from "../model/types.js";

/** The smallest body a page is given: content always has somewhere to go, even with absurd margins. */
const MIN_BODY = 1;

/** Where things go on a page. A roll's page height follows its content, up to ROLL_BREAK_HEIGHT. */
export interface PageGeometry {
  readonly width: number;
  /** Full page height; for a roll, the tallest page (ROLL_BREAK_HEIGHT). */
  readonly height: number;
  readonly roll: boolean;
  readonly margins: Margins;
  readonly headerHeight: number;
  readonly footerHeight: number;
  /** Height of the body of an empty page (the flow's space). */
  readonly body: number;
}

/** Computes the page geometry from the page size, margins and the reserved page header/footer heights. */
export function pageGeometry(
  size: ResolvedPageSize,
  margins: Margins,
  headerHeight: number,
  footerHeight: number,
  diagnostics: DiagnosticSink,
): PageGeometry {
  const height = size.roll ? ROLL_BREAK_HEIGHT : size.height;
  const room = height - margins.top - margins.bottom - headerHeight - footerHeight;
  if (room < MIN_BODY) {
    diagnostics.add("page.no-room", "margins, page header and page footer leave no room for content on the page", "pageSize");
  }
  return { width: size.width, height, roll: size.roll, margins, headerHeight, footerHeight, body: Math.max(MIN_BODY, room) };
}

/** The height of one page whose body holds `content` points: fixed, or following the content on a roll. */
export function pageHeight(geometry: PageGeometry, content: number): number {
  if (!geometry.roll) return geometry.height;
  const { margins, headerHeight, footerHeight } = geometry;
  const tall = margins.top + headerHeight + content + footerHeight + margins.bottom;
  return Math.min(geometry.height, Math.max(ROLL_MIN_HEIGHT, tall));
}

/** A roll page is never shorter than this (a PDF page needs a size; 36 pt is the smallest custom side). */
export const ROLL_MIN_HEIGHT = 36;
