// `text-indent`: the text engine has no first-line indent, so the paragraph starts with an inline object that
// draws nothing and is as wide as the indent (it moves the first line's text, wraps with it and counts in the
// paragraph's intrinsic widths, as the indent does in browsers). Negative (hanging) indents are not drawn.
import type { InlineObject } from "../../text/rich-types.js";
import type { ComputedStyle } from "../style.js";
import { resolveLength } from "../values.js";
import type { ObjectBox } from "./inline.js";

/** The indent object for a block's paragraph (its box appended to `boxes`), or undefined for no indent. */
export function indentObject(block: ComputedStyle, width: number, boxes: ObjectBox[]): InlineObject | undefined {
  const t = block.textIndent;
  if (t.pt === 0 && t.pct === 0) return undefined;
  const indent = resolveLength(t, Number.isFinite(width) ? width : 0);
  if (!(indent > 0)) return undefined;
  const id = boxes.length;
  boxes.push({ block: null, width: indent, height: 0, dx: 0, dy: 0 });
  return { id, width: indent, height: 0, align: "baseline" };
}
