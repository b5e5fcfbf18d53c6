// The parsed form of an SVG that the drawing converter reads: an element tree with lower-cased tag and
// attribute names. Hosts build it from a sanitised DOM; built-in icons build it from their shipped data.

/** One SVG element: lower-cased tag and attribute names, children in document order. */
export interface SvgNode {
  readonly tag: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: readonly SvgNode[];
  /** For `<text>`: its character data, tspans included, in document order (hosts fill it in). */
  readonly text?: string;
}
