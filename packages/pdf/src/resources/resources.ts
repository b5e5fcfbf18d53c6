// The resources one render hands to layout: synchronous lookups in process-wide caches (converted rasters
// bounded by bytes, SVG drawings by count, both keyed by content), recording what is missing so that
// renderDocument can prepare it and lay out once more.
import { contentHash, type FrameImage, type LayoutResources, type RasterRequest, type SvgDrawing } from "@docsvc/layout";
import { WeightedLru } from "./lru.js";
import { convertRaster } from "./raster.js";
import { MAX_SVG_MARKUP, prepareSvg } from "./svg.js";

/** Converted rasters kept across renders, in bytes. */
export const RASTER_CACHE_BYTES = 64 * 1024 * 1024;
/** SVG drawings kept across renders, weighed by their path data characters (+1 KB each for the rest). */
export const SVG_CACHE_CHARS = 32 * 1024 * 1024;

// null: known to be undecodable (remembered too, so a broken image is not decoded on every render).
const rasters = new WeightedLru<string, FrameImage | null>(RASTER_CACHE_BYTES, (image) => (image ? image.bytes.byteLength : 64));
const drawings = new WeightedLru<string, SvgDrawing | null>(SVG_CACHE_CHARS, drawingWeight);
// Work under way, shared by concurrent renders that need the same resource.
const rasterJobs = new Map<string, Promise<FrameImage | null>>();
const svgJobs = new Map<string, Promise<SvgDrawing | null>>();

/** Resources of one render: cache lookups now, preparation of what was missing later. */
export class RenderResources implements LayoutResources {
  // What this render prepared, held here as well so that cache eviction between passes cannot lose it.
  private readonly ownRasters = new Map<string, FrameImage | null>();
  private readonly ownDrawings = new Map<string, SvgDrawing | null>();
  private readonly pendingRasters = new Map<string, RasterRequest>();
  private readonly pendingSvgs = new Set<string>();

  /** True when layout asked for something that is not prepared yet. */
  get hasPending(): boolean {
    return this.pendingRasters.size > 0 || this.pendingSvgs.size > 0;
  }

  /** A converted raster from this render's or the process cache, else "pending" (recorded for prepare). */
  image(request: RasterRequest): FrameImage | "pending" | undefined {
    const known = this.ownRasters.has(request.key) ? this.ownRasters.get(request.key) : rasters.get(request.key);
    if (known !== undefined) return known ?? undefined;
    this.pendingRasters.set(request.key, request);
    return "pending";
  }

  /** A sanitised drawing from this render's or the process cache, else "pending" (recorded for prepare). */
  svg(markup: string): SvgDrawing | "pending" | undefined {
    if (markup.length > MAX_SVG_MARKUP) return undefined;
    const known = this.ownDrawings.has(markup) ? this.ownDrawings.get(markup) : drawings.get(svgKey(markup));
    if (known !== undefined) return known ?? undefined;
    this.pendingSvgs.add(markup);
    return "pending";
  }

  /** Decodes and sanitises everything layout found missing (sharp and jsdom load here, on first need). */
  async prepare(): Promise<void> {
    const rasterWork = [...this.pendingRasters.values()].map(async (request) => {
      this.ownRasters.set(request.key, await shared(rasterJobs, rasters, request.key, async () => (await convertRaster(request)) ?? null));
    });
    const svgWork = [...this.pendingSvgs].map(async (markup) => {
      this.ownDrawings.set(markup, await shared(svgJobs, drawings, svgKey(markup), async () => (await prepareSvg(markup)) ?? null));
    });
    this.pendingRasters.clear();
    this.pendingSvgs.clear();
    await Promise.all([...rasterWork, ...svgWork]);
  }
}

function drawingWeight(drawing: SvgDrawing | null): number {
  let chars = 1024;
  for (const path of drawing?.paths ?? []) chars += path.d.length;
  return chars;
}

/** Short markup is its own key; long markup is keyed by its content hash so the cache never holds it. */
function svgKey(markup: string): string {
  return markup.length <= 2048 ? markup : `#${markup.length}:${contentHash(new TextEncoder().encode(markup))}`;
}

async function shared<T>(jobs: Map<string, Promise<T>>, cache: WeightedLru<string, T>, key: string, run: () => Promise<T>): Promise<T> {
  let job = jobs.get(key);
  if (job === undefined) {
    job = run().then((value) => {
      cache.set(key, value);
      return value;
    }).finally(() => jobs.delete(key));
    jobs.set(key, job);
  }
  return job;
}

/** Empties the process-wide resource caches (for tests and memory pressure). */
export function clearResourceCaches(): void {
  rasters.clear();
  drawings.clear();
}

/** Sizes of the process-wide caches (for tests and monitoring). */
export function resourceCacheStats(): { rasters: number; rasterBytes: number; drawings: number } {
  return { rasters: rasters.size, rasterBytes: rasters.weight, drawings: drawings.size };
}
