// What measuring an element needs: the render's shared services (fonts, palette, tokens, caches,
// diagnostics) and where the element is (its row scope and JSON path).
import type { DiagnosticSink } from "../diagnostics.js";
import type { RowBudget } from "../flow/budget.js";
import { resolveColour, type Palette } from "../brand/palette.js";
import type { FontRegistry } from "../text/registry.js";
import type { TextDirection } from "../text/types.js";
import type { RowScope, TokenContext } from "../tokens/types.js";
import type { ImageStore } from "./image-store.js";
import type { ParagraphCache } from "./paragraphs.js";
import type { RenderMemo } from "./render-memo.js";

/** Everything shared by one render. */
export interface LayoutEnv {
  readonly fonts: FontRegistry;
  readonly palette: Palette;
  /** Token context without page numbers (they are known only at finalize). */
  readonly tokens: TokenContext;
  readonly direction: TextDirection;
  /** Document font families (undefined: the registry's default family). */
  readonly bodyFamily: string | undefined;
  readonly headingFamily: string | undefined;
  readonly diagnostics: DiagnosticSink;
  readonly paragraphs: ParagraphCache;
  readonly images: ImageStore;
  /** Height of an empty page body: what "taller than a page" means. */
  readonly pageBody: number;
  /** Band instances and table rows made so far, against the per-render cap. */
  readonly rows: RowBudget;
  /** Element kinds' per-render state (see render-memo.ts for why it is not a WeakMap keyed by the env). */
  readonly memo: RenderMemo;
  /** Groups carry structure tags (LayoutOptions.tagged). */
  readonly tagged?: boolean;
}

/** Where one element is measured. */
export interface MeasureContext {
  readonly env: LayoutEnv;
  readonly scope: RowScope | undefined;
  /** Token context for this element: the env's, or one with page numbers for page headers and footers. */
  readonly tokens: TokenContext;
  /** JSON path of the element in the template, for diagnostics: `bands[2].elements[0]`. */
  readonly path: string;
}

/** Reports a content problem at the element's path. */
export function report(ctx: MeasureContext, code: string, message: string): void {
  ctx.env.diagnostics.add(code, message, ctx.path);
}

/** Resolves a colour key of an element; an unusable value is reported and treated as absent. */
export function colourOf(ctx: MeasureContext, value: string | undefined, key: string): string | undefined {
  if (value === undefined || value === "" || value === "transparent") return undefined;
  const resolved = resolveColour(value, ctx.env.palette);
  if (resolved === undefined) report(ctx, "colour.invalid", `${key} ${JSON.stringify(value)} is not a colour; nothing is painted`);
  return resolved;
}

/** A finite number, or the fallback. */
export function num(value: number | undefined, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

/** A non-blank string, trimmed, or undefined (tolerates any JSON value). */
export function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}
