// sharp (libvips and its JavaScript wrapper) for the AI endpoints' pictures, loaded on the first AI request that
// draws one rather than when the server starts.
import type SharpModule from "sharp";
import { requireFromServer } from "../lazy-require.js";

let loaded: typeof SharpModule | undefined;

/** sharp's constructor, as `import sharp from "sharp"` gives it. */
export function sharp(...args: Parameters<typeof SharpModule>): ReturnType<typeof SharpModule> {
  loaded ??= requireFromServer("sharp") as typeof SharpModule;
  return loaded(...args);
}
