// The converter's own document tree: what parse5 produced, sanitised, with only what layout needs. Text
// nodes remember the row scope they were expanded in, so `$page` tokens can be resolved after pagination.
import type { RowScope } from "../tokens/types.js";

/** An element: lower-case tag, attributes, children in order. */
export interface HtmlElement {
  readonly kind: "element";
  readonly tag: string;
  readonly attrs: ReadonlyMap<string, string>;
  children: HtmlNode[];
  parent: HtmlElement | null;
  /** For `<svg>`: the sanitised markup of the whole drawing (its children are not laid out). */
  readonly svg?: string;
  /** Where the element came from, for diagnostics: `body > div:nth-of-type(2)`-like, built once. */
  readonly path: string;
  /** A `<figure data-chart>` only: the row scope it was expanded in (its binding reads from there). */
  readonly scope?: RowScope;
}

/** A run of text. `deferred`: it holds `$page`/`$pages` tokens, resolved when the page is known. */
export interface HtmlText {
  readonly kind: "text";
  readonly text: string;
  parent: HtmlElement | null;
  readonly deferred?: { readonly scope: RowScope | undefined };
}

export type HtmlNode = HtmlElement | HtmlText;

/** A new element (children attached by the caller). */
export function element(tag: string, attrs: ReadonlyMap<string, string>, path: string, svg?: string): HtmlElement {
  // Two literals rather than a spread: expanding a 500-row template makes thousands of elements.
  return svg !== undefined ? { kind: "element", tag, attrs, children: [], parent: null, path, svg } : { kind: "element", tag, attrs, children: [], parent: null, path };
}

/** Appends `child` to `parent`, setting its parent link. */
export function append(parent: HtmlElement, child: HtmlNode): void {
  child.parent = parent;
  parent.children.push(child);
}

/** The element children of an element. */
export function elementChildren(el: HtmlElement): HtmlElement[] {
  return el.children.filter((c): c is HtmlElement => c.kind === "element");
}
