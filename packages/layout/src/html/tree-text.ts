// Reading the document tree for generated content: an element's text (content(), target-text()), the text
// ::first-letter starts in, and the block box that carries an inline element's paged-media marks.
import type { HtmlElement, HtmlNode } from "./dom.js";
import type { ComputedStyle } from "./style.js";

// The first text with something in it, in document order through inline content (::before included).
export function firstText(el: HtmlElement, styles: ReadonlyMap<HtmlElement, ComputedStyle>): (HtmlNode & { kind: "text" }) | undefined {
  for (const child of el.children) {
    if (child.kind === "text") {
      if (child.text.trim() !== "" && !child.deferred) return child;
      continue;
    }
    const display = styles.get(child)?.display;
    if (display === "none" || child.tag === "img" || child.tag === "svg" || child.tag === "::marker") continue;
    if (display !== "inline") return undefined;
    const inner = firstText(child, styles);
    if (inner) return inner;
  }
  return undefined;
}

// The element itself when it is laid out as a block box, else its nearest such ancestor.
export function blockOf(el: HtmlElement, styles: ReadonlyMap<HtmlElement, ComputedStyle>): HtmlElement | undefined {
  for (let e: HtmlElement | null = el; e; e = e.parent) {
    const display = styles.get(e)?.display;
    if (display !== undefined && display !== "inline" && display !== "none") return e;
  }
  return undefined;
}

export function textOf(node: HtmlNode): string {
  return node.kind === "text" ? node.text : node.children.map(textOf).join("");
}

// content(text) is the element's text; content(before/after) its generated text (made before this runs for before).
export function contentOf(el: HtmlElement, kind: string): string {
  const pick = (tag: string): string => textOf(el.children.find((c) => c.kind === "element" && c.tag === tag) ?? { kind: "text", text: "", parent: null });
  if (kind === "before") return pick("::before");
  if (kind === "after") return pick("::after");
  const text = el.children.filter((c) => c.kind === "text" || !c.tag.startsWith("::")).map(textOf).join("").replace(/\s+/g, " ").trim();
  return kind === "first-letter" ? [...text][0] ?? "" : text;
}
