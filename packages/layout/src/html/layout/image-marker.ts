// `list-style-image`: a data: URL picture as the list marker, at its intrinsic size (CSS pixels), its bottom
// on the first line's baseline and a half-em gap before the content, as Chromium draws an outside image
// marker. An image that cannot be drawn falls back to the list-style-type marker (CSS says so too).
import { atomicSplit, type Block, type PageNumbers, type Split } from "../../elements/block.js";
import { ImageBlock } from "../../elements/image.js";
import { SvgBlock } from "../../elements/svg-block.js";
import type { FrameItem } from "../../frame/types.js";
import { parseImage } from "../background-image.js";
import type { ComputedStyle } from "../style.js";
import type { HtmlContext } from "./context.js";

const PX = 0.75;

/** The image marker of a list item, or undefined when it has none that can be drawn. */
export function imageMarkerOf(style: ComputedStyle, ctx: HtmlContext, path: string): { block: Block; x: number } | undefined {
  const value = style.listStyleImage;
  if (value === null) return undefined;
  const image = parseImage(value);
  if (image?.kind !== "url") {
    ctx.diagnostics.add("css.unsupported", "list-style-image: only url(data:…) images are drawn; the list-style-type marker is used", path);
    return undefined;
  }
  const loaded = ctx.images.load(image.src, { width: style.size * 4, height: style.size * 4, fit: "contain" });
  if (loaded.kind === "failed") {
    ctx.diagnostics.add(loaded.code, `list-style-image: ${loaded.message}`, path);
    return undefined;
  }
  if (loaded.kind === "pending") return undefined;
  let picture: Block;
  let width: number;
  let height: number;
  if (loaded.kind === "svg") {
    const vb = loaded.drawing.viewBox;
    width = vb.width * PX;
    height = vb.height * PX;
    picture = new SvgBlock(loaded.drawing, width, height, "own", style.color);
  } else {
    width = loaded.image.width * PX;
    height = loaded.image.height * PX;
    picture = new ImageBlock(loaded.key, loaded.image.width, loaded.image.height, width, height, "fill");
  }
  const line = "mult" in style.lineHeight ? style.lineHeight.mult * style.size : style.lineHeight.pt;
  // The first line's baseline, roughly: half-leading plus the ascent (0.8 em for the designer fonts).
  const baseline = (line - style.size) / 2 + style.size * 0.8;
  return { block: new Lowered(picture, baseline - height), x: -width - style.size * 0.5 };
}

// A block drawn `dy` lower than where it is placed (negative: higher).
class Lowered implements Block {
  readonly height: number;
  constructor(private readonly inner: Block, private readonly dy: number) {
    this.height = inner.height;
  }

  split(available: number): Split {
    return atomicSplit(this, available);
  }

  place(out: FrameItem[], x: number, y: number, page: PageNumbers): void {
    this.inner.place(out, x, y + this.dy, page);
  }
}
