// A minimal XML element tree and its serialiser. The CII document is a fixed tree of elements with text and a
// few attributes: escaping text and attribute values is all a builder library would add, so none is used.

// Every element has the same four keys (one object shape: an invoice of 10,000 lines makes a few hundred
// thousand of them, and property lookups on one hidden class stay fast).
export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>> | undefined;
  readonly children: readonly XmlElement[] | undefined;
  readonly text: string | undefined;
}

/** An element; children that are `undefined` (an optional term without a value) are left out. */
export function el(name: string, content?: string | readonly (XmlElement | undefined | false)[], attributes?: Record<string, string>): XmlElement {
  if (typeof content === "string") return { name, attributes, children: undefined, text: content };
  const children: XmlElement[] = [];
  if (content !== undefined) for (const child of content) if (child !== undefined && child !== false) children.push(child);
  return { name, attributes, children, text: undefined };
}

/** `el` only when the value exists: `opt("ram:Name", party.name)`. */
export function opt(name: string, value: string | undefined, attributes?: Record<string, string>): XmlElement | undefined {
  return value === undefined ? undefined : el(name, value, attributes);
}

/** The document with an XML declaration, indented by two spaces (what people diff and read). */
export function serialise(root: XmlElement): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  write(root, "", out);
  return out.join("\n") + "\n";
}

function write(node: XmlElement, indent: string, out: string[]): void {
  let attrs = "";
  if (node.attributes !== undefined) for (const key of Object.keys(node.attributes)) attrs += ` ${key}="${escape(node.attributes[key]!, true)}"`;
  if (node.text !== undefined) out.push(`${indent}<${node.name}${attrs}>${escape(node.text, false)}</${node.name}>`);
  else if (!node.children || node.children.length === 0) out.push(`${indent}<${node.name}${attrs}/>`);
  else {
    out.push(`${indent}<${node.name}${attrs}>`);
    for (const child of node.children) write(child, indent + "  ", out);
    out.push(`${indent}</${node.name}>`);
  }
}

// Characters XML 1.0 cannot carry at all (C0 controls but tab, newline, return; lone surrogates; U+FFFE/FFFF) are
// dropped: data text is free text, and one stray control must not make the whole invoice unreadable.
const INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const SPECIAL = /[&<>"\r\n\t\u0000-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

function escape(text: string, attribute: boolean): string {
  // Most values (amounts, codes, ids) have nothing to escape.
  if (!SPECIAL.test(text)) return text;
  const clean = text.replace(INVALID, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return attribute ? clean.replace(/"/g, "&quot;").replace(/\n/g, "&#10;").replace(/\r/g, "&#13;").replace(/\t/g, "&#9;") : clean.replace(/\r/g, "&#13;");
}
