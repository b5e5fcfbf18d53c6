// Rules indexed by the rightmost compound of their selector (its id, else a class, else its tag), so an
// element is tested only against rules that can match it; css-select still decides the match.
import type { HtmlElement } from "./dom.js";
import type { StyleRule } from "./css.js";

/** Rules by key: `#id`, `.class`, `tag`, or `*` for rules without one. */
export class RuleIndex {
  private readonly byKey = new Map<string, StyleRule[]>();

  constructor(readonly rules: readonly StyleRule[]) {
    for (const rule of rules) {
      const key = keyOf(rule.selector);
      let list = this.byKey.get(key);
      if (!list) this.byKey.set(key, (list = []));
      list.push(rule);
    }
  }

  /** The rules that may match `el`, in sheet order. */
  candidates(el: HtmlElement): StyleRule[] {
    const out: StyleRule[] = [...(this.byKey.get("*") ?? []), ...(this.byKey.get(el.tag) ?? [])];
    const id = el.attrs.get("id");
    if (id) out.push(...(this.byKey.get(`#${id}`) ?? []));
    const classes = el.attrs.get("class");
    if (classes) for (const c of new Set(classes.split(/\s+/))) if (c) out.push(...(this.byKey.get(`.${c}`) ?? []));
    return out.sort((a, b) => a.order - b.order);
  }
}

/** The index key of a selector: taken from its rightmost compound, outside brackets and parentheses. */
export function keyOf(selector: string): string {
  // The rightmost compound: scan back to a combinator (space, >, +, ~) at depth 0.
  let depth = 0;
  let start = 0;
  for (let i = selector.length - 1; i >= 0; i--) {
    const ch = selector[i] as string;
    if (ch === ")" || ch === "]") depth++;
    else if (ch === "(" || ch === "[") depth--;
    else if (depth === 0 && /[\s>+~]/.test(ch)) {
      start = i + 1;
      break;
    }
  }
  const compound = selector.slice(start);
  // Only the parts outside brackets and parentheses constrain every match.
  let outside = "";
  depth = 0;
  for (const ch of compound) {
    if (ch === "(" || ch === "[") depth++;
    else if (ch === ")" || ch === "]") depth--;
    else if (depth === 0) outside += ch;
  }
  if (/\\/.test(outside)) return "*";
  const id = /#([\w-]+)/.exec(outside)?.[1];
  if (id) return `#${id}`;
  const cls = /\.([\w-]+)/.exec(outside)?.[1];
  if (cls) return `.${cls}`;
  const tag = /^([a-zA-Z][\w-]*)/.exec(outside)?.[1];
  return tag ? tag.toLowerCase() : "*";
}
