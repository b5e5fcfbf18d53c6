// A CodeMirror 6 editor for JSON or HTML, controlled from React, with diagnostics shown on their lines.
import { html } from "@codemirror/lang-html";
import { json } from "@codemirror/lang-json";
import { linter, lintGutter, setDiagnostics, type Diagnostic } from "@codemirror/lint";
import { Compartment, EditorState } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { basicSetup } from "codemirror";
import { useEffect, useRef } from "react";
import { readableHighlighting } from "./highlight";
import { locatePath } from "./json-paths";

/** A problem to show, by document path (JSON) or with no place (the whole document). */
export interface PathProblem {
  readonly path: string;
  readonly message: string;
}

interface CodeEditorProps {
  readonly value: string;
  readonly language: "json" | "html";
  readonly label: string;
  readonly onChange: (value: string) => void;
  readonly problems?: readonly PathProblem[];
  readonly readOnly?: boolean;
}

/** The editor; `value` changes from outside (reload, restore) replace the text. */
export function CodeEditor({ value, language, label, onChange, problems = [], readOnly = false }: CodeEditorProps) {
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
    const diagnostics: Diagnostic[] = problems.map((p) => {
      const at = language === "json" ? locatePath(v.state, p.path) : { from: 0, to: 0 };
      return { ...at, severity: "error", message: p.path ? `${p.path}: ${p.message}` : p.message };
    });
    v.dispatch(setDiagnostics(v.state, diagnostics));
  }, [problems, language]);

  return <div className="code-editor" ref={host} />;
}
