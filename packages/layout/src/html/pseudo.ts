// Pseudo-elements in selectors: `::before`, `::after`, `::marker`, `::first-letter`, `::first-line` (and the
// CSS 2 one-colon spellings), split off so the element part is matched like any selector; and the
// properties that make generated content or paged-media marks, which switch the generated-content pass on.

export type PseudoElement = "before" | "after" | "marker" | "first-letter" | "first-line" | "footnote-call" | "footnote-marker";

const PSEUDO = /::?(before|after|marker|first-letter|footnote-call|footnote-marker)\s*$/i;

/** `li.done::marker` → `{ element: "li.done", pseudo: "marker" }`; undefined for a selector without one. */
export function splitPseudoElement(selector: string): { element: string; pseudo: PseudoElement } | undefined {
  const m = PSEUDO.exec(selector);
  if (!m) return undefined;
  const rest = selector.slice(0, m.index).trim();
  // `::before` alone, or after a combinator (`div > ::before`), belongs to any element.
  const element = rest === "" || /[\s>+~]$/.test(rest) ? `${rest}*` : rest;
  // `::marker` written with one colon is not a CSS 2 spelling; css-select would reject it anyway.
  if (!m[0].startsWith("::") && !/^(before|after|first-letter|first-line)$/i.test(m[1] as string)) return undefined;
  return { element, pseudo: (m[1] as string).toLowerCase() as PseudoElement };
}

/** Properties whose presence means the document needs the generated-content pass. */
export function needsGeneratedPass(property: string, value: string): boolean {
  if (property === "float") return isFootnoteFloat(property, value);
  return property === "position" ? /^running\(/i.test(value) : GENERATED_PROPERTIES.has(property);
}

/** `float: footnote` (GCPM): the one value of `float` this pass owns (the others are layout's). */
export function isFootnoteFloat(property: string, value: string): boolean {
  return property === "float" && value.trim().toLowerCase() === "footnote";
}

const GENERATED_PROPERTIES = new Set(["content", "counter-reset", "counter-increment", "counter-set", "string-set", "page"]);

/** Raw values kept in ComputedStyle.generated (these are read by generated-content.ts and paged media). */
export const RAW_PROPERTIES = ["content", "counter-reset", "counter-increment", "counter-set", "quotes", "string-set", "page", "box-decoration-break", "-webkit-box-decoration-break"] as const;

/** True for a `content` value whose every url() is a `data:` URL (an image in the document, never fetched). */
export function onlyDataUrls(value: string): boolean {
  // image-set() chooses among candidates, any of which could be fetched.
  if (/image-set\s*\(/i.test(value)) return false;
  const urls = value.match(/url\(\s*["']?[^"')\s]*/gi) ?? [];
  return urls.length > 0 && urls.every((u) => /^url\(\s*["']?data:/i.test(u));
}
