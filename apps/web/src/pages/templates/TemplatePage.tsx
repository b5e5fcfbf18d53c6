// A template's page: the content in CodeMirror (document JSON for report templates, HTML for html ones)
// with the data JSON beside it, the live preview, save with conflict handling, and the side tabs
// (versions, comments, batch, API). Report templates open in the band designer (/templates/:id/design);
// HTML templates can be converted to a report (upgrade-to-report, after a confirmation, with the data JSON as
// the report's sample data) and opened there; what the conversion could not carry over is listed first.
import { useCallback, useEffect, useMemo, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { templates } from "../../api/endpoints";
import type { RenderDiagnostic } from "../../api/endpoints";
import type { TemplateVersionDetail, Theme } from "../../api/types";
import { useSignedIn } from "../../auth/session";
import { CodeEditor, type PathProblem, type RevealRequest } from "../../editor/CodeEditor";
import { Preview } from "../../editor/Preview";
import { Modal } from "../../ui/Modal";
import { Problem } from "../../ui/Problem";
import { Loading } from "../../ui/states";
import { parseJsonObject } from "../../ui/validation";
import { ApiPanel } from "./ApiPanel";
import { Avatars } from "./Avatars";
import { BatchPanel } from "./BatchPanel";
import { CommentsPanel } from "./CommentsPanel";
import { ConvertDialogs } from "./ConvertDialogs";
import { ThemeControls } from "./ThemeControls";
import { usePresence } from "./usePresence";
import { useTemplateDraft } from "./useTemplateDraft";
import { VersionsPanel } from "./VersionsPanel";

const TABS = ["Preview", "Versions", "Comments", "Batch", "API"] as const;
type Tab = (typeof TABS)[number];

/** The template page (lazy-loaded: CodeMirror and pdf.js live in its chunk). */
export default function TemplatePage() {
  const { id = "" } = useParams();
  // A new id is a new page: nothing of the previous template's draft may carry over.
  return <TemplateWorkbench key={id} id={id} />;
}

function TemplateWorkbench({ id }: { readonly id: string }) {
  const session = useSignedIn();
  const draft = useTemplateDraft(id);
  const viewers = usePresence(id, session.user.id);
  // The template's sample data (saved and versioned with it; see useTemplateDraft).
  const dataText = draft.sampleText;
  const [theme, setTheme] = useState<Theme | null>(null);
  const [tab, setTab] = useState<Tab>("Preview");
  const [problems, setProblems] = useState<readonly PathProblem[]>([]);
  const [viewing, setViewing] = useState<TemplateVersionDetail | null>(null);
  const parsed = useMemo(() => parseJsonObject(dataText), [dataText]);
  const data = parsed.ok ? parsed.value : null;
  const onProblems = useCallback((p: readonly PathProblem[]) => setProblems(p), []);
  const canEdit = session.role !== "Viewer";
  const navigate = useNavigate();
  const [reveal, setReveal] = useState<RevealRequest | null>(null);
  const onReveal = useCallback((problem: PathProblem) => setReveal((r) => ({ problem, seq: (r?.seq ?? 0) + 1 })), []);
  const [confirming, setConfirming] = useState(false);
  const [converting, setConverting] = useState(false);
  const [convertError, setConvertError] = useState<unknown>(null);
  const [dropped, setDropped] = useState<readonly RenderDiagnostic[] | null>(null);
  const openDesigner = () => navigate(`/templates/${id}/design`);
  // upgrade-to-report converts in place (the HTML stays in the version history) with the data JSON as the
  // report's sample data; then the designer opens, after the list of what was not carried over if any.
  const convert = () => {
    setConverting(true);
    setConvertError(null);
    templates.upgradeToReport(id, data ?? undefined).then(
      (converted) => {
        setConfirming(false);
        const notes = converted.diagnostics ?? [];
        if (notes.length === 0) openDesigner();
        else setDropped(notes);
      },
      (err: unknown) => { setConvertError(err); setConverting(false); },
    );
  };

  // Closing the tab or reloading with unsaved changes asks first.
  useEffect(() => {
    if (!draft.dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [draft.dirty]);

  if (draft.template === undefined) return draft.loadError ? <Problem error={draft.loadError} /> : <Loading what="Loading the template" />;
  const mode = draft.template.editorMode === "html" ? "html" : "json";
  const previewContent = viewing?.content ?? draft.content;

  return (
    <div className="template-page">
      <div className="template-head">
        <Link to="/templates" className="back">← Templates</Link>
        <label className="sr-only" htmlFor="template-name">Template name</label>
        <input id="template-name" className="title-input" value={draft.name} onChange={(e) => draft.setName(e.target.value)} readOnly={!canEdit} />
        <span className="badge">{draft.template.editorMode}</span>
        {mode === "json" && <Link className="button" to={`/templates/${id}/design`} data-testid="open-designer">Open in the designer</Link>}
        {mode === "html" && canEdit && <button type="button" data-testid="convert-to-report" disabled={converting || draft.dirty} title={draft.dirty ? "Save first" : undefined} onClick={() => { setConvertError(null); setConfirming(true); }}>Convert to report</button>}
        <Avatars viewers={viewers} />
        <span className="save-state" role="status">{draft.saving ? "Saving…" : draft.dirty ? "Unsaved changes" : "Saved"}</span>
        {canEdit && <button className="primary" onClick={() => draft.save()} disabled={draft.saving || !draft.dirty}>Save</button>}
      </div>
      <Problem error={draft.saveError} />
      {!confirming && <Problem error={convertError} />}
      <div className="workbench">
        <div className="editors">
          <div className="editor-pane grow">
            <h2 className="pane-title">{mode === "html" ? "HTML" : "Document JSON"}</h2>
            <CodeEditor value={draft.content} language={mode} label="Template content" onChange={draft.setContent} problems={problems} readOnly={!canEdit} reveal={reveal} />
          </div>
          <div className="editor-pane">
            <h2 className="pane-title">Data JSON</h2>
            <CodeEditor value={dataText} language="json" label="Data" onChange={draft.setSampleText} />
            {!parsed.ok && <p className="field-error" role="alert">{parsed.message}</p>}
          </div>
        </div>
        <div className="side">
          <div role="tablist" aria-label="Template tools" className="tabs" onKeyDown={(e) => {
            // The tabs pattern: arrows move between tabs, only the selected one is in the Tab order.
            if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
            const next = TABS[(TABS.indexOf(tab) + (e.key === "ArrowRight" ? 1 : TABS.length - 1)) % TABS.length]!;
            setTab(next);
            document.getElementById(`tab-${next}`)?.focus();
          }}>
            {TABS.map((t) => (
              <button key={t} role="tab" id={`tab-${t}`} aria-selected={tab === t} aria-controls={`panel-${t}`} tabIndex={tab === t ? 0 : -1} onClick={() => setTab(t)}>{t}</button>
            ))}
          </div>
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tabpanel">
            {/* The preview stays mounted so switching tabs does not render again. */}
            <div hidden={tab !== "Preview"}>
              <ThemeControls theme={theme} onChange={setTheme} />
              {viewing && <p className="notice" role="status">Showing version #{viewing.number}. <button className="link" onClick={() => setViewing(null)}>Back to the draft</button></p>}
              <Preview content={previewContent} data={data} theme={theme} onProblems={onProblems} onReveal={viewing ? undefined : onReveal} />
            </div>
            {tab === "Versions" && (
              <VersionsPanel
                templateId={id}
                canEdit={canEdit}
                viewing={viewing?.id ?? null}
                onView={(v) => { setViewing(v); if (v) setTab("Preview"); }}
                onRestore={(v) => { setViewing(null); draft.save({ content: v.content, versionKind: "restore", editorMode: v.editorMode, ...(v.sampleData ? { sampleData: v.sampleData } : {}) }); }}
              />
            )}
            {tab === "Comments" && <CommentsPanel templateId={id} />}
            {tab === "Batch" && <BatchPanel templateId={id} />}
            {tab === "API" && <ApiPanel templateId={id} data={data} theme={theme} />}
          </div>
        </div>
      </div>
      <ConvertDialogs
        name={draft.name}
        confirming={confirming}
        converting={converting}
        error={convertError}
        dataUsable={data !== null}
        dropped={dropped}
        onCancel={() => { setConfirming(false); setConvertError(null); }}
        onConvert={convert}
        onOpenDesigner={openDesigner}
      />
      <Modal
        open={draft.conflict}
        onOpenChange={(o) => !o && draft.dismissConflict()}
        title="Someone else saved this template"
        actions={<>
          <button onClick={() => void draft.reload()}>Reload their version</button>
          <button className="danger" onClick={() => void draft.overwrite()}>Overwrite with mine</button>
        </>}
      >
        <p>The template changed since you opened it. Reload to see their version (your unsaved changes are dropped), or overwrite it with yours (theirs stays in the version history).</p>
        <Problem error={draft.conflictError} />
      </Modal>
    </div>
  );
}
