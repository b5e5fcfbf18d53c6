// Links: URI annotations over the item's rectangle, for safe schemes only.
import type { LinkItem } from "@docsvc/layout";
import type { PaintContext } from "./context.js";

const SAFE_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

/** True when the URL parses and uses http:, https: or mailto: (nothing else is ever emitted). */
export function isSafeUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  return SAFE_PROTOCOLS.has(new URL(url).protocol);
}

/** Adds a link annotation; under a transform the annotation covers the transformed box's bounds. */
export function paintLink(ctx: PaintContext, item: LinkItem): void {
  if (!(item.width > 0) || !(item.height > 0) || !isSafeUrl(item.url)) return;
  const [a, b, c, d, e, f] = ctx.content.ctm;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [x, y] of [
    [item.x, item.y],
    [item.x + item.width, item.y],
    [item.x, item.y + item.height],
    [item.x + item.width, item.y + item.height],
  ] as const) {
    xs.push(a * x + c * y + e);
    ys.push(b * x + d * y + f);
  }
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  ctx.link(left, top, Math.max(...xs) - left, Math.max(...ys) - top, item.url);
}
