// A minimal XML element tree and its serialiser. The CII document is a fixed tree of elements with text and a
// few attributes: escaping text and attribute values is all a builder library would add, so none is used.

export interface XmlElement {
  readonly name: string;
  readonly attributes?: Readonly<Record<string, string>>;
  readonly children?: readonly XmlElement[];
  readonly text?: string;
}

/** An element; children that are `undefined` (an optional term without a value) are left out. */
export function el(name: string, content?: string | readonly (XmlElement | undefined | false)[], attributes?: Record<string, string>): XmlElement {
  const base = attributes ? { name, attributes } : { name };
  if (typeof content === "string") return { ...base, text: content };
  return { ...base, children: (content ?? []).filter((c): c is XmlElement => c !== undefined && c !== false) };
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
  const attrs = Object.entries(node.attributes ?? {}).map(([k, v]) => ` ${k}="${escape(v, true)}"`).join("");
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

function escape(text: string, attribute: boolean): string {
  const clean = text.replace(INVALID, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return attribute ? clean.replace(/"/g, "&quot;").replace(/\n/g, "&#10;").replace(/\r/g, "&#13;").replace(/\t/g, "&#9;") : clean.replace(/\r/g, "&#13;");
}
