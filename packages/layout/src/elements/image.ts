// image: a `data:` URL, bare base64, a `{{token}}` src or a bound field; fit `contain` (default), `cover`
// (scaled to cover the box, clipped to it by a group) or `fill` (stretched). A missing or empty value draws
// nothing; a remote URL is never fetched (nothing drawn, a diagnostic). SVG is drawn as vector paths.
import type { FrameItem, ImageItem } from "../frame/types.js";
import type { ImageElement, ImageFit } from "../model/types.js";
import { evaluate } from "../tokens/resolve.js";
import { atomicSplit, EmptyBlock, type Block, type PageNumbers, type Split } from "./block.js";
import { num, report, text, type MeasureContext } from "./context.js";
import type { ElementKind } from "./kind.js";
import { svgTextItems } from "./svg-text.js";
import { SvgBlock } from "./svg-block.js";

/** Images, decoded once per render through the env's ImageStore. */
export const imageElement: ElementKind<ImageElement> = {
  measure(element, ctx) {
    const w = Math.max(0, num(element.width, 0));
    const h = Math.max(0, num(element.height, 0));
    const value = sourceValue(element, ctx);
    if (value === undefined || value === null || value === "") return new EmptyBlock(h);
    if (typeof value !== "string") {
      report(ctx, "image.undecodable", "the image value is not a string (a data: URL or base64)");
      return new EmptyBlock(h);
    }
    const fit: ImageFit = element.fit === "cover" || element.fit === "fill" ? element.fit : "contain";
    const loaded = ctx.env.images.load(value, { width: w, height: h, fit });
    switch (loaded.kind) {
      case "failed":
        report(ctx, loaded.code, loaded.message);
        return new EmptyBlock(h);
      case "pending": // the host prepares it and lays out again
        return new EmptyBlock(h);
      case "svg":
        for (const note of loaded.drawing.notes) report(ctx, "svg.dropped", note);
        return w > 0 && h > 0
          ? new SvgBlock(loaded.drawing, w, h, fit === "contain" ? "own" : fit, undefined, svgTextItems(loaded.drawing, ctx.env.fonts, undefined))
          : new EmptyBlock(h);
      case "raster":
        if (w <= 0 || h <= 0) return new EmptyBlock(h);
        return new ImageBlock(loaded.key, loaded.image.width, loaded.image.height, w, h, fit);
      default: {
        const never: never = loaded;
        return never;
      }
    }
  },
};

function sourceValue(element: ImageElement, ctx: MeasureContext): unknown {
  const binding = text(element.bindingField);
  if (binding) return evaluate(binding, ctx.tokens, ctx.scope);
  const src = text(element.src);
  if (!src) return undefined;
  // A literal (data URL, base64, URL) is used as written; only a text with tokens is evaluated.
  return src.includes("{{") ? evaluate(src, ctx.tokens, ctx.scope) : src;
}

/** A raster image fitted into its box (contain, cover with a clip, or fill). */
export class ImageBlock implements Block {
  constructor(
    private readonly key: string,
    private readonly pixelWidth: number,
    private readonly pixelHeight: number,
    private readonly width: number,
    readonly height: number,
    private readonly fit: ImageFit,
  ) {}

  split(available: number): Split {
    return atomicSplit(this, available);
  }

  place(out: FrameItem[], x: number, y: number, _page: PageNumbers): void {
    const { width: w, height: h, pixelWidth: iw, pixelHeight: ih } = this;
    if (this.fit === "fill") {
      out.push({ kind: "image", x, y, width: w, height: h, image: this.key });
      return;
    }
    const scale = this.fit === "cover" ? Math.max(w / iw, h / ih) : Math.min(w / iw, h / ih);
    const dw = iw * scale;
    const dh = ih * scale;
    const item: ImageItem = { kind: "image", x: x + (w - dw) / 2, y: y + (h - dh) / 2, width: dw, height: dh, image: this.key };
    const overflows = dw > w + 1e-9 || dh > h + 1e-9;
    out.push(overflows ? { kind: "group", clip: { x, y, width: w, height: h }, items: [item] } : item);
  }
}
