// Tokens, repetition and conditions on the parsed template: `{{ path | filter }}` in text and attribute
// values (the band model's token engine, so the same formats), `data-each="items"` repeats an element per
// item (paths resolve against the item, then outward; `$index` is 1-based), `data-if="path"` keeps an
// element only when the value is truthy. Values become text nodes, never markup: nothing needs escaping.
import type { DiagnosticSink } from "../diagnostics.js";
import { unknownFilterMessages } from "../tokens/filters.js";
import { parseExpression, parseTemplate } from "../tokens/parse.js";
import { evaluate, resolveText } from "../tokens/resolve.js";
import { isTruthy } from "../tokens/text.js";
import type { RowScope, TemplateText, TokenContext } from "../tokens/types.js";
import { append, element, type HtmlElement } from "./dom.js";
import { HtmlLimitError, MAX_ELEMENTS, MAX_TEXT } from "./limits.js";

/**
 * The template tree with data applied: a new tree; the template is never changed (it is cached). With
 * `keptTokens` (import-html), each data-each element appears once and every token in text is replaced by a
 * short unbreakable placeholder `¦<n>¦` (n in base 36), indexing the token's source pushed onto `keptTokens`.
 */
export function expandTemplate(root: HtmlElement, tokens: TokenContext, diagnostics: DiagnosticSink, keptTokens?: string[]): HtmlElement {
  const keepTokens = keptTokens !== undefined;
  const out = element(root.tag, root.attrs, root.path);
  let count = 0;
  let chars = 0;
  // Explicit work list (trees may be deep): each entry copies `from`'s children into `to` under `scope`.
  const work: { from: HtmlElement; to: HtmlElement; scope: RowScope | undefined }[] = [{ from: root, to: out, scope: undefined }];
  while (work.length > 0) {
    const { from, to, scope } = work.pop() as { from: HtmlElement; to: HtmlElement; scope: RowScope | undefined };
    for (const child of from.children) {
      if (child.kind === "text") {
        const parsed = parseTemplate(child.text);
        if (parsed.hasTokens) reportUnknownFilters(parsed, from.path, diagnostics);
        const text = keptTokens
          ? parsed.parts.map((part) => (typeof part === "string" ? part : `¦${(keptTokens.push(part.source) - 1).toString(36)}¦`)).join("")
          : parsed.hasTokens && !parsed.usesPageTokens ? resolveText(parsed, tokens, scope) : child.text;
        if ((chars += text.length) > MAX_TEXT) throw new HtmlLimitError(`With its data the HTML template has more than ${MAX_TEXT} characters of text.`);
        append(to, parsed.usesPageTokens && !keepTokens ? { kind: "text", text, parent: null, deferred: { scope } } : { kind: "text", text, parent: null });
        continue;
      }
      const each = child.attrs.get("data-each");
      reportUnknownAttributeFilters(child, diagnostics);
      const rows: { scope: RowScope | undefined }[] = [];
      if (each !== undefined && !keepTokens) {
        const value = evaluate(each.replace(/^\s*\{\{|\}\}\s*$/g, ""), tokens, scope);
        if (Array.isArray(value)) value.forEach((row, index) => rows.push({ scope: { row, index, parent: scope } }));
        else if (value !== undefined && value !== null) diagnostics.add("html.each", `data-each="${each}" is not a list; the element is left out`, child.path);
      } else rows.push({ scope });
      for (const row of rows) {
        const condition = child.attrs.get("data-if");
        if (condition !== undefined && !keepTokens && !isTruthy(evaluate(condition.replace(/^\s*\{\{|\}\}\s*$/g, ""), tokens, row.scope))) continue;
        if (++count > MAX_ELEMENTS) throw new HtmlLimitError(`With its data the HTML template has more than ${MAX_ELEMENTS} elements.`);
        const made = element(child.tag, keepTokens ? child.attrs : attributes(child, tokens, row.scope), child.path, child.svg);
        // A chart reads its rows when laid out, in the scope it was repeated in.
        const copy = child.attrs.has("data-chart") && row.scope ? { ...made, scope: row.scope } : made;
        append(to, copy);
        work.push({ from: child, to: copy, scope: row.scope });
      }
    }
  }
  return out;
}

// A filter name no filter answers to passes the value through unformatted: `{{total | numbr}}` prints
// 1234.5 where `number` was meant. Said once per place (the sink drops repeats, e.g. a repeated row's).
function reportUnknownFilters(text: TemplateText, path: string, diagnostics: DiagnosticSink): void {
  for (const message of unknownFilterMessages(text)) diagnostics.add("token.filter", message, path);
}

// An element's attribute filters are worked out once per template element (the compiled template and its
// repeated rows share one attribute map) and said on every render: a report lists them each time.
const attributeFilterMessages = new WeakMap<ReadonlyMap<string, string>, readonly string[]>();

function reportUnknownAttributeFilters(child: HtmlElement, diagnostics: DiagnosticSink): void {
  let messages = attributeFilterMessages.get(child.attrs);
  if (messages === undefined) {
    const found: string[] = [];
    for (const [name, value] of child.attrs) {
      if (name === "data-each" || name === "data-if") found.push(...unknownFilterMessages(expressionText(value)));
      else if (value.includes("{{")) found.push(...unknownFilterMessages(parseTemplate(value)));
    }
    attributeFilterMessages.set(child.attrs, (messages = found));
  }
  for (const message of messages) diagnostics.add("token.filter", message, child.path);
}

// data-each and data-if hold an expression with or without braces.
function expressionText(value: string): TemplateText {
  const body = value.replace(/^\s*\{\{|\}\}\s*$/g, "");
  const { path, filters } = parseExpression(body);
  return { source: value, parts: [{ kind: "token", source: value, path, filters }], hasTokens: true, usesPageTokens: false };
}

// Attributes read by the layout with their own scope, never resolved as text: data-chart's labels are
// resolved by the chart (a value spliced into its JSON could break it).
const EXPRESSIONS: ReadonlySet<string> = new Set(["data-each", "data-if", "data-chart"]);

// Per template attribute map: whether any value (other than data-each/data-if) holds a token. Most do not,
// and a repeated row's cells then share their template's map without iterating it per row.
const tokenFree = new WeakMap<ReadonlyMap<string, string>, boolean>();

function attributes(el: HtmlElement, tokens: TokenContext, scope: RowScope | undefined): ReadonlyMap<string, string> {
  let free = tokenFree.get(el.attrs);
  if (free === undefined) {
    free = true;
    for (const [name, value] of el.attrs) if (!EXPRESSIONS.has(name) && value.includes("{{")) free = false;
    tokenFree.set(el.attrs, free);
  }
  if (free) return el.attrs;
  let changed: Map<string, string> | undefined;
  for (const [name, value] of el.attrs) {
    if (EXPRESSIONS.has(name) || !value.includes("{{")) continue;
    changed ??= new Map(el.attrs);
    changed.set(name, resolveText(value, tokens, scope));
  }
  return changed ?? el.attrs;
}
