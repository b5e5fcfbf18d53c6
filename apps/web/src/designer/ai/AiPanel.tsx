// AI at hand (shown only when GET /api/ai/status says it is on): draft a document from a picture or PDF, a
// prompt or HTML, with the stream's progress band by band; revise it with an instruction (or check the draft
// against the reference it was drafted from, with the done event's checkToken); refine the selected band.
// Every result is applied as one undoable step. While a draft streams, `onPreview` gets the draft so far (the
// skeleton's empty bands, then each band as it is filled) for the canvas to show without touching the document.
import { useEffect, useRef, useState } from "react";
import { api } from "../../api/client";
import { messageOf } from "../../api/errors";
import type { DesignerEditor } from "../model/editor";
import { draftDocument, refinedDocument, revisedDocument, toGenerated, type GeneratedBandTemplate } from "./apply";
import { nextDraftPreview } from "./preview";
import { aiStream, type AiEvent } from "./sse";
import type { TemplateDocument } from "../engine";

type Progress = { readonly lines: readonly string[]; readonly running: boolean; readonly error: string | null };

/** What a check against the reference needs: the one-time token and the reference it was issued for. */
interface Check {
  readonly token: string;
  readonly reference: File;
}

export function AiPanel({ editor, bandId, data, onPreview }: {
  readonly editor: DesignerEditor; readonly bandId: string | null; readonly data: unknown;
  /** The streaming draft as a document, or null when there is none (done, error, or the panel went away). */
  readonly onPreview?: (doc: TemplateDocument | null) => void;
}) {
  const [prompt, setPrompt] = useState("");
  const [html, setHtml] = useState("");
  const [reference, setReference] = useState<File | null>(null);
  const [instruction, setInstruction] = useState("");
  const [bandInstruction, setBandInstruction] = useState("");
  const [check, setCheck] = useState<Check | null>(null);
  const [progress, setProgress] = useState<Progress>({ lines: [], running: false, error: null });
  const ro = !editor.canEdit;
  const previewRef = useRef(onPreview);
  previewRef.current = onPreview;
  useEffect(() => () => previewRef.current?.(null), []);
  const band = editor.doc.bands.find((b) => b.id === bandId);

  const log = (line: string) => setProgress((p) => ({ ...p, lines: [...p.lines, line] }));
  const describe = (e: AiEvent) => {
    if (e.stage === "skeleton") log(`Planned ${e.bandsTotal ?? 0} band(s).`);
    if (e.stage === "band") log(`Band ${e.bandsCompleted}/${e.bandsTotal}: ${e.bandId}${e.failed ? " (failed, left as it was)" : ""}`);
    if (e.stage === "done" && e.message) log(e.message);
  };

  const run = async (path: string, form: FormData, onDone: (e: AiEvent, changed: Set<string>) => void, preview = false) => {
    setProgress({ lines: [], running: true, error: null });
    const changed = new Set<string>();
    let draftSoFar: GeneratedBandTemplate | null = null;
    try {
      let finished = false;
      await aiStream(path, form, (e) => {
        describe(e);
        if (preview && (e.stage === "skeleton" || e.stage === "band")) {
          draftSoFar = nextDraftPreview(draftSoFar, e);
          if (draftSoFar) onPreview?.(draftDocument(draftSoFar, editor.doc));
        }
        if (e.stage === "band" && e.bandId && !e.failed) changed.add(e.bandId);
        if (e.stage === "error") setProgress((p) => ({ ...p, error: e.message ?? "The AI run failed." }));
        if (e.stage === "done") { finished = true; onDone(e, changed); }
      });
      setProgress((p) => ({ ...p, running: false, lines: finished ? [...p.lines, "Done."] : p.lines }));
    } catch (err) {
      setProgress((p) => ({ ...p, running: false, error: messageOf(err) }));
    } finally {
      // After done the document holds the draft; after an error or a dropped stream nothing of it stays.
      if (preview) onPreview?.(null);
    }
  };

  const draft = () => {
    const form = new FormData();
    if (prompt.trim()) form.set("prompt", prompt.trim());
    if (html.trim()) form.set("html", html);
    if (reference) form.set("image", reference);
    const ref = reference;
    void run("/api/ai/generate-band-template", form, (e) => {
      if (e.template) editor.replaceDocument(draftDocument(e.template as GeneratedBandTemplate, editor.doc));
      setCheck(e.checkToken && ref ? { token: e.checkToken, reference: ref } : null);
    }, true);
  };

  const revise = (withCheck: boolean) => {
    const form = new FormData();
    form.set("document", JSON.stringify(toGenerated(editor.doc)));
    form.set("content", JSON.stringify(editor.doc));
    form.set("sampleData", JSON.stringify(data ?? {}));
    if (withCheck && check) {
      form.set("checkToken", check.token);
      form.set("image", check.reference);
      setCheck(null); // one-time
    } else {
      form.set("instruction", instruction.trim());
      if (reference) form.set("image", reference);
    }
    void run("/api/ai/revise-document", form, (e, changed) => {
      if (e.unchanged || !e.template) return;
      editor.replaceDocument(revisedDocument(e.template as GeneratedBandTemplate, editor.doc, changed));
    });
  };

  const refine = async () => {
    if (!band) return;
    setProgress({ lines: [`Refining ${band.id}…`], running: true, error: null });
    try {
      const res = await api.json<{ bandId: string; elements: never[]; newFields: never[] }>("/api/ai/refine-band", {
        method: "POST", body: { document: toGenerated(editor.doc), bandId: band.id, instruction: bandInstruction.trim() },
      });
      editor.replaceDocument(refinedDocument(editor.doc, res.bandId, res.elements, res.newFields));
      setProgress({ lines: [`Band ${band.id} refined.`], running: false, error: null });
    } catch (err) {
      setProgress({ lines: [], running: false, error: messageOf(err) });
    }
  };

  return (
    <section className="d-panel d-ai" aria-label="AI" data-testid="ai-panel">
      <h3>Draft</h3>
      <label>Describe the document<textarea rows={3} value={prompt} onChange={(e) => setPrompt(e.target.value)} disabled={ro} data-testid="ai-prompt" /></label>
      <label>Or paste HTML<textarea rows={3} value={html} onChange={(e) => setHtml(e.target.value)} disabled={ro} /></label>
      <label>Reference (picture or PDF)<input type="file" accept="image/png,image/jpeg,image/webp,image/gif,application/pdf" disabled={ro} onChange={(e) => setReference(e.target.files?.[0] ?? null)} /></label>
      <button type="button" className="primary" disabled={ro || progress.running || (!prompt.trim() && !html.trim() && !reference)} onClick={draft} data-testid="ai-draft">Draft the document</button>
      <p className="d-note">The draft replaces the document (one step: Undo brings it back).</p>

      <h3>Revise</h3>
      <label>Instruction<textarea rows={2} value={instruction} onChange={(e) => setInstruction(e.target.value)} disabled={ro} data-testid="ai-instruction" /></label>
      <button type="button" disabled={ro || progress.running || !instruction.trim()} onClick={() => revise(false)} data-testid="ai-revise">Revise</button>{" "}
      <button type="button" disabled={ro || progress.running || !check} onClick={() => revise(true)} title={check ? "Compare the draft with the reference it was drafted from" : "Available after a draft from a reference"}>Check against the reference</button>

      <h3>Refine this band</h3>
      {band ? (
        <>
          <label>What should change in <code>{band.name ?? band.id}</code>?<textarea rows={2} value={bandInstruction} onChange={(e) => setBandInstruction(e.target.value)} disabled={ro} /></label>
          <button type="button" disabled={ro || progress.running || !bandInstruction.trim()} onClick={() => void refine()} data-testid="ai-refine">Refine the band</button>
        </>
      ) : <p className="d-note">Select a band on the canvas first.</p>}

      {(progress.lines.length > 0 || progress.running) && (
        <ul className="d-ai-log" role="status" aria-live="polite" data-testid="ai-progress">
          {progress.lines.map((l, i) => <li key={i}>{l}</li>)}
          {progress.running && <li>Working…</li>}
        </ul>
      )}
      {progress.error && <p className="problem" role="alert">{progress.error}</p>}
    </section>
  );
}
