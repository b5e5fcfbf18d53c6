// The @page background: colour and image layers over the whole page box, margins included (as Chromium
// prints a page's background), under the body and the margin boxes. Its origin and clip boxes are the page
// box itself (a page box has no border or padding here).
import type { PageNumbers } from "../../elements/block.js";
import type { FrameItem } from "../../frame/types.js";
import type { ComputedStyle } from "../style.js";
import { backgroundOf } from "./background.js";
import type { HtmlContext } from "./context.js";

/** Paints the page's background into `out` (first, so everything else is drawn over it). */
export function placePageBackground(out: FrameItem[], style: ComputedStyle, width: number, height: number, page: PageNumbers, ctx: HtmlContext): void {
  if (style.background !== null) out.push({ kind: "shape", geometry: { type: "rect", x: 0, y: 0, width, height }, fill: style.background });
  let plain = plainStyles.get(style);
  if (!plain) plainStyles.set(style, (plain = { ...style, borderWidth: [0, 0, 0, 0] as const, radius: 0 }));
  backgroundOf(plain, [0, 0, 0, 0], width, ctx, "@page")?.place(out, 0, 0, width, height, page);
}

// One border-less copy per page style: the background's images are resolved (and reported) once, not per page.
const plainStyles = new WeakMap<ComputedStyle, ComputedStyle>();
