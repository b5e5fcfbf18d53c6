// CSS nesting flattened before css-tree reads a sheet. css-tree 3 parses `& .x {}` inside a rule but not a
// nested selector that starts with a combinator (`> p {}`) nor a nested @media, and what it cannot read
// swallows the rest of the rule; browsers accept all of these. So a sheet with nested rules is rewritten
// as the flat sheet it means: every nested selector resolved against its parent (`&` replaced by the
// parent selector, a selector without `&` is a descendant of it), a nested @media/@supports wrapping the
// parent selector. Parent lists are expanded as a cross product (`.a, .b { & > p }` → `.a > p, .b > p`),
// which matches what `:is()` would select; the product is bounded (MAX_SELECTORS) and beyond it `:is()` is
// used. Sheets without nesting are returned unchanged (one linear scan).

/** Selectors one nested rule may expand into before `:is()` is used instead of the cross product. */
const MAX_SELECTORS = 64;

/** Nesting depth kept; deeper rules are dropped (no browser sheet comes close). */
const MAX_DEPTH = 32;

/** Returns the sheet with nested style rules flattened (the same text when it has none). */
export function flattenNesting(text: string): string {
  if (!hasNesting(text)) return text;
  const out: string[] = [];
  flattenList(text, 0, text.length, out, 0);
  return out.join("");
}

// Whether some `{` opens inside a style rule's block (not inside an at-rule like @media or @page).
function hasNesting(text: string): boolean {
  const stack: boolean[] = []; // per open brace: is it a style rule's block?
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? text.length : end + 1;
    } else if (ch === '"' || ch === "'") i = skipString(text, i);
    else if (ch === "{") {
      if (stack[stack.length - 1] === true) return true;
      const prelude = text.slice(start, i).trim();
      stack.push(!prelude.startsWith("@"));
      start = i + 1;
    } else if (ch === "}") {
      stack.pop();
      start = i + 1;
    } else if (ch === ";") start = i + 1;
  }
  return false;
}

function skipString(text: string, i: number): number {
  const quote = text[i];
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === "\\") j++;
    else if (text[j] === quote) return j;
  }
  return text.length;
}

interface Item {
  /** Text before `{` (or the whole declaration / statement when `block` is undefined). */
  readonly head: string;
  /** Block contents without the braces. */
  readonly block?: { readonly start: number; readonly end: number };
}

// Splits text[start, end) into statements: `head { block }` or `head;` (comments removed from heads).
function items(text: string, start: number, end: number): Item[] {
  const out: Item[] = [];
  let head = "";
  let depth = 0;
  let parens = 0;
  let blockStart = -1;
  for (let i = start; i < end; i++) {
    const ch = text[i] as string;
    if (ch === "/" && text[i + 1] === "*") {
      const close = text.indexOf("*/", i + 2);
      i = close < 0 || close >= end ? end : close + 1;
      continue;
    }
    if (ch === '"' || ch === "'") {
      const close = Math.min(skipString(text, i), end - 1);
      if (depth === 0) head += text.slice(i, close + 1);
      i = close;
      continue;
    }
    if (depth === 0) {
      if (ch === "(") parens++;
      else if (ch === ")") parens = Math.max(0, parens - 1);
      if (ch === "{" && parens === 0) {
        depth = 1;
        blockStart = i + 1;
      } else if (ch === ";" && parens === 0) {
        if (head.trim() !== "") out.push({ head: head.trim() });
        head = "";
      } else if (ch === "}") {
        head = ""; // a stray closing brace: browsers drop it
      } else head += ch;
    } else if (ch === "{") depth++;
    else if (ch === "}") {
      depth--;
      if (depth === 0) {
        out.push({ head: head.trim(), block: { start: blockStart, end: i } });
        head = "";
      }
    }
  }
  if (depth > 0) out.push({ head: head.trim(), block: { start: blockStart, end } });
  else if (head.trim() !== "") out.push({ head: head.trim() });
  return out;
}

const GROUPING = /^@(media|supports|layer|container|scope|document)\b/i;

// A list of top-level statements (a sheet, or the inside of @media).
function flattenList(text: string, start: number, end: number, out: string[], depth: number): void {
  for (const item of items(text, start, end)) {
    if (!item.block) {
      out.push(`${item.head};`);
      continue;
    }
    const inner = text.slice(item.block.start, item.block.end);
    if (item.head.startsWith("@")) {
      if (GROUPING.test(item.head) && depth < MAX_DEPTH) {
        out.push(`${item.head}{`);
        flattenList(text, item.block.start, item.block.end, out, depth + 1);
        out.push("}");
      } else out.push(`${item.head}{${inner}}`); // @page, @font-face…: not style rules, kept as written
      continue;
    }
    flattenRule(text, splitSelectors(item.head), item.block, out, depth);
  }
}

// A style rule: its declarations under its own selectors, then its nested rules resolved against them.
function flattenRule(text: string, selectors: readonly string[], block: { start: number; end: number }, out: string[], depth: number): void {
  if (depth > MAX_DEPTH || selectors.length === 0) return;
  const list = selectors.join(",");
  const own: string[] = [];
  const nested: Item[] = [];
  for (const item of items(text, block.start, block.end)) {
    if (item.block) nested.push(item);
    else own.push(item.head);
  }
  if (own.length > 0) out.push(`${list}{${own.join(";")}}`);
  for (const item of nested) {
    if (!item.block) continue;
    if (item.head.startsWith("@")) {
      if (GROUPING.test(item.head)) {
        // `.a { @media print { color: red; .b { … } } }` → `@media print { .a { color: red } .a .b { … } }`
        out.push(`${item.head}{`);
        flattenRule(text, selectors, item.block, out, depth + 1);
        out.push("}");
      }
      continue;
    }
    flattenRule(text, resolveSelectors(splitSelectors(item.head), selectors), item.block, out, depth + 1);
  }
}

/** Splits a selector list on top-level commas. */
export function splitSelectors(text: string): string[] {
  const out: string[] = [];
  let parens = 0;
  let current = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '"' || ch === "'") {
      const close = skipString(text, i);
      current += text.slice(i, close + 1);
      i = close;
      continue;
    }
    if (ch === "(" || ch === "[") parens++;
    else if (ch === ")" || ch === "]") parens = Math.max(0, parens - 1);
    if (ch === "," && parens === 0) {
      if (current.trim() !== "") out.push(current.trim());
      current = "";
    } else current += ch;
  }
  if (current.trim() !== "") out.push(current.trim());
  return out;
}

/** Nested selectors resolved against their parent's: `&` is the parent; without `&`, a descendant of it. */
export function resolveSelectors(nested: readonly string[], parents: readonly string[]): string[] {
  const product = nested.length * parents.length <= MAX_SELECTORS;
  const parentAlternatives = product ? parents : [`:is(${parents.join(",")})`];
  const out: string[] = [];
  for (const selector of nested) {
    const relative = selector.includes("&") ? selector : `& ${selector}`;
    for (const parent of parentAlternatives) out.push(relative.replace(/&/g, parent));
  }
  return out;
}
