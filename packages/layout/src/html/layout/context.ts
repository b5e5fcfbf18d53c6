// What laying out an HTML document needs: the render's services (fonts, images, tokens, diagnostics), the
// computed styles, and the family mapping from CSS font-family lists onto the designer families.
import type { Palette } from "../../brand/palette.js";
import type { Block } from "../../elements/block.js";
import type { ImageStore } from "../../elements/image-store.js";
import type { DiagnosticSink } from "../../diagnostics.js";
import type { FontRegistry } from "../../text/registry.js";
import type { TokenContext } from "../../tokens/types.js";
import type { Styles } from "../cascade.js";
import type { HtmlElement } from "../dom.js";
import type { ComputedStyle } from "../style.js";
import type { PagedState } from "./paged-state.js";

/** An absolutely positioned box waiting for its containing block: offsets as written (points or undefined). */
export interface Absolute {
  readonly block: Block;
  readonly width: number;
  readonly left: number | undefined;
  readonly top: number | undefined;
  readonly right: number | undefined;
  readonly bottom: number | undefined;
  /** `z-index` (undefined: auto): the paint order among the containing block's absolutes (positioned.ts). */
  readonly z?: number;
}

/** Everything shared by one HTML layout. */
export interface HtmlContext {
  readonly fonts: FontRegistry;
  readonly images: ImageStore;
  readonly tokens: TokenContext;
  readonly diagnostics: DiagnosticSink;
  readonly styles: Styles;
  /** Height of an empty page body. */
  readonly pageBody: number;
  /** Form controls become form fields (LayoutOptions.forms; layout/form-control.ts). */
  readonly forms?: boolean;
  /** Background tiles per layer and box fragment at most (LayoutLimits.maxBackgroundTiles; background.ts). */
  readonly maxBackgroundTiles?: number;
  /** Boxes carry structure tags for a tagged PDF (LayoutOptions.tagged; ./tags.ts). */
  readonly tagged?: boolean;
  /** Memoised designer family per CSS font-family list. */
  readonly familyCache: Map<readonly string[], string | undefined>;
  /**
   * Column widths measured elsewhere, by the table's source path: importHtml lays a template out with its
   * tokens as short placeholders, and sizes its tables' columns as the same template with sample data would.
   */
  readonly columnHints?: ReadonlyMap<string, ColumnIntrinsics>;
  /** The render's brand colours (a theme), for charts; absent: the default brand. */
  readonly palette?: Palette;
  /** Where `position: fixed` boxes go (drawn on every page by layoutHtml); absent: they are absolute. */
  readonly fixed?: Absolute[];
  /** Generated content and paged media of this render (markers, strings, running elements, targets). */
  readonly paged?: PagedState;
}

/** Per column of a table, the widest min-content and max-content width of its single-span cells (border boxes). */
export interface ColumnIntrinsics {
  readonly min: readonly number[];
  readonly max: readonly number[];
}

/** The computed style of an element (every element under the root has one). */
export function styleOf(ctx: HtmlContext, el: HtmlElement): ComputedStyle {
  const style = ctx.styles.get(el);
  if (!style) throw new Error(`no computed style for ${el.path}`);
  return style;
}

// CSS generic families and common system names onto the shipped designer families.
const GENERIC: Readonly<Record<string, string | undefined>> = {
  "sans-serif": undefined, "system-ui": undefined, "ui-sans-serif": undefined, "-apple-system": undefined,
  serif: "Noto Serif", "ui-serif": "Noto Serif", monospace: "JetBrains Mono", "ui-monospace": "JetBrains Mono",
  cursive: undefined, fantasy: undefined,
};

/** The designer family for a CSS font-family list (undefined: the default family); unknown names are reported. */
export function familyOf(ctx: HtmlContext, style: ComputedStyle, path: string): string | undefined {
  const list = style.family;
  if (list.length === 0) return undefined;
  if (ctx.familyCache.has(list)) return ctx.familyCache.get(list);
  let found: string | undefined;
  let matched = false;
  for (const name of list) {
    const lower = name.toLowerCase();
    if (lower in GENERIC) {
      found = GENERIC[lower];
      matched = true;
      break;
    }
    if (ctx.fonts.facesOf(name).length > 0) {
      found = name;
      matched = true;
      break;
    }
  }
  if (!matched || list[0] !== found) {
    const unknown = list.filter((n) => !(n.toLowerCase() in GENERIC) && ctx.fonts.facesOf(n).length === 0);
    for (const name of unknown) ctx.diagnostics.add("font.fallback", `the font family ${JSON.stringify(name)} is not one of the designer families; ${found ?? "the default family"} is used`, path);
  }
  ctx.familyCache.set(list, found);
  return found;
}
