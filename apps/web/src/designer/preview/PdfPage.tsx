// One page of a PDF drawn with pdf.js, with previous/next. The page's text is also put in a visually hidden
// caption (screen readers, tests).
import { AnnotationMode, getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { useEffect, useRef, useState } from "react";

GlobalWorkerOptions.workerSrc = workerUrl;

export function PdfPage({ pdf, renderKey }: { readonly pdf: Blob; readonly renderKey: number }) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [text, setText] = useState("");
  const [drawn, setDrawn] = useState<number | null>(null);

  useEffect(() => {
    let cancelled = false;
    let loaded: PDFDocumentProxy | null = null;
    void (async () => {
      const task = getDocument({ data: new Uint8Array(await pdf.arrayBuffer()), isEvalSupported: false });
      loaded = await task.promise;
      if (cancelled) return void loaded.destroy();
      setDoc(loaded);
      setPage((p) => Math.min(p, loaded!.numPages));
    })().catch((e: unknown) => !cancelled && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      cancelled = true;
      void loaded?.destroy();
    };
  }, [pdf]);

  useEffect(() => {
    if (!doc || !canvas.current) return;
    let cancelled = false;
    const target = canvas.current;
    void (async () => {
      const p = await doc.getPage(page);
      const viewport = p.getViewport({ scale: 1.5 });
      const off = document.createElement("canvas");
      off.width = viewport.width;
      off.height = viewport.height;
      const ctx = off.getContext("2d");
      if (!ctx) return;
      // ENABLE: form fields drawn from their appearance streams (the default leaves them to an HTML form layer).
      await p.render({ canvas: off, canvasContext: ctx, viewport, annotationMode: AnnotationMode.ENABLE }).promise;
      const content = await p.getTextContent();
      if (cancelled) return;
      // Drawn off screen first, so the visible page never flashes blank between renders.
      target.width = off.width;
      target.height = off.height;
      target.getContext("2d")?.drawImage(off, 0, 0);
      // One line of the caption per baseline, so a reader can tell where the render broke the lines.
      const lines = new Map<number, string[]>();
      for (const item of content.items) {
        if (!("str" in item) || item.str === "") continue;
        const y = Math.round(item.transform[5] as number);
        lines.set(y, [...(lines.get(y) ?? []), item.str]);
      }
      setText([...lines.entries()].sort((p1, p2) => p2[0] - p1[0]).map(([, words]) => words.join(" ")).join("\n"));
      setDrawn(renderKey);
    })().catch((e: unknown) => !cancelled && setError(e instanceof Error ? e.message : String(e)));
    return () => { cancelled = true; };
  }, [doc, page, renderKey]);

  const pages = doc?.numPages ?? 0;
  return (
    <div className="d-pdf">
      {error && <p role="alert">The preview could not be drawn: {error}</p>}
      <div className="d-pdf-nav">
        <button type="button" aria-label="Previous page" data-testid="preview-prev" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>‹</button>
        <span data-testid="preview-page">Page {pages ? page : 0} of {pages}</span>
        <button type="button" aria-label="Next page" data-testid="preview-next" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>›</button>
      </div>
      <figure className="d-pdf-page" data-drawn={drawn ?? undefined} data-testid="preview-figure">
        <canvas ref={canvas} role="img" aria-label={`Preview, page ${page}`} />
        <figcaption className="sr-only" data-testid="preview-text" style={{ whiteSpace: "pre" }}>{text}</figcaption>
      </figure>
    </div>
  );
}
