// The preview beside the canvas: the current document rendered with the sample data through POST /api/render
// (debounced, the previous request aborted), drawn by pdf.js with page navigation. The render's diagnostics
// are listed; one naming an element or a band selects it on the canvas.
import { useEffect, useState } from "react";
import { renderDiagnostics, renderInline, type RenderDiagnostic } from "../../api/endpoints";
import { ApiError, messageOf } from "../../api/errors";
import type { TemplateDocument } from "../engine";
import { PdfPage } from "./PdfPage";
import { targetOf } from "./diagnostic-target";

const DEBOUNCE_MS = 500;

export function DesignerPreview({ doc, data, onTarget }: {
  readonly doc: TemplateDocument; readonly data: Record<string, unknown> | null;
  readonly onTarget: (t: { bandId: string; elementId?: string }) => void;
}) {
  const [pdf, setPdf] = useState<{ blob: Blob; key: number } | null>(null);
  const [status, setStatus] = useState<"idle" | "rendering" | "done" | "error">("idle");
  const [message, setMessage] = useState("");
  const [pages, setPages] = useState(0);
  const [diagnostics, setDiagnostics] = useState<readonly RenderDiagnostic[]>([]);
  const content = JSON.stringify(doc);

  useEffect(() => {
    if (data === null) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      setStatus("rendering");
      renderInline(content, data, null, abort.signal)
        .then(async (r) => {
          const listed = r.diagnostics > 0 ? (await renderDiagnostics(content, data, null, abort.signal)).diagnostics : [];
          setPdf((p) => ({ blob: r.pdf, key: (p?.key ?? 0) + 1 }));
          setPages(r.pages);
          setDiagnostics(listed);
          setStatus("done");
        })
        .catch((err: unknown) => {
          if (abort.signal.aborted) return;
          setStatus("error");
          setMessage(messageOf(err));
          setDiagnostics(err instanceof ApiError
            ? Object.entries(err.problem.errors ?? {}).flatMap(([path, messages]) => messages.map((m) => ({ code: "invalid", message: m, path })))
            : []);
        });
    }, DEBOUNCE_MS);
    return () => { clearTimeout(timer); abort.abort(); };
  }, [content, data]);

  return (
    <section className="d-preview" aria-label="Preview" data-testid="designer-preview" data-status={status}>
      <div className="preview-status" role="status" aria-live="polite">
        {status === "rendering" && "Rendering…"}
        {status === "done" && <span data-testid="preview-stats">{pages} page{pages === 1 ? "" : "s"}</span>}
        {status === "error" && "The last change did not render."}
        {data === null && "The sample data is not valid JSON."}
      </div>
      {status === "error" && <p className="problem" role="alert">{message}</p>}
      {diagnostics.length > 0 && (
        <ul className="diagnostics" aria-label="Diagnostics" data-testid="diagnostics">
          {diagnostics.map((d, i) => {
            const target = targetOf(d.path, doc);
            return (
              <li key={i}>
                {target ? <button type="button" className="link" data-testid="diagnostic" onClick={() => onTarget(target)}><code>{d.path}</code></button> : <code>{d.path || "(document)"}</code>}{" "}
                {d.message}
              </li>
            );
          })}
        </ul>
      )}
      {pdf ? <PdfPage pdf={pdf.blob} renderKey={pdf.key} /> : status !== "error" && <p className="loading">Preparing the preview…</p>}
    </section>
  );
}
