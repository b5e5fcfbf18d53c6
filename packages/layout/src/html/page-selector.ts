// `@page` selectors (CSS Paged Media 3): an optional page name and the pseudo-classes :first, :left,
// :right and :blank. A prelude that is not one of these is not understood: the rule is dropped with a
// diagnostic and applied to no page (a rule read as "every page" would, say, blank every page number).

/** What an @page rule selects; an empty selector is every page. */
export interface PageSelector {
  /** A named page (`@page chapter`), matched by the `page` property of the content on the page. */
  readonly name: string | undefined;
  readonly pseudos: readonly PagePseudo[];
}

export type PagePseudo = "first" | "left" | "right" | "blank";

/** What a page is, for matching: its 0-based index, whether it is a right (recto) page, its name. */
export interface PageFacts {
  readonly index: number;
  readonly right: boolean;
  readonly name: string | undefined;
  readonly blank: boolean;
}

const PSEUDOS = new Set<string>(["first", "left", "right", "blank"]);

/** Parses a prelude (`chapter:first`, `:left`, ``); undefined when it is not understood. */
export function parsePageSelector(prelude: string): PageSelector | undefined {
  const text = prelude.trim();
  if (text === "") return { name: undefined, pseudos: [] };
  // One selector only: a list (`:left, :right`) is read as its selectors by the caller.
  const m = /^(-?[a-z_][\w-]*)?((?::[a-z-]+)*)$/i.exec(text.replace(/\s+(?=:)/g, ""));
  if (!m) return undefined;
  const pseudos = (m[2] ?? "").split(":").filter((p) => p !== "").map((p) => p.toLowerCase());
  if (!pseudos.every((p) => PSEUDOS.has(p))) return undefined;
  const name = m[1]?.toLowerCase();
  if (name === "auto") return undefined;
  return { name, pseudos: pseudos as PagePseudo[] };
}

/** True when the selector matches the page. */
export function selectsPage(selector: PageSelector, page: PageFacts): boolean {
  if (selector.name !== undefined && selector.name !== page.name) return false;
  for (const p of selector.pseudos) {
    if (p === "first" && page.index !== 0) return false;
    if (p === "left" && page.right) return false;
    if (p === "right" && !page.right) return false;
    if (p === "blank" && !page.blank) return false;
  }
  return true;
}

/**
 * The cascade order of @page rules (CSS Paged Media 3 §4.2): a name counts most, then :first and :blank,
 * then :left and :right; equal ones keep their order in the sheet.
 */
export function pageSpecificity(selector: PageSelector): number {
  let s = selector.name !== undefined ? 100 : 0;
  for (const p of selector.pseudos) s += p === "first" || p === "blank" ? 10 : 1;
  return s;
}
