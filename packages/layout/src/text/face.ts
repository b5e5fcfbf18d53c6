import type { Font } from "fontkit";

/** One font face (family + weight + style), parsed once per process and shared by layout and painter. */
export interface FontFace {
  /** Stable key used by frames: `<Family>-<weight>[-italic]`, e.g. `Inter-700-italic`. */
  readonly key: string;
  readonly family: string;
  readonly weight: number;
  readonly italic: boolean;
  /** The parsed face; shaping and subsetting both use this one object. */
  readonly font: Font;
  /** The file's bytes (zero-padded), for embedding. */
  readonly bytes: Uint8Array;
}
