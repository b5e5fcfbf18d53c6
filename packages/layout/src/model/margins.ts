// Page margins: the stored ones, or the page size's default on all four sides.
import { resolvePageSize, type ResolvedPageSize } from "./page-sizes.js";
import type { Margins, TemplateDocument } from "./types.js";

/** The margins a render uses: the document's own, else the page size's default margin on every side. */
export function resolveMargins(document: Pick<TemplateDocument, "pageSize" | "margins">): Margins {
  const page = resolvePageSize(document.pageSize);
  const stored = document.margins;
  const side = (value: unknown): number =>
    typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : page.defaultMargin;
  if (stored === undefined || stored === null || typeof stored !== "object") {
    return { top: page.defaultMargin, right: page.defaultMargin, bottom: page.defaultMargin, left: page.defaultMargin };
  }
  return { top: side(stored.top), right: side(stored.right), bottom: side(stored.bottom), left: side(stored.left) };
}

// Sums like 0.1 + 0.2 must not reach an author as 0.30000000000000004.
function points(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Problems with margins that leave no room for content on the page; empty when they fit. */
export function marginProblems(page: ResolvedPageSize, margins: Margins): string[] {
  const problems: string[] = [];
  const horizontal = margins.left + margins.right;
  if (horizontal >= page.width) {
    problems.push(`left and right margins (${points(horizontal)} pt together) leave no room on a page ${page.width} pt wide`);
  }
  // A roll's height follows its content, so only its width can be overrun.
  const vertical = margins.top + margins.bottom;
  if (!page.roll && vertical >= page.height) {
    problems.push(`top and bottom margins (${points(vertical)} pt together) leave no room on a page ${page.height} pt tall`);
  }
  return problems;
}
