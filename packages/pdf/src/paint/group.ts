// Groups: children drawn under a transform, then a clip, then an opacity, all undone by one `Q`.
import type { GroupItem } from "@docsvc/layout";
import type { PaintContext } from "./context.js";
import { rectPath } from "./shape.js";

/** Paints a group's items inside `q … Q` with its transform, clip and opacity applied in that order. */
export function paintGroup(ctx: PaintContext, group: GroupItem): void {
  if (group.items.length === 0) return;
  const content = ctx.content;
  const opacity = group.opacity === undefined ? 1 : Math.max(0, Math.min(1, group.opacity));
  if (opacity === 0) return;
  const tags = ctx.tags;
  // A group that only carries a tag changes no graphics state: no `q … Q` (marked content needs none).
  if (group.tag !== undefined && group.transform === undefined && group.clip === undefined && opacity === 1) {
    ctx.paintItems(group.items);
    return;
  }
  // Marked-content sequences and `q … Q` must nest: the open sequence ends before either.
  tags?.close(content);
  content.save();
  if (group.transform !== undefined) content.transform(group.transform);
  if (group.clip !== undefined) {
    const { x, y, width, height, radius } = group.clip;
    rectPath(content, x, y, width, height, radius);
    content.op("W n");
  }
  if (opacity < 1) {
    // ca/CA replace the current alpha, so nested groups multiply explicitly.
    const alpha = content.alpha * opacity;
    content.op(`/${ctx.opacity(alpha)} gs`);
    content.setAlpha(alpha);
  }
  ctx.paintItems(group.items);
  tags?.close(content);
  content.restore();
}
