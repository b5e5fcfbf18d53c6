// What generated content and paged media share during one HTML render: list markers made by ::marker,
// strings set by `string-set`, the running elements, the page names and the pages of link targets (for
// target-counter), recorded when the blocks are placed (page-marks.ts) and read by the margin boxes.
import type { HtmlElement } from "../dom.js";
import type { ComputedStyle } from "../style.js";

/** Per page (0-based), what the content placed on it set. */
export interface PageRecord {
  /** The page's name: the `page` value of the first named box on it. */
  name: string | undefined;
  /** Values of `string-set` on this page in order, by string name. */
  readonly strings: Map<string, string[]>;
  /** Running elements placed on this page in order, by name. */
  readonly running: Map<string, HtmlElement[]>;
}

export class PagedState {
  /** List items whose marker is generated (a ::marker rule): its text and style. */
  readonly markers = new Map<HtmlElement, { readonly text: string; readonly style: ComputedStyle; readonly content: boolean }>();
  /** `string-set` of an element, evaluated with the counters at the element: [name, value] in order. */
  readonly stringSets = new Map<HtmlElement, readonly (readonly [string, string])[]>();
  /** Footnotes (`float: footnote`) in document order, with the path of their call's text. */
  readonly footnotes: { readonly element: HtmlElement; readonly callPath: string }[] = [];
  /** Per page (0-based), the footnotes whose calls are on it (footnote-paginate.ts). */
  readonly pageFootnotes: HtmlElement[][] = [];
  /** Set while footnote-paginate.ts asks a page's content which footnotes it calls. */
  probe: HtmlElement[] | undefined;
  /** True when some box asks for a left or right page (`break-before: left|right`). */
  sides = false;
  /** Set while html pagination asks a page's content which side its first box wants. */
  sideProbe: { side: string; y: number }[] | undefined;
  /** Targeted ids of inline elements, by the block box that carries their mark. */
  readonly inlineTargets = new Map<HtmlElement, string[]>();
  /** Ids that target-counter() / target-text() point at: their boxes record the page they start on. */
  readonly targets = new Set<string>();
  /** The page (1-based) each target starts on, from the previous layout pass (undefined in the first). */
  readonly knownPages: ReadonlyMap<string, number> | undefined;
  /** The counters at each element with an id (after its ::before), for target-counter() of other counters. */
  readonly counterSnapshots = new Map<string, ReadonlyMap<string, number>>();
  /** The snapshots of the previous pass (forward references need them). */
  readonly knownCounters: ReadonlyMap<string, ReadonlyMap<string, number>> | undefined;
  /** The pages recorded while placing. */
  readonly pages: PageRecord[] = [];
  /** The 1-based page each target id was placed on, recorded while placing. */
  readonly placedTargets = new Map<string, number>();
  /** True while a running element is laid out for a margin box (it is not a mark there). */
  inMarginBox = false;
  /** True when some box records marks (finalize then walks the pages once to record them). */
  marking = false;
  /** True during finalize's recording walk. */
  recording = false;
  /** True when some content needs the page numbers of targets (a second pass fills them in). */
  needsTargetPages = false;

  constructor(known?: { readonly pages: ReadonlyMap<string, number>; readonly counters: ReadonlyMap<string, ReadonlyMap<string, number>> }) {
    this.knownPages = known?.pages;
    this.knownCounters = known?.counters;
  }

  /** The record of a page (0-based), made on first use. */
  page(index: number): PageRecord {
    while (this.pages.length <= index) this.pages.push({ name: undefined, strings: new Map(), running: new Map() });
    return this.pages[index] as PageRecord;
  }
}
