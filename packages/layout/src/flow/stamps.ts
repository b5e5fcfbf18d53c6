// Stamps and watermarks: each of the document's `stamps` that its `pages` and `visibleIf` choose is laid out as
// a text or image element in page space and its items put under (first) or over (last) the page's items, so
// every painter draws them with no change (merged batches and base-PDF backgrounds included).
import type { PageNumbers } from "../elements/block.js";
import type { LayoutEnv, MeasureContext } from "../elements/context.js";
import { measureElement } from "../elements/registry.js";
import type { FrameItem } from "../frame/types.js";
import type { ImageElement, Stamp, TextElement } from "../model/types.js";
import type { TokenContext } from "../tokens/types.js";
import { isVisible } from "./measure-band.js";

const DEFAULT_FONT_SIZE = 48;
const DEFAULT_COLOUR = "#dc2626";
const DEFAULT_MARGIN = 36;
const DEFAULT_IMAGE_SIDE = 120;

/** One page as stamps see it: its index and size, and the token context with its page numbers. */
export interface StampedPage {
  readonly index: number;
  readonly count: number;
  readonly width: number;
  readonly height: number;
  readonly tokens: TokenContext;
}

/** The page's items with its chosen stamps: `under` ones before everything, `over` ones after. */
export function withStamps(items: FrameItem[], stamps: readonly Stamp[] | undefined, page: StampedPage, env: LayoutEnv): FrameItem[] {
  if (stamps === undefined || stamps.length === 0) return items;
  const under: FrameItem[] = [];
  const over: FrameItem[] = [];
  const numbers: PageNumbers = { page: page.index + 1, pages: page.count };
  stamps.forEach((stamp, k) => {
    if (!onPage(stamp, page) || !isVisible(stamp.visibleIf, page.tokens, undefined)) return;
    const element = stampElement(stamp, page, k);
    const ctx: MeasureContext = { env, scope: undefined, tokens: page.tokens, path: `stamps[${k}]` };
    measureElement(element, ctx).place(stamp.layer === "under" ? under : over, element.x, element.y, numbers);
  });
  return under.length === 0 && over.length === 0 ? items : [...under, ...items, ...over];
}

function onPage(stamp: Stamp, page: StampedPage): boolean {
  if (stamp.pages === "first") return page.index === 0;
  if (stamp.pages === "last") return page.index === page.count - 1;
  return true;
}

/** The stamp as the element that draws it, its box placed on the page. */
function stampElement(stamp: Stamp, page: StampedPage, k: number): TextElement | ImageElement {
  const box = stampBox(stamp, page);
  const base = { id: stamp.id ?? `stamp-${k}`, ...box, ...(stamp.rotation !== undefined ? { rotation: stamp.rotation } : {}), ...(stamp.opacity !== undefined ? { opacity: stamp.opacity } : {}) };
  if (stamp.type === "image") {
    return { ...base, type: "image", fit: stamp.fit ?? "contain", ...(stamp.src !== undefined ? { src: stamp.src } : {}), ...(stamp.bindingField !== undefined ? { bindingField: stamp.bindingField } : {}) };
  }
  const position = stamp.position ?? "center";
  return {
    ...base,
    type: "text",
    text: stamp.text,
    fontSize: stamp.fontSize ?? DEFAULT_FONT_SIZE,
    fontWeight: stamp.fontWeight ?? 700,
    color: stamp.color ?? DEFAULT_COLOUR,
    align: position.endsWith("left") ? "left" : position.endsWith("right") ? "right" : "center",
    verticalAlign: "middle",
    // A stamp keeps its box: a longer text is made smaller rather than pushed past the page.
    overflow: "shrink",
    ...(stamp.fontFamily !== undefined ? { fontFamily: stamp.fontFamily } : {}),
    ...(stamp.italic !== undefined ? { italic: stamp.italic } : {}),
    ...(stamp.border !== undefined ? { border: stamp.border } : {}),
    ...(stamp.padding !== undefined ? { padding: stamp.padding } : {}),
  };
}

/** The stamp's box in page points: its size (defaults by type) at `x`/`y` or at its position. */
function stampBox(stamp: Stamp, page: StampedPage): { x: number; y: number; width: number; height: number } {
  const margin = stamp.margin ?? DEFAULT_MARGIN;
  const width = stamp.width ?? (stamp.type === "image" ? DEFAULT_IMAGE_SIDE : Math.max(1, page.width * 0.7));
  const height = stamp.height ?? (stamp.type === "image" ? DEFAULT_IMAGE_SIDE : (stamp.fontSize ?? DEFAULT_FONT_SIZE) * 1.5 + 2 * (stamp.padding ?? 0));
  if (stamp.x !== undefined && stamp.y !== undefined) return { x: stamp.x, y: stamp.y, width, height };
  const position = stamp.position ?? "center";
  const x = position.endsWith("left") ? margin : position.endsWith("right") ? page.width - margin - width : (page.width - width) / 2;
  const y = position.startsWith("top") ? margin : position.startsWith("bottom") ? page.height - margin - height : (page.height - height) / 2;
  return { x: stamp.x ?? x, y: stamp.y ?? y, width, height };
}
