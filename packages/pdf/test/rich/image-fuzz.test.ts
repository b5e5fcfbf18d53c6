// Fuzzing images and SVG end to end (deterministic seed, bounded count and time per render): damaged PNG,
// JPEG, GIF, WebP and BMP bytes and hostile SVG strings either draw or come back as diagnostics, and every
// document is a PDF pdfjs opens and renders — never an exception, never a hang.
import { strict as assert } from "node:assert";
import { test } from "node:test";
import { rasterise } from "../support/pdfjs.js";
import { damagedRaster, hostileSvg, validRasters } from "./image-fuzz-inputs.js";
import { seededRandom } from "../support/random.js";
import { dataUrl, page, render } from "./image-samples.js";

const SEED = 20261121;
const RASTER_DOCUMENTS = 60;
const SVG_DOCUMENTS = 20;
const PER_DOCUMENT = 40;
/** Longest a single render may take before the test calls it a hang. */
const RENDER_LIMIT_MS = 20_000;
const KNOWN_CODES = new Set(["image.undecodable", "image.unsupported", "svg.dropped", "image.remote"]);

async function renderBounded(template: string, label: string): Promise<Uint8Array> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: render took over ${RENDER_LIMIT_MS} ms`)), RENDER_LIMIT_MS);
  });
  try {
    const report = await Promise.race([render(template), timeout]);
    for (const d of report.diagnostics) assert.ok(KNOWN_CODES.has(d.code), `${label}: unexpected ${d.code}: ${d.message}`);
    return report.pdf;
  } finally {
    clearTimeout(timer);
  }
}

function grid(srcs: readonly string[], key: "src" | "svg"): string {
  return page(
    srcs.map((value, i) => ({ type: key === "src" ? "image" : "icon", [key]: value, x: (i % 8) * 40, y: Math.floor(i / 8) * 40, width: 36, height: 36, fit: ["contain", "cover", "fill"][i % 3] })),
    { width: 340, height: 230 },
  );
}

test(`${RASTER_DOCUMENTS * PER_DOCUMENT} damaged rasters render or are reported`, async () => {
  const rand = seededRandom(SEED);
  const valid = await validRasters();
  for (let doc = 0; doc < RASTER_DOCUMENTS; doc++) {
    const srcs = Array.from({ length: PER_DOCUMENT }, () => dataUrl("image/png", damagedRaster(rand, valid)));
    const pdf = await renderBounded(grid(srcs, "src"), `raster document ${doc} (seed ${SEED})`);
    assert.equal((await rasterise(pdf, { scale: 0.25 })).length, 1);
  }
});

test(`${SVG_DOCUMENTS * PER_DOCUMENT} hostile SVG strings render or are reported, as images and as icons`, async () => {
  const rand = seededRandom(SEED + 1);
  for (let doc = 0; doc < SVG_DOCUMENTS; doc++) {
    const svgs = Array.from({ length: PER_DOCUMENT }, () => hostileSvg(rand));
    const asImages = svgs.map((s) => `data:image/svg+xml,${encodeURIComponent(s)}`);
    for (const [key, values] of [["src", asImages], ["svg", svgs]] as const) {
      const pdf = await renderBounded(grid(values, key), `svg document ${doc} as ${key} (seed ${SEED + 1})`);
      assert.equal((await rasterise(pdf, { scale: 0.25 })).length, 1);
    }
  }
});
