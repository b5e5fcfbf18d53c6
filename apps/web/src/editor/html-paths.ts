// Maps the element path of an HTML render's diagnostic (`html > body:nth-child(1) > ul:nth-child(3) >
// li:nth-child(1)`, or its last steps after `… >`) to its place in the HTML text, through CodeMirror's HTML
// syntax tree. The server builds paths from parse5's tree: <html> and <body> are implied when the template
// leaves them out, a table's bare rows sit in an implied <tbody>, and removed or unlaid elements (scripts,
// styles, <head>, <meta>…) take no nth-child number. A style problem names the rule's selector or `@page`.
import { ensureSyntaxTree } from "@codemirror/language";
import type { EditorState } from "@codemirror/state";
import type { SyntaxNode } from "@lezer/common";

/** Elements the server removes or does not lay out: they are not counted by nth-child. */
const UNCOUNTED = new Set([
  "script", "iframe", "object", "embed", "base", "link", "frame", "frameset", "applet", "noscript", "template", "portal",
  "meta", "title", "head", "style",
]);

/** An element of the text with the path the server would give it. */
interface Located {
  readonly tag: string;
  readonly path: string;
  /** The whole element, and its start tag (where a marker goes). */
  readonly from: number;
  readonly to: number;
  readonly openTo: number;
}

/** A text range. */
export interface Range {
  readonly from: number;
  readonly to: number;
}

/** Where a diagnostic belongs: the token or attribute its message quotes when found there, else the element's start tag; the first line when the path names nothing. */
export function locateHtmlDiagnostic(state: EditorState, path: string, message: string): Range {
  const text = state.doc.toString();
  const first = { from: 0, to: state.doc.line(1).to };
  const elements = locatedElements(state);
  const element = findElement(elements, path);
  if (element) return quoted(text, message, element) ?? { from: element.from, to: element.openTo };
  if (path.startsWith("@page")) return found(text, "@page", 0, text.length) ?? first;
  const style = elements.find((e) => e.tag === "style");
  if (path === "style") return style ? { from: style.from, to: style.openTo } : first;
  // A rule's selector: its place in a style sheet.
  for (const s of elements.filter((e) => e.tag === "style")) {
    const at = new RegExp(`(^|[\\s,}>])(${escape(path)})\\s*[{,]`).exec(text.slice(s.openTo, s.to));
    if (at?.[2] !== undefined) {
      const from = s.openTo + at.index + (at[1]?.length ?? 0);
      return { from, to: from + at[2].length };
    }
  }
  return first;
}

function findElement(elements: readonly Located[], path: string): Located | undefined {
  if (path.startsWith("… > ")) {
    const tail = ` > ${path.slice(4)}`;
    return elements.find((e) => e.path.endsWith(tail)) ?? elements.find((e) => withoutNth(e.path).endsWith(withoutNth(tail)));
  }
  // Removed elements are named without a number (`html > body:nth-child(1) > script`).
  return elements.find((e) => e.path === path) ?? elements.find((e) => withoutNth(e.path) === path);
}

const withoutNth = (path: string): string => path.replace(/:nth-child\(\d+\)$/, "");

// A `{{token}}` or `name="value"` the message quotes, inside the element (tokens) or its start tag (attributes).
function quoted(text: string, message: string, element: Located): Range | undefined {
  for (const m of message.matchAll(/\{\{[^]*?\}\}/g)) {
    const r = found(text, m[0], element.from, element.to);
    if (r) return r;
  }
  for (const m of message.matchAll(/([a-z-]+)="([^"]*)"/g)) {
    const r = found(text, m[0], element.from, element.openTo) ?? found(text, `${m[1] ?? ""}='${m[2] ?? ""}'`, element.from, element.openTo);
    if (r) return r;
  }
  return undefined;
}

function found(text: string, needle: string, from: number, to: number): Range | undefined {
  const at = text.slice(from, to).indexOf(needle);
  return at < 0 ? undefined : { from: from + at, to: from + at + needle.length };
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Every element of the text with its server path, in document order. */
export function locatedElements(state: EditorState): Located[] {
  const tree = ensureSyntaxTree(state, state.doc.length, 200);
  if (!tree) return [];
  const out: Located[] = [];
  const tagOf = (node: SyntaxNode): string => {
    const open = node.getChild("OpenTag") ?? node.getChild("SelfClosingTag");
    const name = open?.getChild("TagName");
    return name ? state.doc.sliceString(name.from, name.to).toLowerCase() : "";
  };
  const openEnd = (node: SyntaxNode): number => (node.getChild("OpenTag") ?? node.getChild("SelfClosingTag"))?.to ?? node.to;
  const elementsIn = (node: SyntaxNode): SyntaxNode[] => node.getChildren("Element");
  // Children of `parent` numbered as parse5 numbers them, each visited with its path.
  const visit = (children: readonly SyntaxNode[], parentPath: string, parentTag: string): void => {
    let index = 0;
    for (let i = 0; i < children.length; i++) {
      const node = children[i] as SyntaxNode;
      const tag = tagOf(node);
      if (UNCOUNTED.has(tag)) {
        out.push({ tag, path: `${parentPath} > ${tag}`, from: node.from, to: node.to, openTo: openEnd(node) });
        if (tag === "head") visit(elementsIn(node), `${parentPath} > head`, "head");
        continue;
      }
      if (parentTag === "table" && tag === "tr") {
        // Bare rows of a table: parse5 puts each run of them into one implied <tbody>.
        const run: SyntaxNode[] = [];
        while (i < children.length && tagOf(children[i] as SyntaxNode) === "tr") run.push(children[i++] as SyntaxNode);
        i--;
        visit(run, `${parentPath} > tbody:nth-child(${++index})`, "tbody");
        continue;
      }
      const path = `${parentPath} > ${tag}:nth-child(${++index})`;
      out.push({ tag, path, from: node.from, to: node.to, openTo: openEnd(node) });
      visit(elementsIn(node), path, tag);
    }
  };
  const top = elementsIn(tree.topNode);
  const html = top.find((n) => tagOf(n) === "html");
  const inHtml = html ? elementsIn(html) : top;
  const body = inHtml.find((n) => tagOf(n) === "body");
  if (body) {
    for (const n of inHtml) if (n !== body) visit([n], "html", "html");
    out.push({ tag: "body", path: "html > body:nth-child(1)", from: body.from, to: body.to, openTo: openEnd(body) });
    visit(elementsIn(body), "html > body:nth-child(1)", "body");
  } else {
    // A fragment: what is not head content is the implied body's.
    visit(inHtml, "html > body:nth-child(1)", "body");
  }
  return out.sort((a, b) => a.from - b.from);
}
