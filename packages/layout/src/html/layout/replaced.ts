// Replaced elements: <img> (a data: URL, or a {{token}} that a data value fills with one; never fetched)
// and inline <svg> (sanitised at parse time, drawn as vectors). Their size: CSS width/height, else the
// width/height attributes, else the intrinsic size (CSS pixels), keeping the aspect ratio for a missing side.
import { EmptyBlock, type Block } from "../../elements/block.js";
import { ImageBlock } from "../../elements/image.js";
import type { ImageLoad } from "../../elements/image-store.js";
import { svgTextItems } from "../../elements/svg-text.js";
import { SvgBlock } from "../../elements/svg-block.js";
import type { HtmlElement } from "../dom.js";
import type { ComputedStyle } from "../style.js";
import { parseLength } from "../values.js";
import type { HtmlContext } from "./context.js";

const PX = 0.75;

/** The block of an image or inline SVG in a content box at most `maxWidth` wide. */
export function replacedBlock(el: HtmlElement, style: ComputedStyle, maxWidth: number, cssHeight: number | undefined, ctx: HtmlContext): Block {
  const attr = (name: string): number | undefined => {
    const v = el.attrs.get(name);
    const l = v === undefined ? undefined : parseLength(/^\s*[\d.]+\s*$/.test(v) ? `${v}px` : v, { em: style.size, rem: 12 });
    return l && l.pct === 0 ? l.pt : undefined;
  };
  const cssWidth = style.width === "auto" ? undefined : maxWidth;
  const wanted = { width: cssWidth ?? attr("width"), height: cssHeight ?? attr("height") };
  const loaded = load(el, ctx, wanted);
  if (loaded.kind === "failed") {
    // A missing or empty value draws nothing, as in reports; a source that cannot be drawn is reported.
    if (loaded.code !== "image.missing") ctx.diagnostics.add(loaded.code, loaded.message, el.path);
    return new EmptyBlock(wanted.height ?? 0);
  }
  if (loaded.kind === "pending") return new EmptyBlock(wanted.height ?? 0);
  const intrinsic = loaded.kind === "raster"
    ? { width: loaded.image.width * PX, height: loaded.image.height * PX }
    : svgSize(el, loaded.drawing.viewBox);
  const ratio = intrinsic.width > 0 ? intrinsic.height / intrinsic.width : 1;
  let width = wanted.width ?? (wanted.height !== undefined && ratio > 0 ? wanted.height / ratio : intrinsic.width);
  let height = wanted.height ?? width * ratio;
  if (width > maxWidth && wanted.width === undefined) {
    // An image wider than its box is scaled down to fit (as `max-width: 100%` authors expect).
    height = wanted.height ?? maxWidth * ratio;
    width = maxWidth;
  }
  if (loaded.kind === "svg") {
    for (const note of loaded.drawing.notes) ctx.diagnostics.add("svg.dropped", note, el.path);
    const fit = style.objectFit === "fill" && wanted.width !== undefined && wanted.height !== undefined ? "own" : style.objectFit === "cover" ? "cover" : "own";
    return new SvgBlock(loaded.drawing, width, height, fit, style.color, svgTextItems(loaded.drawing, ctx.fonts, style.color));
  }
  return new ImageBlock(loaded.key, loaded.image.width, loaded.image.height, width, height, style.objectFit);
}

function load(el: HtmlElement, ctx: HtmlContext, wanted: { width: number | undefined; height: number | undefined }): ImageLoad {
  if (el.tag === "svg") return el.svg !== undefined ? ctx.images.svg(el.svg) : { kind: "failed", code: "image.undecodable", message: "the inline SVG is empty" };
  const src = el.attrs.get("src")?.trim() ?? "";
  if (src === "") return { kind: "failed", code: "image.missing", message: "the image has no source" };
  const box = { width: wanted.width ?? 300, height: wanted.height ?? 300, fit: "contain" as const };
  return ctx.images.load(src, box);
}

function svgSize(el: HtmlElement, viewBox: { width: number; height: number }): { width: number; height: number } {
  const own = (name: string): number | undefined => {
    const v = Number.parseFloat(el.attrs.get(name) ?? "");
    return Number.isFinite(v) && v > 0 ? v * PX : undefined;
  };
  const w = own("width");
  const h = own("height");
  if (w !== undefined && h !== undefined) return { width: w, height: h };
  const ratio = viewBox.width > 0 ? viewBox.height / viewBox.width : 1;
  if (w !== undefined) return { width: w, height: w * ratio };
  if (h !== undefined) return { width: ratio > 0 ? h / ratio : h, height: h };
  return { width: 300 * PX, height: 150 * PX };
}
