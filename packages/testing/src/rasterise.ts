// Every page of a PDF as a PNG, drawn by pdf.js (legacy build, for Node) onto @napi-rs/canvas. Nothing is
// fetched: docsvc embeds every font it uses, and pdf.js draws the glyphs as paths.
import { createCanvas } from "@napi-rs/canvas";
import { getDocument, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";

/** Renders every page at `scale` pixels per PDF point, on white. */
export async function rasterisePdf(pdf: Uint8Array, scale = 1): Promise<Buffer[]> {
  // pdf.js transfers (detaches) the buffer it is given: hand it a copy.
  const doc = await getDocument({
    data: new Uint8Array(pdf),
    verbosity: VerbosityLevel.ERRORS,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    stopAtErrors: true,
  }).promise;
  try {
    const pngs: Buffer[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const context = canvas.getContext("2d");
      context.fillStyle = "#ffffff";
      context.fillRect(0, 0, canvas.width, canvas.height);
      // @napi-rs/canvas implements the part of the DOM canvas API pdf.js uses; the types differ by name only.
      await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
      // encodeSync, never encode(): @napi-rs/canvas 0.1.x frees the surface an async encode() still reads when
      // the canvas is garbage-collected first (a use-after-free that crashes the process with SIGSEGV now and then).
      pngs.push(canvas.encodeSync("png"));
      page.cleanup();
    }
    return pngs;
  } finally {
    await doc.destroy();
  }
}
