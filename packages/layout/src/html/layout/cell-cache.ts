// Table cells laid out once per (computed style, text, width) and shared across rows and renders. A 500-row
// invoice has 3,000 cells whose styles repeat per column and whose texts repeat from render to render (and
// often from row to row: quantities, prices); laying each out again was most of a render. Only cells whose
// layout is a function of those three (plus the page body and the fonts) are cached: text children only,
// no `$page` tokens, laid out in the normal flow. Laid blocks are immutable, so one can sit in many rows.
// Nested maps (style → width → text) instead of one concatenated string key: a hit allocates nothing.
import { DiagnosticSink } from "../../diagnostics.js";
import type { FontRegistry } from "../../text/registry.js";
import type { HtmlElement } from "../dom.js";
import type { ComputedStyle } from "../style.js";
import { familyOf, styleOf, type Absolute, type HtmlContext } from "./context.js";
import { layoutBlockBox, type Laid } from "./flow.js";
import { collapseWhiteSpace } from "./inline.js";

interface Entry {
  readonly laid: Laid | null;
  /** Whether laying the cell out looks its font family up (it has visible text): repeated on a hit. */
  readonly usesFamily: boolean;
  /** What the layout reported besides the family lookup's own notes, replayed on a hit. */
  readonly diagnostics: readonly (readonly [string, string, string])[];
}

/** One generation: page body height → style → cell width → text → entry. */
type Generation = Map<number, Map<ComputedStyle, Map<number, Map<string, Entry>>>>;

/**
 * The budget per font registry. An entry is estimated at what it keeps alive beyond the paragraph cache's
 * share: the boxes, the key and (counted again, to be safe) a glyph per character.
 */
const CELL_CACHE_BYTES = 16 * 1024 * 1024;
const ENTRY_BYTES = 640;
const BYTES_PER_CHAR = 80;

class CellCache {
  private current: Generation = new Map();
  private previous: Generation = new Map();
  private bytes = 0;

  get(pageBody: number, style: ComputedStyle, width: number, text: string): Entry | undefined {
    const hit = this.current.get(pageBody)?.get(style)?.get(width)?.get(text);
    if (hit) return hit;
    const old = this.previous.get(pageBody)?.get(style)?.get(width)?.get(text);
    if (old) this.set(pageBody, style, width, text, old);
    return old;
  }

  set(pageBody: number, style: ComputedStyle, width: number, text: string, entry: Entry): void {
    const byText = at(at(at(this.current, pageBody), style), width) as Map<string, Entry>;
    if (!byText.has(text)) this.bytes += ENTRY_BYTES + text.length * BYTES_PER_CHAR;
    byText.set(text, entry);
    // Each generation holds at most half the budget; the older one is dropped when the current one is full.
    if (this.bytes >= CELL_CACHE_BYTES / 2) {
      this.previous = this.current;
      this.current = new Map();
      this.bytes = 0;
    }
  }
}

function at<K, V>(map: Map<K, Map<unknown, V>>, key: K): Map<unknown, V> {
  let inner = map.get(key);
  if (!inner) map.set(key, (inner = new Map()));
  return inner;
}

const caches = new WeakMap<FontRegistry, CellCache>();

/** Records what a cell's layout reports (forwarding it), leaving out the family lookup's notes. */
class RecordingSink extends DiagnosticSink {
  readonly log: [string, string, string][] = [];

  constructor(private readonly target: DiagnosticSink) {
    super();
  }

  override add(code: string, message: string, path: string): void {
    if (code !== "font.fallback") this.log.push([code, message, path]);
    this.target.add(code, message, path);
  }
}

/** The text of a cell whose layout depends only on its style, text and width; undefined for any other cell. */
function cacheableText(el: HtmlElement, style: ComputedStyle): string | undefined {
  if (el.tag === "img" || el.tag === "svg" || el.tag === "html") return undefined;
  if (style.display !== "table-cell" && style.display !== "block") return undefined;
  const children = el.children;
  if (children.length === 0) return "";
  const first = children[0];
  if (children.length === 1 && first?.kind === "text") return first.deferred ? undefined : first.text;
  let text = "";
  for (const child of children) {
    if (child.kind !== "text" || child.deferred) return undefined;
    // Pieces stay apart in the key: their boundaries are where white-space processing runs.
    text += `${child.text}\u0000`;
  }
  return text;
}

/** Lays a table cell out with a border-box width `width`, from the cache when it was laid out before. */
export function layoutCell(el: HtmlElement, ctx: HtmlContext, width: number, sink: Absolute[]): Laid | null {
  const style = styleOf(ctx, el);
  const text = cacheableText(el, style);
  if (text === undefined) return layoutBlockBox(el, ctx, width, sink, width);
  let cache = caches.get(ctx.fonts);
  if (!cache) caches.set(ctx.fonts, (cache = new CellCache()));
  const hit = cache.get(ctx.pageBody, style, width, text);
  if (hit) {
    // The same reports, in the same order, as laying the cell out again would give.
    if (hit.usesFamily) familyOf(ctx, style, el.path);
    for (const [code, message, path] of hit.diagnostics) ctx.diagnostics.add(code, message, path);
    return hit.laid;
  }
  const recorder = new RecordingSink(ctx.diagnostics);
  const laid = layoutBlockBox(el, { ...ctx, diagnostics: recorder }, width, sink, width);
  cache.set(ctx.pageBody, style, width, text, { laid, usesFamily: hasVisibleText(el, style), diagnostics: recorder.log });
  return laid;
}

// What paragraphBlock tests before it looks the family up: text left after white-space processing.
function hasVisibleText(el: HtmlElement, style: ComputedStyle): boolean {
  const pieces = el.children.map((child) => ({ text: child.kind === "text" ? child.text : "", style, path: el.path }));
  return collapseWhiteSpace(pieces).some((t) => t.trim() !== "" || t.includes("\n"));
}
