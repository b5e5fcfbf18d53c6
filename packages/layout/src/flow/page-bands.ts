// Which page headers and footers take room on every page. The body must be the same height on every page
// before pagination, so a page band reserves its room unless it is hidden on every page: its visibleIf is
// false and does not depend on the page number.
import type { TokenContext } from "../tokens/types.js";
import type { PageBands } from "./finalize.js";
import { isVisible } from "./measure-band.js";
import type { BandNode, BandTree } from "./tree.js";

const PAGE_TOKEN = /\$pages?\b/;

/** The page bands of a tree, with the room page headers and footers reserve. */
export function pageBandsOf(tree: BandTree, tokens: TokenContext): PageBands & { readonly headerHeight: number; readonly footerHeight: number } {
  const headers = tree.pageHeaders.filter((n) => reserves(n, tokens));
  const footers = tree.pageFooters.filter((n) => reserves(n, tokens));
  return {
    backgrounds: tree.backgrounds,
    headers,
    footers,
    headerHeight: total(headers),
    footerHeight: total(footers),
  };
}

function reserves(node: BandNode, tokens: TokenContext): boolean {
  const condition = node.band.visibleIf;
  if (typeof condition !== "string" || condition.trim() === "") return true;
  return PAGE_TOKEN.test(condition) || isVisible(condition, tokens, undefined);
}

/** A page band's fixed height (0 for anything but a finite positive number). */
export function fixedHeight(node: BandNode): number {
  const h = node.band.height;
  return typeof h === "number" && Number.isFinite(h) ? Math.max(0, h) : 0;
}

function total(nodes: readonly BandNode[]): number {
  let sum = 0;
  for (const n of nodes) sum += fixedHeight(n);
  return sum;
}
