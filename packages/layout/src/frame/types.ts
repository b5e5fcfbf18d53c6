// Layout's only output: a page is its size plus an ordered list of positioned items, in points, with the
// origin at the page's top-left and y growing downward (the same space as pdfkit's default user space).
// Nothing after layout reads styles or measures text: a painter only translates these items.

/** A resolved colour: `#rrggbb`. Absence (undefined) means "do not paint". */
export type FrameColour = string;

/** An affine matrix [a, b, c, d, e, f] in page space (y down), as PDF's `cm` operator takes it. */
export type Matrix = readonly [number, number, number, number, number, number];

/** One shaped glyph. Advances and offsets are in points, letter spacing already included. */
export interface PositionedGlyph {
  /** Glyph id in the run's face. */
  readonly id: number;
  /** Horizontal advance after this glyph. */
  readonly advance: number;
  /** Offset from the pen position; dy grows downward. */
  readonly dx: number;
  readonly dy: number;
  /** The source text this glyph stands for (ligatures: several characters; marks after a base: ""). */
  readonly text: string;
}

/** A run of glyphs of one face, size and colour, painted left to right from its baseline origin. */
export interface TextRunItem {
  readonly kind: "text";
  /** Baseline origin of the first glyph. */
  readonly x: number;
  readonly y: number;
  /** Key into LayoutResult.faces. */
  readonly face: string;
  readonly size: number;
  readonly color: FrameColour;
  readonly glyphs: readonly PositionedGlyph[];
  /** The run's text in logical order, for extraction and search. */
  readonly text: string;
  /** Horizontal skew in degrees, set only when an italic is synthesised for a family without one. */
  readonly skew?: number;
}

export type ShapeGeometry =
  | { readonly type: "rect"; readonly x: number; readonly y: number; readonly width: number; readonly height: number; readonly radius?: number }
  | { readonly type: "ellipse"; readonly cx: number; readonly cy: number; readonly rx: number; readonly ry: number }
  | { readonly type: "line"; readonly x1: number; readonly y1: number; readonly x2: number; readonly y2: number }
  /** An SVG path string in page space (barcodes, icons, SVG images). */
  | { readonly type: "path"; readonly d: string; readonly fillRule?: "nonzero" | "evenodd" };

export interface ShapeStroke {
  readonly color: FrameColour;
  readonly width: number;
  readonly dash?: readonly number[];
  /** Line ends; absent means butt (PDF's default). Icons use round. */
  readonly cap?: "butt" | "round" | "square";
  /** Corners; absent means miter (PDF's default). */
  readonly join?: "miter" | "round" | "bevel";
}

export interface ShapeItem {
  readonly kind: "shape";
  readonly geometry: ShapeGeometry;
  /** Fill colour; with `fillGradient`, the colour for painters that cannot draw gradients. */
  readonly fill?: FrameColour;
  /** A gradient fill (SVG linear/radial gradients), painted instead of `fill` as a PDF shading. */
  readonly fillGradient?: FrameGradient;
  readonly stroke?: ShapeStroke;
}

/**
 * A linear or radial gradient. `coords` are in gradient space: linear `[x1, y1, x2, y2]`, radial
 * `[fx, fy, fr, cx, cy, r]` (a focal circle and an end circle, as PDF axial/radial shadings take them);
 * `matrix` maps gradient space to the shape's coordinates. The colour is padded beyond the first and last
 * stops. Stops are in increasing offset order, within [0, 1].
 */
export interface FrameGradient {
  readonly type: "linear" | "radial";
  readonly coords: readonly number[];
  readonly stops: readonly { readonly offset: number; readonly color: FrameColour }[];
  readonly matrix: Matrix;
}

/** A placed image: the whole image scaled into this box (clipping for `cover` is done by a group). */
export interface ImageItem {
  readonly kind: "image";
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** Key into LayoutResult.images. */
  readonly image: string;
}

/** A clickable area. Only `http:`, `https:` and `mailto:` targets are ever emitted. */
export interface LinkItem {
  readonly kind: "link";
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly url: string;
}

/** Items drawn under a transform, then a clip, then an opacity (in that order). */
export interface GroupItem {
  readonly kind: "group";
  readonly transform?: Matrix;
  readonly clip?: { readonly x: number; readonly y: number; readonly width: number; readonly height: number; readonly radius?: number };
  readonly opacity?: number;
  /** A figure's text alternative (charts), for a tagged PDF's Figure; painters need not read it. */
  readonly alt?: string;
  /** What the items are in the document's structure (a tagged PDF's structure element or an artifact). */
  readonly tag?: FrameTag;
  readonly items: readonly FrameItem[];
}

/**
 * The structure roles a group may carry, named as PDF's standard structure types (ISO 32000-1 14.8.4), plus
 * `Artifact` for what is not part of the content (page bands, decoration, backgrounds).
 */
export type StructRole =
  | "Document" | "Part" | "Sect" | "Div" | "H1" | "H2" | "H3" | "H4" | "H5" | "H6" | "P" | "Caption" | "BlockQuote"
  | "L" | "LI" | "Lbl" | "LBody" | "Table" | "THead" | "TBody" | "TFoot" | "TR" | "TH" | "TD" | "Figure" | "Formula"
  | "Link" | "Span" | "Note" | "Artifact";

/**
 * A group's place in the document structure. Groups carrying the same tag object (a table split over pages,
 * a paragraph continued on the next page) are one structure element; nested tagged groups are its children,
 * in the order their content is painted (the reading order). Untagged items belong to the nearest tagged
 * group around them.
 */
export interface FrameTag {
  readonly role: StructRole;
  /** A figure's text alternative (`/Alt`). */
  readonly alt?: string;
  /** A header cell's scope (`/A << /O /Table /Scope … >>`). */
  readonly scope?: "Column" | "Row" | "Both";
  /** Artifacts: what kind (`Pagination` for page headers and footers, `Layout` for decoration, `Background`). */
  readonly artifact?: "Pagination" | "Layout" | "Background";
  /** A heading's outline level when it differs from its role (HTML `bookmark-level`); 0 keeps it out. */
  readonly bookmarkLevel?: number;
}

/** The kinds of form field a FieldItem stands for (the model's field kinds). */
export type FormFieldType = "text" | "multiline" | "checkbox" | "radio" | "dropdown" | "date" | "signature";

/**
 * One clickable box of a field (a radio group has one per option), relative to its field's origin, with what
 * it looks like in its own space (origin at the box's top-left): `on` with the field's value, or checked; `off`
 * unchecked (checkboxes and radio buttons only).
 */
export interface FieldWidget {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly on: readonly FrameItem[];
  readonly off?: readonly FrameItem[];
  /** The value the field takes when this box is checked (checkbox: `Yes`; radio: its option). */
  readonly export?: string;
}

/**
 * A fillable form field at (x, y): its name, value and flags, its widgets and the items printed with it (a
 * radio group's option labels), all relative to (x, y). A painter writes an interactive field whose
 * appearances are the widgets' looks, or (flattened) draws the looks as plain content: see flattenField.
 */
export interface FieldItem {
  readonly kind: "field";
  readonly x: number;
  readonly y: number;
  readonly fieldType: FormFieldType;
  /** The model's name; a painter makes repeated names unique. */
  readonly name: string;
  /** Text, the chosen option, or for a checkbox `Yes` / `Off`; "" for none. */
  readonly value: string;
  readonly required: boolean;
  readonly readOnly: boolean;
  readonly options?: readonly string[];
  readonly maxLength?: number;
  /** Tooltip and accessible name. */
  readonly label?: string;
  /** The value's text size and colour (what a viewer uses when the field is edited). */
  readonly fontSize: number;
  readonly color: FrameColour;
  readonly bg?: FrameColour;
  readonly border?: FrameColour;
  readonly widgets: readonly FieldWidget[];
  readonly items: readonly FrameItem[];
  /** Fields of this name join into one (HTML radio buttons: one element, so one item, per button). */
  readonly shared?: boolean;
}

export type FrameItem = TextRunItem | ShapeItem | ImageItem | LinkItem | GroupItem | FieldItem;

export interface Page {
  readonly width: number;
  readonly height: number;
  readonly items: readonly FrameItem[];
}

/** Image data ready for a painter: PNG or JPEG bytes, with pixel size. */
export interface FrameImage {
  readonly format: "png" | "jpeg";
  readonly bytes: Uint8Array;
  readonly width: number;
  readonly height: number;
}
