// A CodeMirror 6 editor for JSON or HTML, controlled from React, with diagnostics shown on their lines.
import { html } from "@codemirror/lang-html";
import { json } from "@codemirror/lang-json";
import { linter, lintGutter, setDiagnostics, type Diagnostic } from "@codemirror/lint";
import { Compartment, EditorState } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { cspNonce } from "../csp-nonce";
import { basicSetup } from "codemirror";
import { useEffect, useRef } from "react";
import { locateHtmlDiagnostic } from "./html-paths";
import { readableHighlighting } from "./highlight";
import { locatePath } from "./json-paths";

/** A problem to show, by document path (JSON) or element path (HTML), or with no place (the whole document). */
export interface PathProblem {
  readonly path: string;
  readonly message: string;
  /** A render's diagnostic (the PDF was made) is a warning; a refused document's problem is an error (the default). */
  readonly severity?: "error" | "warning";
  readonly code?: string;
}

/** Asks the editor to put its cursor on a problem's place; a new `seq` asks again for the same problem. */
export interface RevealRequest {
  readonly problem: PathProblem;
  readonly seq: number;
}

interface CodeEditorProps {
  readonly value: string;
  readonly language: "json" | "html";
  readonly label: string;
  readonly onChange: (value: string) => void;
  readonly problems?: readonly PathProblem[];
  readonly readOnly?: boolean;
  readonly reveal?: RevealRequest | null;
}

/** The editor; `value` changes from outside (reload, restore) replace the text. */
export function CodeEditor({ value, language, label, onChange, problems = [], readOnly = false, reveal = null }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const lang = useRef(new Compartment());
  const editable = useRef(new Compartment());

  useEffect(() => {
    if (!host.current) return;
    const v = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          // Long lines (a paragraph of HTML, a data URL) wrap instead of scrolling sideways out of sight.
          EditorView.lineWrapping,
          readableHighlighting,
          lang.current.of(language === "json" ? json() : html()),
          editable.current.of(EditorState.readOnly.of(readOnly)),
          // An empty linter: diagnostics come from the server, pushed with setDiagnostics.
          linter(() => [], { delay: 1e9 }),
          lintGutter(),
          // Focusable by Tab even when read-only (a scrollable region must be reachable by keyboard).
          EditorView.contentAttributes.of({ "aria-label": label, tabindex: "0" }),
          // CodeMirror's theme is a <style> element: the page's nonce lets the Content Security Policy allow it.
          ...(cspNonce === undefined ? [] : [EditorView.cspNonce.of(cspNonce)]),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) onChangeRef.current(u.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
    // The editor is created once; later prop changes are applied by the effects below.
  }, []);

  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: lang.current.reconfigure(language === "json" ? json() : html()) });
  }, [language]);

  useEffect(() => {
    view.current?.dispatch({ effects: editable.current.reconfigure(EditorState.readOnly.of(readOnly)) });
  }, [readOnly]);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const diagnostics: Diagnostic[] = problems.map((p) => ({
      ...placeOf(v, language, p),
      severity: p.severity ?? "error",
      ...(p.code ? { source: p.code } : {}),
      message: p.path ? `${p.path}: ${p.message}` : p.message,
    }));
    v.dispatch(setDiagnostics(v.state, diagnostics));
  }, [problems, language]);

  useEffect(() => {
    const v = view.current;
    if (!v || !reveal) return;
    const at = placeOf(v, language, reveal.problem);
    v.dispatch({ selection: { anchor: at.from, head: at.to }, scrollIntoView: true });
    v.focus();
    // Only a new request moves the cursor, not a re-render.
  }, [reveal]);

  return <div className="code-editor" ref={host} />;
}

// HTML diagnostics name elements (and style rules); JSON ones document paths.
function placeOf(v: EditorView, language: "json" | "html", p: PathProblem): { from: number; to: number } {
  return language === "json" ? locatePath(v.state, p.path) : locateHtmlDiagnostic(v.state, p.path, p.message);
}
