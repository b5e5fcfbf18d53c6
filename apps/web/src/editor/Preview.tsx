// The live preview: a debounced POST /api/render of the draft, drawn with pdf.js, with page count, render
// time and the server's diagnostics: validation errors by document path when the draft is refused, and
// when the render made a PDF but counted diagnostics (X-Docsvc-Diagnostics), the same request with
// ?diagnostics=json lists them (a removed script, a remote image, unsupported CSS, an unknown filter…).
import { useEffect, useState } from "react";
import { renderDiagnostics, renderInline } from "../api/endpoints";
import { ApiError, messageOf } from "../api/errors";
import type { Theme } from "../api/types";
import { PdfPages } from "./PdfPages";
import type { PathProblem } from "./CodeEditor";

/** What the preview reports besides the picture. */
interface PreviewState {
  readonly status: "idle" | "rendering" | "done" | "error";
  readonly pages?: number;
  readonly ms?: number;
  readonly message?: string;
  readonly problems: readonly PathProblem[];
}

const DEBOUNCE_MS = 600;

/** Renders `content` with `data` after the typing stops; reports problems through `onProblems`; a listed problem clicked is passed to `onReveal`. */
export function Preview({ content, data, theme, onProblems, onReveal }: {
  readonly content: string;
  readonly data: Record<string, unknown> | null;
  readonly theme: Theme | null;
  readonly onProblems: (problems: readonly PathProblem[]) => void;
  readonly onReveal?: (problem: PathProblem) => void;
}) {
  const [pdf, setPdf] = useState<{ blob: Blob; theme: string } | null>(null);
  const [state, setState] = useState<PreviewState>({ status: "idle", problems: [] });
  useEffect(() => {
    if (data === null) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      const started = performance.now();
      setState((s) => ({ ...s, status: "rendering" }));
      renderInline(content, data, theme, abort.signal)
        .then(async ({ pdf: blob, pages, diagnostics }) => {
          const ms = Math.round(performance.now() - started);
          setPdf({ blob, theme: JSON.stringify(theme) });
          setState({ status: "done", pages, ms, problems: [] });
          const listed = diagnostics > 0 ? (await renderDiagnostics(content, data, theme, abort.signal).catch(() => ({ diagnostics: [] }))).diagnostics : [];
          if (abort.signal.aborted) return;
          const problems = listed.map((d): PathProblem => ({ path: d.path ?? "", message: d.message, code: d.code, severity: "warning" }));
          setState({ status: "done", pages, ms, problems });
          onProblems(problems);
        })
        .catch((err: unknown) => {
          if (abort.signal.aborted) return;
          const problems = err instanceof ApiError
            ? Object.entries(err.problem.errors ?? {}).flatMap(([path, messages]) => messages.map((message) => ({ path, message })))
            : [];
          setState({ status: "error", message: messageOf(err), problems, ms: Math.round(performance.now() - started) });
          onProblems(problems);
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [content, data, theme, onProblems]);

  return (
    <section className="preview" aria-label="Preview">
      <div className="preview-status" role="status" aria-live="polite">
        {state.status === "rendering" && "Rendering…"}
        {state.status === "done" && <span data-testid="preview-stats">{state.pages} page{state.pages === 1 ? "" : "s"} · {state.ms} ms</span>}
        {state.status === "error" && "The last change did not render."}
      </div>
      {state.status === "done" && state.problems.length > 0 && (
        <div className="notice">
          <p>The preview was made, with {state.problems.length === 1 ? "one thing" : `${state.problems.length} things`} to look at (marked in the editor):</p>
          <ul className="diagnostics" aria-label="Diagnostics" data-testid="render-diagnostics">
            {state.problems.map((p, i) => (
              <li key={i}>
                {onReveal
                  ? <button type="button" className="link" onClick={() => onReveal(p)}><code>{p.code}</code> <code>{p.path || "(document)"}</code></button>
                  : <><code>{p.code}</code> <code>{p.path || "(document)"}</code></>}{" "}
                {p.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {state.status === "error" && (
        <div className="problem" role="alert">
          <p>{state.message}</p>
          {state.problems.length > 0 && (
            <ul className="diagnostics" aria-label="Diagnostics">
              {state.problems.map((p, i) => <li key={i}><code>{p.path || "(document)"}</code> {p.message}</li>)}
            </ul>
          )}
        </div>
      )}
      {pdf ? <PdfPages pdf={pdf.blob} label="Preview" drawnKey={`theme:${pdf.theme}`} /> : state.status !== "error" && <p className="loading">Preparing the preview…</p>}
    </section>
  );
}
