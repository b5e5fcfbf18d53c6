// Opacity and rotation, common to every element: the element's items go into a group with an opacity and
// a rotation about the element's centre. A rotated element never splits (its parts would not line up).
import type { FrameItem, GroupItem, Matrix } from "../frame/types.js";
import type { Element } from "../model/types.js";
import { atomicSplit, type Block, type PageNumbers, type Split } from "./block.js";

/** Wraps a block in a group for the element's opacity and rotation; returns it unchanged when it has neither. */
export function withEffects(block: Block, element: Element): Block {
  const opacity = typeof element.opacity === "number" && Number.isFinite(element.opacity)
    ? Math.min(1, Math.max(0, element.opacity))
    : 1;
  const degrees = typeof element.rotation === "number" && Number.isFinite(element.rotation) ? element.rotation % 360 : 0;
  if (opacity >= 1 && degrees === 0) return block;
  return new EffectsBlock(block, opacity, degrees, element.width);
}

class EffectsBlock implements Block {
  readonly height: number;
  readonly rowSplittable: boolean;

  constructor(
    private readonly inner: Block,
    private readonly opacity: number,
    private readonly degrees: number,
    private readonly width: number,
  ) {
    this.height = inner.height;
    this.rowSplittable = degrees === 0 && inner.rowSplittable === true;
  }

  split(available: number, atTop: boolean): Split {
    if (this.degrees !== 0) return atomicSplit(this, available);
    const part = this.inner.split(available, atTop);
    return {
      fits: part.fits && this.wrap(part.fits),
      rest: part.rest && this.wrap(part.rest),
    };
  }

  private wrap(block: Block): Block {
    return block === this.inner ? this : new EffectsBlock(block, this.opacity, this.degrees, this.width);
  }

  place(out: FrameItem[], x: number, y: number, page: PageNumbers): void {
    const items: FrameItem[] = [];
    this.inner.place(items, x, y, page);
    if (items.length === 0) return;
    const group: GroupItem = {
      kind: "group",
      ...(this.degrees !== 0 ? { transform: rotationAbout(this.degrees, x + this.width / 2, y + this.height / 2) } : {}),
      ...(this.opacity < 1 ? { opacity: this.opacity } : {}),
      items,
    };
    out.push(group);
  }
}

/** A clockwise rotation by `degrees` about (cx, cy), in page space (y down). */
export function rotationAbout(degrees: number, cx: number, cy: number): Matrix {
  const r = (degrees * Math.PI) / 180;
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  return [cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy];
}
