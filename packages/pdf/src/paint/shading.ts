// Gradients as PDF shadings: an axial (type 2) or radial (type 3) shading whose colour function stitches one
// linear interpolation per pair of stops. A shape with a gradient fill is painted as `q <path> W n <matrix> cm
// /Sh sh Q`: the shading is drawn in the shape's own space, clipped to the shape, whatever the page's CTM.
import type { FrameGradient } from "@docsvc/layout";

/** `#rrggbb` → DeviceRGB components in [0, 1]. */
function rgb(colour: string): number[] {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour)?.[1] ?? "000000";
  return [0, 2, 4].map((i) => Math.round((Number.parseInt(hex.slice(i, i + 2), 16) / 255) * 1000) / 1000);
}

/** The shading dictionary of a gradient (stops padded to 0 and 1, extended beyond both ends). */
export function shadingDictionary(gradient: FrameGradient): Record<string, unknown> {
  const stops = [...gradient.stops];
  if (stops[0]!.offset > 0) stops.unshift({ offset: 0, color: stops[0]!.color });
  if (stops[stops.length - 1]!.offset < 1) stops.push({ offset: 1, color: stops[stops.length - 1]!.color });
  const pieces: Record<string, unknown>[] = [];
  const bounds: number[] = [];
  const encode: number[] = [];
  for (let i = 0; i + 1 < stops.length; i++) {
    pieces.push({ FunctionType: 2, Domain: [0, 1], C0: rgb(stops[i]!.color), C1: rgb(stops[i + 1]!.color), N: 1 });
    if (i > 0) bounds.push(stops[i]!.offset);
    encode.push(0, 1);
  }
  const fn = pieces.length === 1 ? pieces[0]! : { FunctionType: 3, Domain: [0, 1], Functions: pieces, Bounds: bounds, Encode: encode };
  return {
    ShadingType: gradient.type === "linear" ? 2 : 3,
    ColorSpace: "DeviceRGB",
    Coords: [...gradient.coords],
    Function: fn,
    Extend: [true, true],
  };
}

/** A stable key for a gradient's shading, so that one logo repeated on every page writes one shading object. */
export function shadingKey(gradient: FrameGradient): string {
  return JSON.stringify([gradient.type, gradient.coords, gradient.stops]);
}
