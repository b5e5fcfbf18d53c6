// The one pagination loop: offer the flow an empty page body, keep what fits, continue with the rest.
import { EPSILON, type Block } from "../elements/block.js";
import { checkPageCount } from "./budget.js";

/** The body content of each page, in order; at least one page (possibly empty). */
export interface Pagination {
  readonly pages: readonly (Block | null)[];
  /** True when some content could not be split to fit and was placed on a page anyway (overflowing it). */
  readonly overflowed: boolean;
}

/** Splits the flow into page bodies of height `body` (`firstBody` on the first page: HTML's `@page :first` margins). Always terminates: a refusal at the top of an empty
 * page (content that cannot fit anywhere) places the rest as it is on one page. Throws LayoutLimitError
 * past MAX_PAGES, as soon as the page after the last allowed one is cut. */
export function paginate(flow: Block, body: number, firstBody: number = body, maxPages?: number): Pagination {
  const pages: (Block | null)[] = [];
  let rest: Block | null = flow;
  let overflowed = false;
  while (rest) {
    const { fits, rest: next }: { fits: Block | null; rest: Block | null } = rest.split(pages.length === 0 ? firstBody : body, true);
    const stuck = !fits || (fits.height <= EPSILON && next !== null && next.height >= rest.height - EPSILON);
    if (stuck) {
      pages.push(rest);
      overflowed = true;
      break;
    }
    pages.push(fits);
    checkPageCount(pages.length, maxPages);
    rest = next;
  }
  if (pages.length === 0) pages.push(null);
  return { pages, overflowed };
}
