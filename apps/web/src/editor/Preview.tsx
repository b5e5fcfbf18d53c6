// The live preview: a debounced POST /api/render of the draft, drawn with pdf.js, with page count, render
// time and the server's diagnostics (validation errors by document path).
import { useEffect, useState } from "react";
import { renderInline } from "../api/endpoints";
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

/** Renders `content` with `data` after the typing stops; reports problems through `onProblems`. */
export function Preview({ content, data, theme, onProblems }: {
  readonly content: string;
  readonly data: Record<string, unknown> | null;
  readonly theme: Theme | null;
  readonly onProblems: (problems: readonly PathProblem[]) => void;
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
        .then(({ pdf: blob, pages }) => {
          setPdf({ blob, theme: JSON.stringify(theme) });
          setState({ status: "done", pages, ms: Math.round(performance.now() - started), problems: [] });
          onProblems([]);
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
