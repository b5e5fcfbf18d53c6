// Finalize: with the page count known, lay out page headers, footers and backgrounds per page and place
// every page's body, so `$page` / `$pages` resolve wherever they appear (Typst's finalize step).
import type { Block, PageNumbers } from "../elements/block.js";
import type { LayoutEnv } from "../elements/context.js";
import type { FrameItem, FrameTag, Page } from "../frame/types.js";
import { measurePageBand } from "./measure-band.js";
import { fixedHeight } from "./page-bands.js";
import { pageHeight, type PageGeometry } from "./page.js";
import type { BandNode } from "./tree.js";
import type { Stamp } from "../model/types.js";
import { withStamps } from "./stamps.js";
import type { TokenContext } from "../tokens/types.js";

/** The page bands that print on every page, in array order per role. */
export interface PageBands {
  readonly backgrounds: readonly BandNode[];
  /** Page headers that reserve room at the top of every page (see reservedBands). */
  readonly headers: readonly BandNode[];
  readonly footers: readonly BandNode[];
}

const PAGINATION: FrameTag = { role: "Artifact", artifact: "Pagination" };
const BACKGROUND: FrameTag = { role: "Artifact", artifact: "Background" };

/** Appends a page band's items, as one group carrying `tag` when `tagged` (nothing when the band drew nothing). */
export function pushArtifact(out: FrameItem[], items: readonly FrameItem[], tag: FrameTag, tagged: boolean): void {
  if (!tagged) for (const item of items) out.push(item);
  else if (items.length > 0) out.push({ kind: "group", tag, items });
}

/** Places each page's body with its page header, footer and background; returns the finished pages. */
export function finalizePages(bodies: readonly (Block | null)[], geometry: PageGeometry, bands: PageBands, env: LayoutEnv, stamps?: readonly Stamp[]): Page[] {
  const pages = bodies.length;
  const { margins } = geometry;
  let before: readonly unknown[] = [];
  return bodies.map((body, i): Page => {
    // The body is placed first: the data rows it reports feed the page bands' $pageRows and $rowsBefore.
    const rows: unknown[] = [];
    const numbers: PageNumbers = { page: i + 1, pages, rows };
    const height = pageHeight(geometry, body?.height ?? 0);
    const bodyItems: FrameItem[] = [];
    const headerHeight = bands.headers.reduce((sum, node) => sum + fixedHeight(node), 0);
    body?.place(bodyItems, margins.left, margins.top + headerHeight, numbers);
    // Object.assign, not a spread: V8 11 (Node 20) makes a new hidden class (and descriptor array, in the old generation) every time an object
    // spread gains a property its source lacks; Object.assign onto a fresh literal follows the cached transitions.
    const tokens: TokenContext = Object.assign({}, env.tokens, { page: i + 1, pages, pageRows: rows, rowsBefore: before });
    before = before.concat(rows);
    const items: FrameItem[] = [];
    const bandNumbers: PageNumbers = { page: i + 1, pages }; // page bands report no rows of their own
    // Page bands repeat on every page: artifacts in a tagged PDF, the body is the content.
    const background: FrameItem[] = [];
    for (const node of bands.backgrounds) measurePageBand(node, env, tokens)?.place(background, 0, 0, bandNumbers);
    pushArtifact(items, background, BACKGROUND, env.tagged === true);
    let y = margins.top;
    const header: FrameItem[] = [];
    for (const node of bands.headers) {
      measurePageBand(node, env, tokens)?.place(header, margins.left, y, bandNumbers);
      y += fixedHeight(node);
    }
    // The first page's header is read with the page (the title, the logo); its repeats are artifacts.
    pushArtifact(items, header, PAGINATION, env.tagged === true && i > 0);
    for (const item of bodyItems) items.push(item);
    // The footer sits at the bottom of the content box (a roll's box ends right under its content).
    y = height - margins.bottom - geometry.footerHeight;
    const footer: FrameItem[] = [];
    for (const node of bands.footers) {
      measurePageBand(node, env, tokens)?.place(footer, margins.left, y, bandNumbers);
      y += fixedHeight(node);
    }
    pushArtifact(items, footer, PAGINATION, env.tagged === true);
    // Stamps last: under or over everything else of the page, with this page's numbers.
    return { width: geometry.width, height, items: withStamps(items, stamps, { index: i, count: pages, width: geometry.width, height, tokens }, env) };
  });
}
