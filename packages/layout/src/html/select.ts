// Selector matching with css-select over the converter's tree (an adapter instead of a second DOM).
import { compile, type Options } from "css-select";
import type { HtmlElement, HtmlNode } from "./dom.js";

/** A compiled selector: true when the element matches. */
export type Matcher = (element: HtmlElement) => boolean;

const adapter: NonNullable<Options<HtmlNode, HtmlElement>["adapter"]> = {
  isTag: (node): node is HtmlElement => node.kind === "element",
  getAttributeValue: (el, name) => el.attrs.get(name),
  getChildren: (node) => (node.kind === "element" ? node.children : []),
  getName: (el) => el.tag,
  getParent: (el) => el.parent,
  getSiblings: (node) => node.parent?.children ?? [node],
  getText: (node) => textContent(node),
  hasAttrib: (el, name) => el.attrs.has(name),
  removeSubsets: (nodes) => nodes.filter((n, i) => nodes.indexOf(n) === i && !nodes.some((o) => o !== n && contains(o, n))),
  prevElementSibling: (node) => {
    const siblings = node.parent?.children ?? [];
    for (let i = siblings.indexOf(node) - 1; i >= 0; i--) {
      const s = siblings[i] as HtmlNode;
      if (s.kind === "element") return s;
    }
    return null;
  },
};

/** Compiles one selector; undefined when css-select cannot (an unknown pseudo-class, a syntax error). */
export function compileSelector(selector: string): Matcher | undefined {
  try {
    const query = compile<HtmlNode, HtmlElement>(selector, { adapter, cacheResults: false });
    return (el) => query(el);
  } catch {
    return undefined;
  }
}

function textContent(node: HtmlNode): string {
  return node.kind === "text" ? node.text : node.children.map(textContent).join("");
}

function contains(ancestor: HtmlNode, node: HtmlNode): boolean {
  for (let p = node.parent; p; p = p.parent) if (p === ancestor) return true;
  return false;
}
