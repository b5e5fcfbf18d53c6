// Inline objects in rich paragraphs (an image in a sentence): the object is one U+FFFC in the paragraph
// text, so UAX #14 gives a break opportunity before and after it (class CB) and bidi orders it as a
// neutral; here it becomes a piece with no glyphs whose width is the object's advance.
import type { BidiInfo } from "./bidi.js";
import type { FontContext, Itemized, Piece } from "./itemize.js";
import { OBJECT_CHAR, type InlineObject } from "./rich-types.js";
import type { ShapedRun } from "./shape.js";

/** The itemised slice of an object: one character in the span's primary face (which sets the line's strut). */
export function objectItem(ctx: FontContext, bidi: BidiInfo): Itemized {
  return {
    text: OBJECT_CHAR,
    shaping: OBJECT_CHAR,
    levels: bidi.levels,
    baseLevel: bidi.baseLevel,
    faceIndex: new Uint8Array(1),
    faces: [ctx.primary],
    skews: [false],
    size: ctx.style.size,
    letterSpacing: 0,
    numeric: undefined,
  };
}

/** The object's one piece: no glyphs, the object's width, never a space, never letter-spaced. */
export function objectPiece(item: Itemized, object: InlineObject): Piece {
  const face = item.faces[0]!;
  const run: ShapedRun = {
    face,
    rtl: false,
    text: OBJECT_CHAR,
    length: 0,
    ids: new Uint16Array(0),
    advances: new Float64Array(0),
    offsetsX: new Float64Array(0),
    offsetsY: new Float64Array(0),
    texts: [],
    clusterEnd: new Uint8Array(0),
    advance: 0,
    unitsPerEm: face.font.unitsPerEm || 1000,
    spacingSlots: 0,
  };
  return { start: 0, end: 1, level: item.levels ? item.levels[0]! : 0, face, run, width: object.width, spacing: 0, space: false, skew: false };
}
