// Hand-built LayoutResults for painter tests.
import type { FontFace, FrameImage, FrameItem, LayoutResult } from "@docsvc/layout";

/** A LayoutResult of the given pages (all `width`×`height` unless a page says otherwise). */
export function layoutOf(
  pages: readonly (readonly FrameItem[] | { width: number; height: number; items: readonly FrameItem[] })[],
  resources: { faces?: readonly FontFace[]; images?: Readonly<Record<string, FrameImage>>; width?: number; height?: number } = {},
): LayoutResult {
  const width = resources.width ?? 200;
  const height = resources.height ?? 200;
  return {
    pages: pages.map((page) => ("items" in page ? page : { width, height, items: page })),
    faces: new Map((resources.faces ?? []).map((face) => [face.key, face])),
    images: new Map(Object.entries(resources.images ?? {})),
    diagnostics: [],
  };
}

/** A FrameImage from encoded bytes. */
export function frameImage(format: "png" | "jpeg", bytes: Uint8Array, width: number, height: number): FrameImage {
  return { format, bytes, width, height };
}

/** The fixed clock the tests paint with. */
export const NOW = new Date("2024-05-06T07:08:09Z");
