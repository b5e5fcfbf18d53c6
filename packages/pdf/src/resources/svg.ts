// SVG markup → sanitised element tree → SvgDrawing. DOMPurify (SVG profile, under a jsdom window that can
// load nothing: no `resources`, no `runScripts`) removes scripts, event handlers, foreignObject, animation
// and styles; the tree is then read by layout's pure converter. Both modules load on first use only.
import { svgDrawing, type SvgDrawing, type SvgNode } from "@docsvc/layout";

/** Longest markup accepted, in characters: beyond this an SVG is refused rather than parsed. */
export const MAX_SVG_MARKUP = 4_000_000;
const MAX_NODES = 50_000;
const MAX_DEPTH = 64;
/** Markup nested deeper than this is refused before parsing: the parser and sanitiser slow down sharply. */
const MAX_MARKUP_DEPTH = 256;

// Never kept, whatever DOMPurify's profile allows: content we do not draw, or that could reach outside.
const FORBID_TAGS = ["style", "script", "foreignObject", "iframe", "animate", "animateMotion", "animateTransform", "animateColor", "set", "discard", "font", "font-face", "feImage", "a"];

interface Purifier {
  sanitize(markup: string): { fragment: DocumentFragment; removed: readonly string[] };
}

let purifier: Promise<Purifier> | undefined;

/** DOMPurify over one jsdom window, created on first use. */
function loadPurifier(): Promise<Purifier> {
  purifier ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import("jsdom"), import("dompurify")]);
    // No `resources` and no `runScripts`: this window can neither fetch nor execute anything.
    const { window } = new JSDOM("<!DOCTYPE html><html><body></body></html>");
    const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
    return {
      sanitize(markup: string) {
        const notes: string[] = [];
        const fragment = purify.sanitize(markup, {
          USE_PROFILES: { svg: true },
          FORBID_TAGS,
          RETURN_DOM_FRAGMENT: true,
        }) as unknown as DocumentFragment;
        for (const entry of purify.removed) {
          const note = describeRemoval(entry);
          if (note !== undefined) notes.push(note);
        }
        return { fragment, removed: notes };
      },
    };
  })();
  return purifier;
}

function describeRemoval(entry: unknown): string | undefined {
  const removed = entry as { element?: { nodeName?: string; textContent?: string | null }; attribute?: { name?: string; value?: string } | null };
  if (removed.attribute?.name) {
    const name = removed.attribute.name.toLowerCase();
    if (name.startsWith("on")) return "event handlers in SVG are removed";
    if (/href|src/.test(name)) return "external references in SVG are never fetched; removed";
    return `the SVG attribute ${name.slice(0, 40)} is not allowed and was removed`;
  }
  const tag = (removed.element?.nodeName ?? "").toLowerCase();
  if (tag === "body" || tag === "html" || tag === "head" || tag === "#comment") return undefined; // the parser's own wrapper
  if (tag === "script") return "scripts in SVG are removed";
  if (tag === "style") {
    const css = removed.element?.textContent ?? "";
    return /@import|url\(/i.test(css)
      ? "external references in SVG styles (url(), @import) are never fetched; <style> removed"
      : "<style> elements in SVG are not applied; use attributes or the style attribute";
  }
  if (tag === "foreignobject") return "foreignObject in SVG is removed";
  if (tag.startsWith("animate") || tag === "set") return "SVG animation is removed";
  return `<${tag.slice(0, 40) || "?"}> is not allowed in SVG and was removed`;
}

/** Sanitises SVG markup and reduces it to a drawing; undefined when there is no usable `<svg>` root. */
export async function prepareSvg(markup: string): Promise<SvgDrawing | undefined> {
  if (markup.length > MAX_SVG_MARKUP) return undefined;
  const notes = new Set<string>();
  if (/<!ENTITY/i.test(markup)) notes.add("entity declarations in SVG are ignored");
  if (markupDepth(markup) > MAX_MARKUP_DEPTH) {
    const empty = { tag: "svg", attrs: {}, children: [] };
    return svgDrawing(empty, [`the SVG is nested more than ${MAX_MARKUP_DEPTH} levels deep and is not drawn`]);
  }
  try {
    const { fragment, removed } = (await loadPurifier()).sanitize(markup);
    removed.forEach((note) => notes.add(note));
    const root = findSvg(fragment as unknown as DomNode, 0);
    if (!root) return undefined;
    const count = { nodes: 0 };
    return svgDrawing(toNode(root, 0, count), [...notes]);
  } catch {
    return undefined;
  }
}

/** The deepest element nesting of markup, from a linear scan of its tags (no parsing). */
function markupDepth(markup: string): number {
  let depth = 0;
  let max = 0;
  for (const match of markup.matchAll(/<(\/?)[a-zA-Z][^>]*?(\/?)>/g)) {
    if (match[1]) depth = Math.max(0, depth - 1);
    else if (!match[2]) max = Math.max(max, ++depth);
  }
  return max;
}

/** The parts of a DOM node the walk reads (jsdom's types are not needed at run time). */
interface DomNode {
  readonly nodeType: number;
  readonly localName?: string | null;
  readonly childNodes: ArrayLike<DomNode>;
  readonly attributes?: ArrayLike<{ readonly name: string; readonly value: string }>;
  readonly textContent?: string | null;
}

function findSvg(node: DomNode, depth: number): DomNode | undefined {
  if (node.nodeType === 1 && node.localName?.toLowerCase() === "svg") return node;
  if (depth > MAX_DEPTH) return undefined;
  for (let i = 0; i < node.childNodes.length; i++) {
    const found = findSvg(node.childNodes[i]!, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Characters kept per SVG <text> element. */
const MAX_TEXT = 2000;

function toNode(element: DomNode, depth: number, count: { nodes: number }): SvgNode {
  const attrs: Record<string, string> = {};
  const list = element.attributes ?? [];
  for (let i = 0; i < list.length; i++) {
    const attr = list[i]!;
    attrs[attr.name.toLowerCase()] = attr.value;
  }
  const children: SvgNode[] = [];
  if (depth < MAX_DEPTH) {
    for (let i = 0; i < element.childNodes.length && count.nodes < MAX_NODES; i++) {
      const child = element.childNodes[i]!;
      if (child.nodeType !== 1) continue;
      count.nodes++;
      children.push(toNode(child, depth + 1, count));
    }
  }
  const tag = (element.localName ?? "").toLowerCase();
  // A <text>'s characters (its tspans' too), capped: layout draws them with the designer fonts.
  if (tag === "text") return { tag, attrs, children, text: (element.textContent ?? "").slice(0, MAX_TEXT) };
  return { tag, attrs, children };
}
