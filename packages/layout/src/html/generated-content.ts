// Generated content (CSS Generated Content 3, CSS Lists 3): after the cascade, one walk in document order
// keeps the counters (counter-reset/-increment/-set with their scopes, the implicit `list-item` counter),
// computes the style of each element's ::before, ::after and ::marker from the pseudo-element rules, and
// inserts ::before/::after as real inline (or block) children — strings, attr(), counter(), counters(),
// quotes, url() images, target-counter()/target-text() — so that layout lays them out like any element.
// It also evaluates `string-set` with the counters of its element (paged media reads it when placing).
import type { DiagnosticSink } from "../diagnostics.js";
import { parseContent, type ContentPart } from "./content-value.js";
import { formatCounter, markerText } from "./counter-style.js";
import type { PseudoRule, StyleSheet } from "./css.js";
import { element, type HtmlElement, type HtmlNode } from "./dom.js";
import type { PagedState } from "./layout/paged-state.js";
import type { PseudoElement } from "./pseudo.js";
import { computeStyle, SUPPORTED, type ComputedStyle } from "./style.js";
import { blockOf, contentOf, firstText, textOf } from "./tree-text.js";

/** Runs the pass over the tree (styles gain the generated elements' styles); a no-op for sheets without any. */
export function generateContent(root: HtmlElement, sheet: StyleSheet, styles: Map<HtmlElement, ComputedStyle>, state: PagedState, diagnostics: DiagnosticSink): void {
  if (sheet.generated !== true) return;
  const rootSize = styles.get(root)?.size ?? 12;
  const generator = new Generator(sheet.pseudo ?? [], styles, state, diagnostics, rootSize, root);
  generator.walk(root, new Set());
  generator.carryInlineTargets();
}

// The user-agent style of footnote calls and markers (GCPM §3.4).
const FOOTNOTE_CALL = new Map([["content", "counter(footnote)"], ["vertical-align", "super"], ["font-size", "smaller"], ["line-height", "0"]]);
const FOOTNOTE_MARKER = new Map([["content", 'counter(footnote) ". "']]);

const DEFAULT_QUOTES = ["\u201C", "\u201D", "\u2018", "\u2019"];
const NO_PSEUDO = new Set(["img", "svg", "input", "select", "textarea", "br", "hr"]);

class Generator {
  private readonly counters = new Map<string, number[]>();
  /** Counters incremented or set before any reset live at the root, as browsers number `h2::before` without one. */
  private readonly rootScope = new Set<string>();
  private quoteDepth = 0;
  private readonly pseudoCache = new Map<ComputedStyle, Map<string, ComputedStyle>>();
  private readonly reported = new Set<string>();
  private ids: Map<string, HtmlElement> | undefined;

  constructor(
    private readonly rules: readonly PseudoRule[],
    private readonly styles: Map<HtmlElement, ComputedStyle>,
    private readonly state: PagedState,
    private readonly diagnostics: DiagnosticSink,
    private readonly rootSize: number,
    private readonly root: HtmlElement,
  ) {}

  /** One element: its counters (in the scope `siblings` of its parent's children), pseudo-elements, children. */
  walk(el: HtmlElement, siblings: Set<string>): void {
    const style = this.styles.get(el);
    if (!style || style.display === "none") return;
    const own = style.generated;
    if (own?.content !== undefined && !el.tag.startsWith("::")) this.report("content on elements", "content on an element (not a ::before/::after) is not supported; its own content prints", el.path);
    const implicitReset = el.tag === "ol" || el.tag === "ul" || el.tag === "menu" ? (el.tag === "ol" ? startOf(el) : 0) : undefined;
    this.applyCounters(own, siblings, style.display === "list-item", implicitReset);
    const children = new Set<string>();
    if (!NO_PSEUDO.has(el.tag) && this.rules.length > 0) {
      if (style.display === "list-item") this.marker(el, style, children);
      const before = this.pseudoElement(el, style, "before", children);
      if (before) el.children.unshift(before);
    }
    if (!NO_PSEUDO.has(el.tag) && this.rules.length > 0) this.firstLetter(el, style);
    if (own?.["string-set"] !== undefined) this.stringSet(el, own["string-set"]);
    const id = el.attrs.get("id");
    if (id !== undefined && !this.state.counterSnapshots.has(id)) this.state.counterSnapshots.set(id, this.snapshot());
    // Children added by this pass (::before) are skipped: they hold only text and images.
    for (const child of [...el.children]) {
      if (child.kind !== "element" || child.tag.startsWith("::")) continue;
      if (this.styles.get(child)?.generated?.footnote !== undefined) this.footnote(child, el, style, children);
      else this.walk(child, children);
    }
    if (!NO_PSEUDO.has(el.tag) && this.rules.length > 0) {
      const after = this.pseudoElement(el, style, "after", children);
      if (after) el.children.push(after);
    }
    for (const name of children) this.counters.get(name)?.pop();
  }

  // float: footnote (GCPM §3): the element leaves the text for the footnote area of its page; a
  // ::footnote-call (by default the footnote counter, raised) takes its place and a ::footnote-marker
  // (by default `1. `) starts it. The footnote counter counts footnotes in document order.
  private footnote(fn: HtmlElement, parent: HtmlElement, parentStyle: ComputedStyle, scope: Set<string>): void {
    const stack = this.counters.get("footnote");
    if (!stack || stack.length === 0) this.instantiate("footnote", 1, this.rootScope);
    else stack[stack.length - 1] = (stack[stack.length - 1] as number) + 1;
    this.walk(fn, scope);
    const fnStyle = this.styles.get(fn) as ComputedStyle;
    const call = this.generatedElement(fn, parentStyle, "footnote-call", FOOTNOTE_CALL, `${fn.path}::footnote-call`);
    const marker = this.generatedElement(fn, fnStyle, "footnote-marker", FOOTNOTE_MARKER, `${fn.path}::footnote-marker`);
    const at = parent.children.indexOf(fn);
    if (call) {
      call.parent = parent;
      parent.children[at] = call;
    } else parent.children.splice(at, 1);
    if (marker) {
      marker.parent = fn;
      fn.children.unshift(marker);
    }
    this.state.footnotes.push({ element: fn, callPath: call?.path ?? fn.path });
  }

  // A footnote pseudo-element: the UA's declarations (`defaults`) under the sheet's, its content as text.
  private generatedElement(el: HtmlElement, base: ComputedStyle, pseudo: PseudoElement, defaults: ReadonlyMap<string, string>, path: string): HtmlElement | undefined {
    const style = this.pseudoStyle(el, base, pseudo, defaults) as ComputedStyle;
    const parts = this.parts(style.generated?.content ?? "none", el, `::${pseudo}`);
    if (!parts || style.display === "none") return undefined;
    const made = element(`::${pseudo}`, new Map(), path);
    this.styles.set(made, style);
    const text = this.text(parts, el, style);
    if (text !== "") made.children.push({ kind: "text", text, parent: made });
    return made;
  }

  // ::first-letter (CSS Pseudo 4 §2): the first letter of the element's first text, with the punctuation
  // before and after it, becomes an inline element of its own style (a larger, coloured initial). A block
  // child's text is its own first line; the letter is looked for in inline content only.
  private firstLetter(el: HtmlElement, style: ComputedStyle): void {
    if (style.display !== "block" && style.display !== "list-item" && style.display !== "table-cell") return;
    const found = firstText(el, this.styles);
    if (!found) return;
    const m = /^(\s*)([\p{P}\s]*[\p{L}\p{N}][\p{P}]*)([\s\S]*)$/u.exec(found.text);
    if (!m) return;
    const parent = found.parent as HtmlElement;
    const letterStyle = this.pseudoStyle(el, this.styles.get(parent) as ComputedStyle, "first-letter");
    if (!letterStyle) return;
    const letter = element("::first-letter", new Map(), `${el.path}::first-letter`);
    letter.parent = parent;
    this.styles.set(letter, letterStyle);
    letter.children.push({ kind: "text", text: m[2] as string, parent: letter });
    const replaced: HtmlNode[] = [];
    if (m[1]) replaced.push({ kind: "text", text: m[1], parent });
    replaced.push(letter);
    if (m[3]) replaced.push({ kind: "text", text: m[3], parent });
    parent.children.splice(parent.children.indexOf(found), 1, ...replaced);
  }

  /** Inline targets (`<a id>`, `<span id>`) have no box of their own: their block records their page. */
  carryInlineTargets(): void {
    if (this.state.targets.size === 0) return;
    const ids = this.idIndex();
    for (const id of this.state.targets) {
      const el = ids.get(id);
      if (!el) continue;
      const block = blockOf(el, this.styles);
      if (!block || block === el) continue;
      const list = this.state.inlineTargets.get(block);
      if (list) list.push(id);
      else this.state.inlineTargets.set(block, [id]);
    }
  }

  private snapshot(): Map<string, number> {
    const out = new Map<string, number>();
    for (const [name, stack] of this.counters) if (stack.length > 0) out.set(name, stack[stack.length - 1] as number);
    return out;
  }

  // counter-reset, then counter-increment, then counter-set (CSS Lists 3 §4.5); `list-item` implicitly.
  private applyCounters(own: ComputedStyle["generated"], siblings: Set<string>, listItem: boolean, implicitReset: number | undefined): void {
    const reset = counterList(own?.["counter-reset"], 0);
    if (implicitReset !== undefined && !reset.some(([n]) => n === "list-item")) reset.push(["list-item", implicitReset]);
    for (const [name, value] of reset) this.instantiate(name, value, siblings);
    const increment = counterList(own?.["counter-increment"], 1);
    if (listItem && !increment.some(([n]) => n === "list-item")) increment.push(["list-item", 1]);
    for (const [name, value] of increment) {
      const stack = this.counters.get(name);
      if (!stack || stack.length === 0) this.instantiate(name, value, this.rootScope);
      else stack[stack.length - 1] = (stack[stack.length - 1] as number) + value;
    }
    for (const [name, value] of counterList(own?.["counter-set"], 0)) {
      const stack = this.counters.get(name);
      if (!stack || stack.length === 0) this.instantiate(name, value, this.rootScope);
      else stack[stack.length - 1] = value;
    }
  }

  // A new counter in the scope of the element and its following siblings; a sibling's reset replaces it.
  private instantiate(name: string, value: number, siblings: Set<string>): void {
    let stack = this.counters.get(name);
    if (!stack) this.counters.set(name, (stack = []));
    if (siblings.has(name) && stack.length > 0) stack[stack.length - 1] = value;
    else {
      stack.push(value);
      siblings.add(name);
    }
  }

  private marker(el: HtmlElement, style: ComputedStyle, scope: Set<string>): void {
    const marker = this.pseudoStyle(el, style, "marker");
    if (!marker) return;
    this.applyCounters(marker.generated, scope, false, undefined);
    const content = marker.generated?.content;
    const parts = content !== undefined ? this.parts(content, el, "::marker") : undefined;
    const n = this.counters.get("list-item")?.at(-1) ?? 1;
    const text = parts !== undefined ? (parts === null ? "" : this.text(parts, el, marker)) : markerText(style.listStyleType, n) ?? "";
    this.state.markers.set(el, { text, style: marker, content: parts !== undefined });
  }

  private pseudoElement(el: HtmlElement, style: ComputedStyle, which: "before" | "after", scope: Set<string>): HtmlElement | undefined {
    const pseudo = this.pseudoStyle(el, style, which);
    const content = pseudo?.generated?.content;
    if (!pseudo || content === undefined || pseudo.display === "none") return undefined;
    const parts = this.parts(content, el, `::${which}`);
    if (!parts) return undefined;
    // The pseudo-element's own counters apply before its content (h2::before { counter-increment: h }).
    this.applyCounters(pseudo.generated, scope, false, undefined);
    const made = element(`::${which}`, new Map(), `${el.path}::${which}`);
    made.parent = el;
    this.styles.set(made, pseudo);
    let text = "";
    // counter(page)/counter(pages) become page tokens, resolved per page like {{$page}} in the text.
    const pages = parts.some((p) => p.kind === "counter" && (p.name === "page" || p.name === "pages"));
    const flush = (): void => {
      if (text !== "") made.children.push(pages ? { kind: "text", text, parent: made, deferred: { scope: undefined } } : { kind: "text", text, parent: made });
      text = "";
    };
    for (const part of parts) {
      if (part.kind === "image") {
        flush();
        const img = element("img", new Map([["src", part.url]]), `${made.path} url()`);
        img.parent = made;
        this.styles.set(img, computeStyle(new Map(), pseudo, this.rootSize));
        made.children.push(img);
      } else if (part.kind === "leader") {
        flush();
        const leader = element("::leader", new Map([["fill", part.fill]]), `${made.path} leader()`);
        leader.parent = made;
        this.styles.set(leader, pseudo);
        made.children.push(leader);
      } else if (pages) text += part.kind === "counter" && (part.name === "page" || part.name === "pages") && part.style === "decimal" ? `{{$${part.name}}}` : this.partText(part, el, pseudo).replace(/\{\{/g, "{ {");
      else text += this.partText(part, el, pseudo);
    }
    flush();
    return made;
  }

  private parts(content: string, el: HtmlElement, where: string): readonly ContentPart[] | null {
    const parsed = parseContent(content);
    for (const name of parsed.unknown) this.report(`content: ${name}`, `content ${name} is not supported; it prints nothing`, `${el.path}${where}`);
    return parsed.parts;
  }

  private text(parts: readonly ContentPart[], el: HtmlElement, style: ComputedStyle): string {
    return parts.map((p) => this.partText(p, el, style)).join("");
  }

  private partText(part: ContentPart, el: HtmlElement, style: ComputedStyle): string {
    switch (part.kind) {
      case "text":
        return part.text;
      case "attr":
        return el.attrs.get(part.name) ?? "";
      case "counter":
        return formatCounter(this.counters.get(part.name)?.at(-1) ?? 0, part.style);
      case "counters": {
        const stack = this.counters.get(part.name);
        return stack && stack.length > 0 ? stack.map((n) => formatCounter(n, part.style)).join(part.separator) : formatCounter(0, part.style);
      }
      case "quote":
        return this.quote(part.open, part.print, style);
      case "target-counter":
        return part.name === "page" ? this.targetCounter(part.target, part.style, el) : this.targetOtherCounter(part.target, part.name, part.style, el);
      case "target-text":
        return this.targetText(part.target, el);
      case "string":
      case "element":
        this.report(`content: ${part.kind}()`, `content ${part.kind}() is for @page margin boxes; it prints nothing here`, el.path);
        return "";
      default:
        return "";
    }
  }

  // Quotes nest: open-quote prints the pair of the current depth (the last pair past the list), then goes deeper.
  private quote(open: boolean, print: boolean, style: ComputedStyle): string {
    const pairs = quotesOf(style.generated?.quotes);
    if (!open) this.quoteDepth = Math.max(0, this.quoteDepth - 1);
    const depth = this.quoteDepth;
    if (open) this.quoteDepth++;
    if (!print || pairs.length === 0 || (!open && depth < 0)) return "";
    const pair = Math.min(depth, pairs.length / 2 - 1) * 2;
    return pairs[pair + (open ? 0 : 1)] ?? "";
  }

  private targetOf(target: { attr: string } | { url: string }, el: HtmlElement): string | undefined {
    const url = "attr" in target ? el.attrs.get(target.attr) : target.url;
    return url !== undefined && url.startsWith("#") && url.length > 1 ? decodeURIComponent(url.slice(1)) : undefined;
  }

  // The page of the target: known from the first pass; a placeholder as wide as two digits before that.
  private targetCounter(target: { attr: string } | { url: string }, counterStyle: string, el: HtmlElement): string {
    const id = this.targetOf(target, el);
    if (id === undefined) return "";
    this.state.targets.add(id);
    this.state.needsTargetPages = true;
    const known = this.state.knownPages;
    if (!known) return "00";
    const page = known.get(id);
    if (page === undefined) {
      this.report(`target ${id}`, `target-counter(): no element with id ${JSON.stringify(id)} was placed; it prints nothing`, el.path);
      return "";
    }
    return formatCounter(page, counterStyle);
  }

  // Another counter at the target: known in this pass for a target before the reference, else from the first pass.
  private targetOtherCounter(target: { attr: string } | { url: string }, name: string, counterStyle: string, el: HtmlElement): string {
    const id = this.targetOf(target, el);
    if (id === undefined) return "";
    const snapshot = this.state.counterSnapshots.get(id) ?? this.state.knownCounters?.get(id);
    if (!snapshot) {
      this.state.needsTargetPages = true;
      if (this.state.knownCounters) this.report(`target ${id}`, `target-counter(): no element with id ${JSON.stringify(id)}; it prints nothing`, el.path);
      return this.state.knownCounters ? "" : "0";
    }
    return formatCounter(snapshot.get(name) ?? 0, counterStyle);
  }

  private targetText(target: { attr: string } | { url: string }, el: HtmlElement): string {
    const id = this.targetOf(target, el);
    if (id === undefined) return "";
    const found = this.idIndex().get(id);
    return found ? textOf(found).replace(/\s+/g, " ").trim() : "";
  }

  private idIndex(): Map<string, HtmlElement> {
    if (!this.ids) {
      this.ids = new Map();
      const stack: HtmlNode[] = [this.root];
      while (stack.length > 0) {
        const n = stack.pop() as HtmlNode;
        if (n.kind !== "element") continue;
        const id = n.attrs.get("id");
        if (id !== undefined && !this.ids.has(id)) this.ids.set(id, n);
        for (const c of n.children) stack.push(c);
      }
    }
    return this.ids;
  }

  // `string-set: title content(text), sub "Part " counter(part)` → values with this element's counters.
  private stringSet(el: HtmlElement, value: string): void {
    if (value.trim().toLowerCase() === "none") return;
    const sets: [string, string][] = [];
    for (const entry of splitTopLevel(value)) {
      const m = /^([\w-]+)\s+([\s\S]+)$/.exec(entry.trim());
      if (!m) continue;
      const withContent = (m[2] as string).replace(/content\(\s*(text|before|after|first-letter)?\s*\)/gi, (_all, kind: string | undefined) => JSON.stringify(contentOf(el, (kind ?? "text").toLowerCase())));
      const parts = this.parts(withContent, el, " string-set");
      sets.push([(m[1] as string).toLowerCase(), parts ? this.text(parts, el, this.styles.get(el) as ComputedStyle) : ""]);
    }
    if (sets.length === 0) return;
    // An inline element has no box of its own: its block sets the strings where it starts.
    const block = blockOf(el, this.styles) ?? el;
    this.state.stringSets.set(block, [...(this.state.stringSets.get(block) ?? []), ...sets]);
  }

  // The computed style of a pseudo-element of `el` (undefined when no rule applies), shared per element style and rules.
  private pseudoStyle(el: HtmlElement, style: ComputedStyle, pseudo: PseudoElement, defaults?: ReadonlyMap<string, string>): ComputedStyle | undefined {
    const matched = this.rules.filter((r) => r.pseudo === pseudo && r.matches(el));
    if (matched.length === 0 && !defaults) return undefined;
    const key = `${pseudo}:${matched.map((r) => r.order).join(",")}`;
    let byKey = this.pseudoCache.get(style);
    if (!byKey) this.pseudoCache.set(style, (byKey = new Map()));
    let computed = byKey.get(key);
    if (!computed) {
      const weighted = matched.flatMap((rule) => rule.declarations.map((d) => ({ d, tier: d.important ? 2 : 1, rule })));
      weighted.sort((a, b) => a.tier - b.tier || a.rule.specificity - b.rule.specificity || a.rule.order - b.rule.order);
      const specified = new Map<string, string>(defaults);
      for (const { d, rule } of weighted) {
        if (!SUPPORTED.has(d.property) && !d.property.startsWith("--")) {
          this.report(d.property, `${d.property} is not supported; the content is laid out without it`, rule.selector);
          continue;
        }
        specified.set(d.property, d.value);
      }
      computed = computeStyle(specified, style, this.rootSize);
      byKey.set(key, computed);
    }
    return computed;
  }

  private report(key: string, message: string, path: string): void {
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.diagnostics.add("css.unsupported", message, path);
  }
}

/** `a 2 b c -1` → [[a, 2], [b, fallback], [c, -1]]; none → []. */
function counterList(value: string | undefined, fallback: number): [string, number][] {
  if (value === undefined) return [];
  const out: [string, number][] = [];
  const words = value.trim().split(/\s+/);
  if (words.length === 1 && words[0]?.toLowerCase() === "none") return out;
  for (let i = 0; i < words.length; i++) {
    const name = (words[i] as string).toLowerCase();
    if (!/^[a-z_-][\w-]*$/.test(name)) continue;
    const next = words[i + 1];
    if (next !== undefined && /^[-+]?\d+$/.test(next)) {
      out.push([name, Number(next)]);
      i++;
    } else out.push([name, fallback]);
  }
  return out;
}

// <ol start=3> starts its list-item counter at 2 (the first item increments it); reversed lists count down, not here.
function startOf(el: HtmlElement): number {
  const start = Number(el.attrs.get("start") ?? 1);
  return (Number.isFinite(start) ? start : 1) - 1;
}

function quotesOf(value: string | undefined): readonly string[] {
  if (value === undefined || value.trim() === "auto") return DEFAULT_QUOTES;
  if (value.trim() === "none") return [];
  const strings = parseContent(value).parts?.filter((p) => p.kind === "text").map((p) => (p as { text: string }).text) ?? [];
  return strings.length >= 2 ? strings.slice(0, strings.length - (strings.length % 2)) : DEFAULT_QUOTES;
}

function splitTopLevel(value: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = "";
  let current = "";
  for (const c of value) {
    if (quote !== "") {
      if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "," && depth === 0) {
      out.push(current);
      current = "";
      continue;
    }
    current += c;
  }
  out.push(current);
  return out;
}
