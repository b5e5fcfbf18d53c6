// Draws a PDF's pages to canvases with pdf.js (bundled, its worker too: nothing is fetched from elsewhere).
import { getDocument, GlobalWorkerOptions } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { useEffect, useRef, useState } from "react";

GlobalWorkerOptions.workerSrc = workerUrl;

/** At most this many pages are drawn; the count still says how many there are. */
const MAX_PAGES = 20;

/**
 * The PDF's pages, each as a canvas; its text is also placed in a hidden text layer for screen readers and
 * tests. `drawnKey` is written to `data-drawn` once the pages are on screen, so a reader can tell which
 * render (which theme, say) it is looking at.
 */
export function PdfPages({ pdf, label, drawnKey = "" }: { readonly pdf: Blob; readonly label: string; readonly drawnKey?: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    const container = host.current;
    if (!container) return;
    const run = async () => {
      const task = getDocument({ data: new Uint8Array(await pdf.arrayBuffer()), isEvalSupported: false });
      const doc = await task.promise;
      const frag = document.createDocumentFragment();
      for (let n = 1; n <= Math.min(doc.numPages, MAX_PAGES) && !cancelled; n++) {
        const page = await doc.getPage(n);
        const viewport = page.getViewport({ scale: 1.5 });
        const canvas = document.createElement("canvas");
        canvas.width = viewport.width;
        canvas.height = viewport.height;
        canvas.setAttribute("role", "img");
        canvas.setAttribute("aria-label", `${label}, page ${n}`);
        const context = canvas.getContext("2d");
        if (!context) continue;
        await page.render({ canvas, canvasContext: context, viewport }).promise;
        const text = await page.getTextContent();
        const words = text.items.map((i) => ("str" in i ? i.str : "")).join(" ");
        const figure = document.createElement("figure");
        figure.className = "pdf-page";
        const caption = document.createElement("figcaption");
        caption.className = "sr-only pdf-text";
        caption.textContent = words;
        figure.append(canvas, caption);
        frag.append(figure);
      }
      await doc.destroy();
      if (!cancelled) {
        container.replaceChildren(frag);
        container.dataset["drawn"] = drawnKey;
      }
    };
    run().catch((err: unknown) => !cancelled && setError(err instanceof Error ? err.message : String(err)));
    return () => {
      cancelled = true;
    };
  }, [pdf, label, drawnKey]);
  return (
    <>
      {error && <p role="alert">The preview could not be drawn: {error}</p>}
      <div className="pdf-pages" ref={host} data-testid="pdf-pages" />
    </>
  );
}
