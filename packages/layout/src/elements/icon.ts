// icon: a built-in Lucide icon by `name`, or an inline `svg` string (sanitised by the host, once per
// distinct string), drawn as vector paths in `color` (what the icon's `currentColor` means), scaled to fit.
import type { IconElement } from "../model/types.js";
import { resolveText } from "../tokens/resolve.js";
import { EmptyBlock, type Block } from "./block.js";
import { colourOf, num, report, text, type MeasureContext } from "./context.js";
import { builtInIcon } from "./icon-lucide.js";
import type { SvgDrawing } from "./image-resources.js";
import type { ElementKind } from "./kind.js";
import { SvgBlock } from "./svg-block.js";

/** Icons: vector drawings in the element's box and colour. */
export const iconElement: ElementKind<IconElement> = {
  measure(element, ctx) {
    const w = Math.max(0, num(element.width, 0));
    const h = Math.max(0, num(element.height, 0));
    const drawing = drawingOf(element, ctx);
    if (!drawing || w <= 0 || h <= 0) return new EmptyBlock(h);
    return new SvgBlock(drawing, w, h, "own", colourOf(ctx, element.color, "color") ?? "#000000");
  },
};

function drawingOf(element: IconElement, ctx: MeasureContext): SvgDrawing | undefined {
  const svg = text(element.svg);
  if (svg) {
    const loaded = ctx.env.images.svg(svg);
    if (loaded.kind === "failed") report(ctx, loaded.code, loaded.message);
    if (loaded.kind !== "svg") return undefined;
    for (const note of loaded.drawing.notes) report(ctx, "svg.dropped", note);
    return loaded.drawing;
  }
  const rawName = text(element.name);
  if (!rawName) return undefined;
  const name = rawName.includes("{{") ? resolveText(rawName, ctx.tokens, ctx.scope) : rawName;
  if (!name.trim()) return undefined;
  const drawing = builtInIcon(name);
  if (!drawing) report(ctx, "icon.unknown", `no built-in icon is named ${JSON.stringify(name.slice(0, 80))} (Lucide names, kebab-case: check, mail, map-pin)`);
  return drawing;
}
