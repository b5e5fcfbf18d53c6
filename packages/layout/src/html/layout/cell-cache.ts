// Table cells laid out (and measured) once per (computed style, text, width) and shared across rows and renders. A 500-row
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
import type { Intrinsic } from "./measure.js";

interface Entry<T> {
  readonly value: T;
  /** Whether computing it looked the cell's font family up: repeated on a hit, for its diagnostics. */
  readonly usesFamily: boolean;
  /** What the computation reported besides the family lookup's own notes, replayed on a hit. */
  readonly diagnostics: readonly (readonly [string, string, string])[];
}

/** One generation: page body height → style → width → text → entry. */
type Generation<T> = Map<number, Map<ComputedStyle, Map<number, Map<string, Entry<T>>>>>;

/**
 * The budget per cache and font registry. An entry is estimated at what it keeps alive beyond the paragraph
 * cache's share: the boxes, the key and (counted again, to be safe) a positioned glyph per character.
 */
const CELL_CACHE_BYTES = 16 * 1024 * 1024;
const ENTRY_BYTES = 640;
const BYTES_PER_CHAR = 80;

class CellCache<T> {
  private current: Generation<T> = new Map();
  private previous: Generation<T> = new Map();
  private bytes = 0;

  get(pageBody: number, style: ComputedStyle, width: number, text: string): Entry<T> | undefined {
    const hit = this.current.get(pageBody)?.get(style)?.get(width)?.get(text);
    if (hit) return hit;
    const old = this.previous.get(pageBody)?.get(style)?.get(width)?.get(text);
    if (old) this.set(pageBody, style, width, text, old);
    return old;
  }

  set(pageBody: number, style: ComputedStyle, width: number, text: string, entry: Entry<T>): void {
    const byText = at(at(at(this.current, pageBody), style), width) as Map<string, Entry<T>>;
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

const laidCaches = new WeakMap<FontRegistry, CellCache<Laid | null>>();
const intrinsicCaches = new WeakMap<FontRegistry, CellCache<Intrinsic>>();

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

/** The render's family memo, noting whether it was consulted (familyOf always asks it first). */
class WatchedFamilies extends Map<readonly string[], string | undefined> {
  asked = false;

  constructor(private readonly inner: Map<readonly string[], string | undefined>) {
    super();
  }

  override has(key: readonly string[]): boolean {
    this.asked = true;
    return this.inner.has(key);
  }

  override get(key: readonly string[]): string | undefined {
    return this.inner.get(key);
  }

  override set(key: readonly string[], value: string | undefined): this {
    this.inner.set(key, value);
    return this;
  }
}

/** The text of a cell whose layout depends only on its style, text and width; undefined for any other cell. */
function cacheableText(el: HtmlElement, style: ComputedStyle): string | undefined {
  if (el.tag === "img" || el.tag === "svg" || el.tag === "html" || el.tag === "textarea" || el.tag === "select") return undefined;
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

// `compute` from the cache, or run with the render's services watched so that a later hit can repeat what
// it reported. Text-only cells look up one family (their own style's) under their own path.
function cached<T>(caches: WeakMap<FontRegistry, CellCache<T>>, el: HtmlElement, ctx: HtmlContext, width: number, compute: (ctx: HtmlContext) => T): T {
  const style = styleOf(ctx, el);
  const text = cacheableText(el, style);
  if (text === undefined) return compute(ctx);
  let cache = caches.get(ctx.fonts);
  if (!cache) caches.set(ctx.fonts, (cache = new CellCache()));
  const hit = cache.get(ctx.pageBody, style, width, text);
  if (hit) {
    // The same reports, in the same order, as computing it again would give.
    if (hit.usesFamily) familyOf(ctx, style, el.path);
    for (const [code, message, path] of hit.diagnostics) ctx.diagnostics.add(code, message, path);
    return hit.value;
  }
  const recorder = new RecordingSink(ctx.diagnostics);
  const families = new WatchedFamilies(ctx.familyCache);
  const value = compute({ ...ctx, diagnostics: recorder, familyCache: families });
  cache.set(ctx.pageBody, style, width, text, { value, usesFamily: families.asked, diagnostics: recorder.log });
  return value;
}

/** Lays a table cell out with a border-box width `width`, from the cache when it was laid out before. */
export function layoutCell(el: HtmlElement, ctx: HtmlContext, width: number, sink: Absolute[]): Laid | null {
  return cached(laidCaches, el, ctx, width, (c) => layoutBlockBox(el, c, width, sink, width));
}

/** An element's intrinsic widths, from the cache when a text-only element of the same style and text was measured. */
export function cellIntrinsic(el: HtmlElement, ctx: HtmlContext, compute: (ctx: HtmlContext) => Intrinsic): Intrinsic {
  return cached(intrinsicCaches, el, ctx, -1, compute);
}
