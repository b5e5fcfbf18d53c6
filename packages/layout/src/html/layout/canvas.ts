// The canvas background (CSS Backgrounds 3 §2.11.2): the root element's background — or, when the root has
// none, the <body>'s — paints the whole canvas, which in print is every page box, margins included (what
// Chromium prints: `body { background: navy }` is a navy page, not a navy rectangle inside white margins).
// The element it came from then paints no background of its own.
import type { HtmlElement } from "../dom.js";
import type { ComputedStyle } from "../style.js";

/** Takes the canvas background off the root or body; returns the style that carries it (undefined: none). */
export function propagateCanvas(root: HtmlElement, styles: Map<HtmlElement, ComputedStyle>): ComputedStyle | undefined {
  const painted = (s: ComputedStyle | undefined): s is ComputedStyle => s !== undefined && (s.background !== null || s.backgroundLayers !== null);
  let source: HtmlElement | undefined = root;
  if (!painted(styles.get(root))) {
    source = root.children.find((c): c is HtmlElement => c.kind === "element" && c.tag === "body");
    if (!source || !painted(styles.get(source))) return undefined;
  }
  const style = styles.get(source) as ComputedStyle;
  let bare = bareStyles.get(style);
  if (!bare) bareStyles.set(style, (bare = { ...style, background: null, backgroundLayers: null }));
  styles.set(source, bare);
  return style;
}

// One copy without background per style, kept: styles are shared across renders and the text engine's caches
// key on the style object.
const bareStyles = new WeakMap<ComputedStyle, ComputedStyle>();
