// HTML text → the converter's tree, sanitised by construction: parse5 follows the HTML standard (so
// templates parse as browsers parse them), and only what layout draws is kept. Nothing here is executed or
// fetched: scripts, event handlers, frames, objects, <base>, <link> and remote sources are dropped, each
// with a diagnostic. <style> texts are collected for the cascade.
import { parse, serializeOuter, type DefaultTreeAdapterTypes as P } from "parse5";
import type { DiagnosticSink } from "../diagnostics.js";
import { append, element, type HtmlElement } from "./dom.js";
import { HtmlLimitError, MAX_DEPTH, MAX_ELEMENTS, MAX_TEXT, PATH_STEPS } from "./limits.js";

/** A parsed, sanitised document. */
export interface ParsedHtml {
  /** The `<html>` element. */
  readonly root: HtmlElement;
  /** `<style>` contents in document order. */
  readonly styles: readonly string[];
  /** The text of `<title>` (tokens unresolved), for the PDF's title. */
  readonly title?: string;
}

const DROPPED = new Set(["script", "iframe", "object", "embed", "base", "link", "frame", "frameset", "applet", "noscript", "template", "portal"]);
const SILENT = new Set(["meta", "title", "head", "#comment", "#documentType"]);

/** Parses and sanitises an HTML document or fragment (plain text becomes a paragraph of the body). */
export function parseHtml(html: string, diagnostics: DiagnosticSink): ParsedHtml {
  const document = parse(html);
  const styles: string[] = [];
  const htmlNode = document.childNodes.find((n): n is P.Element => n.nodeName === "html");
  const root = element("html", htmlNode ? attributesOf(htmlNode, "html", diagnostics) : new Map(), "html");
  if (htmlNode) convertChildren(htmlNode, root, 1, styles, diagnostics, { elements: 0, text: 0 });
  const title = htmlNode === undefined ? undefined : titleOf(htmlNode);
  return title === undefined ? { root, styles } : { root, styles, title };
}

function convertChildren(from: P.ParentNode, to: HtmlElement, depth: number, styles: string[], diagnostics: DiagnosticSink, count: { elements: number; text: number }): void {
  let index = 0;
  for (const node of from.childNodes) {
    if (node.nodeName === "#text") {
      const text = (node as P.TextNode).value;
      if ((count.text += text.length) > MAX_TEXT) throw new HtmlLimitError(`The HTML template has more than ${MAX_TEXT} characters of text.`);
      append(to, { kind: "text", text, parent: null });
      continue;
    }
    if (!("tagName" in node)) continue;
    const el = node as P.Element;
    const tag = el.tagName.toLowerCase();
    if (tag === "head") {
      convertHead(el, styles, diagnostics);
      continue;
    }
    if (tag === "style") {
      styles.push(styleText(el));
      continue;
    }
    if (DROPPED.has(tag)) {
      diagnostics.add("html.dropped", `<${tag}> is never loaded or run; it was removed`, `${to.path} > ${tag}`);
      continue;
    }
    if (SILENT.has(tag)) continue;
    index++;
    if (++count.elements > MAX_ELEMENTS) throw new HtmlLimitError(`The HTML template has more than ${MAX_ELEMENTS} elements.`);
    const path = pathOf(to.path, `${tag}:nth-child(${index})`);
    if (depth >= MAX_DEPTH) {
      diagnostics.add("html.too-deep", `elements nested deeper than ${MAX_DEPTH} levels keep only their text`, path);
      append(to, { kind: "text", text: textOf(el), parent: null });
      continue;
    }
    const attrs = attributesOf(el, path, diagnostics);
    if (tag === "svg") {
      append(to, element("svg", attrs, path, sanitisedSvg(el, path, diagnostics)));
      continue;
    }
    const child = element(tag, attrs, path);
    append(to, child);
    convertChildren(el, child, depth + 1, styles, diagnostics, count);
  }
}

// A <style media="…"> sheet is its text inside that @media rule (css.ts then applies print, skips screen).
function styleText(el: P.Element): string {
  const media = el.attrs.find((a) => a.name === "media")?.value.trim();
  const text = textOf(el);
  return media === undefined || media === "" || /^all$/i.test(media) ? text : `@media ${media.replace(/[{}]/g, "")} {\n${text}\n}`;
}

/** The first `<title>`'s text in the document's head, whitespace collapsed; undefined when there is none or it is empty. */
function titleOf(html: P.Element): string | undefined {
  const head = html.childNodes.find((n): n is P.Element => n.nodeName === "head");
  const title = head?.childNodes.find((n): n is P.Element => n.nodeName === "title");
  const text = title === undefined ? "" : textOf(title).replace(/\s+/g, " ").trim();
  return text === "" ? undefined : text.slice(0, 1000);
}

function convertHead(head: P.Element, styles: string[], diagnostics: DiagnosticSink): void {
  for (const node of head.childNodes) {
    if (!("tagName" in node)) continue;
    const tag = node.tagName.toLowerCase();
    if (tag === "style") styles.push(styleText(node));
    else if (DROPPED.has(tag)) diagnostics.add("html.dropped", `<${tag}> is never loaded or run; it was removed`, `html > head > ${tag}`);
  }
}

// Attributes kept: everything but event handlers, and sources/links that would reach the network.
function attributesOf(el: P.Element, path: string, diagnostics: DiagnosticSink): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const { name, value } of el.attrs) {
    const key = name.toLowerCase();
    if (key.startsWith("on")) {
      diagnostics.add("html.dropped", `the event handler ${key} is never run; it was removed`, path);
      continue;
    }
    if ((key === "src" || key === "srcset" || key === "poster" || key === "background") && !safeSource(value)) {
      diagnostics.add("html.remote", `${key}="${value.slice(0, 60)}" is never fetched; use a data: URL or a {{token}}`, path);
      continue;
    }
    if (key === "href" && !/^(https?:|mailto:|#)/i.test(value.trim()) && !value.includes("{{")) {
      diagnostics.add("html.dropped", `the link target ${JSON.stringify(value.slice(0, 60))} is not http(s) or mailto; it was removed`, path);
      continue;
    }
    attrs.set(key, value);
  }
  return attrs;
}

/** A source that can be drawn without fetching: a data: URL or a token that a data value fills in. */
function safeSource(value: string): boolean {
  const v = value.trim();
  return /^data:/i.test(v) || (v.startsWith("{{") && v.endsWith("}}"));
}

// An inline SVG keeps its markup (drawn as vectors by the SVG reader); scripts, foreign objects, event
// handlers and external references are taken out before it is serialised.
function sanitisedSvg(svg: P.Element, path: string, diagnostics: DiagnosticSink): string {
  const stack: P.Element[] = [svg];
  while (stack.length > 0) {
    const el = stack.pop() as P.Element;
    el.attrs = el.attrs.filter(({ name, value }) => {
      const key = name.toLowerCase();
      const external = (key === "href" || key === "xlink:href") && !value.trim().startsWith("#") && !/^data:/i.test(value.trim());
      if (key.startsWith("on") || external) diagnostics.add("html.dropped", `${key} in an inline <svg> was removed`, path);
      return !key.startsWith("on") && !external;
    });
    el.childNodes = el.childNodes.filter((n) => {
      if (!("tagName" in n)) return true;
      const tag = n.tagName.toLowerCase();
      const bad = tag === "script" || tag === "foreignobject" || DROPPED.has(tag);
      if (bad) diagnostics.add("html.dropped", `<${tag}> in an inline <svg> was removed`, path);
      else stack.push(n);
      return !bad;
    });
  }
  return serializeOuter(svg);
}

/** The concatenated text of a subtree, read without recursion (subtrees may be arbitrarily deep). */
function textOf(root: P.Element): string {
  let out = "";
  const stack: P.ChildNode[] = [...root.childNodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as P.ChildNode;
    if (node.nodeName === "#text") out += (node as P.TextNode).value;
    else if ("childNodes" in node) for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i] as P.ChildNode);
  }
  return out;
}

/** An element's path for diagnostics: the last PATH_STEPS steps (paths of deep elements stay short). */
function pathOf(parent: string, step: string): string {
  const steps = parent.split(" > ");
  return steps.length < PATH_STEPS ? `${parent} > ${step}` : `… > ${steps.slice(-(PATH_STEPS - 1)).join(" > ")} > ${step}`;
}
