// The band designer (route /templates/:id/design, its own lazy chunk): the toolbar, the page canvas, the
// property panels and the live preview. Every change goes through the DesignerEditor as one step.
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { ai as aiApi, templates } from "../api/endpoints";
import { useSignedIn } from "../auth/session";
import { Problem } from "../ui/Problem";
import { Loading } from "../ui/states";
import { parseJsonObject } from "../ui/validation";
import { AiPanel } from "./ai/AiPanel";
import { AlignIcon } from "./canvas/AlignIcon";
import { align, distribute, type Alignment } from "./canvas/arrange";
import { Canvas, PX_PER_PT, type CanvasPoint } from "./canvas/Canvas";
import { canPaste, copy, duplicate, nudge, paste } from "./canvas/commands";
import { useKeyboardFocus } from "./canvas/keyboard-focus";
import { selectionAnnouncement } from "./canvas/labels";
import { newElement, newId } from "./canvas/paint";
import { clampDrop, freeSpot } from "./canvas/placement";
import { Toolbar, usePaletteDrag } from "./canvas/Toolbar";
import { BAND_KINDS, resolveMargins, resolvePageSize, type BandKind, type Element, type ElementType, type SchemaField, type TemplateDocument } from "./engine";
import { useDesignerFonts } from "./fonts";
import { bandOfElement, elementsById } from "./model/doc-ops";
import type { DesignerEditor } from "./model/editor";
import { useCollabDesigner } from "./collab/useCollabDesigner";
import type { DesignerDoc } from "./collab/useDesignerDoc";
import { useDesignerComments } from "./collab/useDesignerComments";
import { VersionsPanel } from "./collab/VersionsPanel";
import { useLocalSampleData } from "./collab/useLocalSampleData";
import type { CanvasCollab } from "./canvas/collab";
import { CommentsTab } from "./panels/CommentsTab";
import { BandProps } from "./panels/BandProps";
import { DocumentProps } from "./panels/DocumentProps";
import { ElementProps } from "./panels/ElementProps";
import { SchemaPanel } from "./panels/SchemaPanel";
import { sampleFromSchema, type FieldPath } from "./panels/schema-paths";
import { DesignerPreview } from "./preview/DesignerPreview";
import "./designer.css";

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;
const TABS = ["Properties", "Document", "Data", "Versions", "Comments", "AI"] as const;
type Tab = (typeof TABS)[number];

/** The page. */
export default function DesignerPage() {
  const { id = "" } = useParams();
  return <Designer key={id} id={id} />;
}

function Designer({ id }: { readonly id: string }) {
  const session = useSignedIn();
  const navigate = useNavigate();
  const canEdit = session.role !== "Viewer";
  const model = useCollabDesigner(id);
  const [converting, setConverting] = useState<unknown>(null);

  if (model.template === undefined) return model.loadError ? <Problem error={model.loadError} /> : <Loading what="Loading the designer" />;
  if (model.notReport === "html") {
    return (
      <div className="d-empty">
        <p>This is an HTML template. Convert it to a report document to open it in the designer (the HTML stays in the version history).</p>
        {canEdit && <button className="primary" onClick={() => templates.upgradeToReport(id).then(() => window.location.reload(), setConverting)}>Convert to report</button>}
        <Problem error={converting} />
        <button className="link" onClick={() => navigate(`/templates/${id}`)}>Back to the template</button>
      </div>
    );
  }
  if (!model.editor) return <Problem error={new Error(model.notReport ?? "The template cannot be opened in the designer.")} />;
  return <Workbench id={id} editor={model.editor} name={model.template.name} dirty={model.dirty} saving={model.saving} saveError={model.saveError} onSave={model.save} collab={model.collab} />;
}

function Workbench({ id, editor, name, dirty, saving, saveError, onSave, collab }: {
  readonly id: string; readonly editor: DesignerEditor; readonly name: string; readonly dirty: boolean; readonly saving: boolean; readonly saveError: unknown; readonly onSave: () => void;
  readonly collab: DesignerDoc;
}) {
  const fonts = useDesignerFonts();
  const { doc } = editor;
  const [selection, setSelection] = useState<readonly string[]>([]);
  const [selectedBand, setSelectedBand] = useState<string | null>(null);
  const [zoom, setZoom] = useState<number | "fit">("fit");
  const [fitScale, setFitScale] = useState(1);
  const [grid, setGrid] = useState(4);
  const [showData, setShowData] = useState(true);
  const [tab, setTab] = useState<Tab>("Properties");
  // An AI draft while it streams: drawn by the canvas, never written to the document (peers and undo untouched).
  const [draftPreview, setDraftPreview] = useState<TemplateDocument | null>(null);
  // The template's sample data, shared in the room and saved with the template; the schema's samples stand in
  // while it has none (they become the data once someone edits them).
  const schemaSample = useMemo(() => JSON.stringify(sampleFromSchema(doc.schema), null, 2), [doc.schema]);
  // (Not once this user has typed there: a field emptied on purpose stays empty for them.)
  const [sampleTouched, setSampleTouched] = useState(false);
  const dataText = collab.sampleDataText.trim() !== "" || sampleTouched ? collab.sampleDataText : schemaSample;
  const localSample = useLocalSampleData(id, collab);
  const [newBandKind, setNewBandKind] = useState<BandKind>("detail");
  const locateRef = useRef<((x: number, y: number) => CanvasPoint | null) | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const parsed = useMemo(() => parseJsonObject(dataText), [dataText]);
  const comments = useDesignerComments(id, doc);
  // The AI tab is offered only when the server has AI configured.
  const aiStatus = useQuery({ queryKey: ["ai-status"], queryFn: () => aiApi.status(), staleTime: 60_000, retry: false });
  const aiOn = aiStatus.data?.enabled === true;
  // The canvas reads the session through a ref, so a gesture in progress sees the lock as it is now.
  const collabRef = useRef(collab);
  collabRef.current = collab;
  const canvasCollab = useMemo((): CanvasCollab => ({
    peers: collab.peers,
    setLocalAwareness: (patch) => collabRef.current.setLocalAwareness(patch),
    claim: (ids, kind) => collabRef.current.claim(ids, kind),
    release: () => collabRef.current.release(),
    lockedBy: (elId) => collabRef.current.lockedBy(elId),
    holdsLock: () => collabRef.current.session.snapshot.local.lock !== null,
  }), [collab.peers]);
  const data = parsed.ok ? parsed.value : null;
  const page = resolvePageSize(doc.pageSize);

  // Fit: the page's width fills the canvas pane.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    // The pane's padding (the band labels' gutter on the left) is not room for the page.
    const update = () => {
      const style = getComputedStyle(el);
      const room = el.clientWidth - (parseFloat(style.paddingLeft) || 0) - (parseFloat(style.paddingRight) || 0);
      setFitScale(Math.max(0.25, room / (page.width * PX_PER_PT)));
    };
    update();
    const ro = new ResizeObserver(update);
    ro.observe(el);
    return () => ro.disconnect();
  }, [page.width]);
  const scale = (zoom === "fit" ? fitScale : zoom) * PX_PER_PT;

  // Closing the tab with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  // A selection that no longer exists (removed by undo, say) is dropped.
  const all = useMemo(() => elementsById(doc), [doc]);
  const live = selection.filter((s) => all.has(s));
  const stale = live.length !== selection.length;
  useEffect(() => {
    if (stale) setSelection((sel) => sel.filter((s) => all.has(s)));
  }, [stale, all]);

  const takenId = (i: string) => all.has(i) || doc.bands.some((b) => b.id === i);
  const targetBand = (): string | null => {
    const fromSel = live[0] ? all.get(live[0])?.band.id : undefined;
    return fromSel ?? selectedBand ?? doc.bands.find((b) => b.kind === "detail" || b.kind === "report-header")?.id ?? doc.bands[0]?.id ?? null;
  };
  const ensureBand = (): string => {
    const b = targetBand();
    if (b) return b;
    const bandId = newId("band", takenId);
    editor.addBand({ id: bandId, kind: "report-header", height: 80, elements: [] });
    return bandId;
  };
  // Dropped: where the pointer was released, kept on the page. Clicked: in free space of the selected band
  // (which grows, in the same step, when nothing is free), never on top of what is there.
  const addElement = (type: ElementType, at?: CanvasPoint) => {
    if (!editor.canEdit) return;
    const bandId = at?.bandId ?? ensureBand();
    const proto = newElement(type, newId(type, takenId), 0, 0);
    const margins = resolveMargins(doc);
    const contentWidth = page.width - margins.left - margins.right;
    const target = doc.bands.find((b) => b.id === bandId);
    const spot = at ? clampDrop(at, proto, contentWidth) : freeSpot(target?.elements ?? [], proto, { width: contentWidth, height: target?.height ?? 80 });
    const el = { ...proto, x: spot.x, y: spot.y };
    const grow = "bandHeight" in spot ? spot.bandHeight : undefined;
    if (grow !== undefined) {
      const both = () => { editor.updateBand(bandId, { height: grow }); editor.addElements(bandId, [el]); };
      if (editor.transact) editor.transact(both); else both();
    } else editor.addElements(bandId, [el]);
    setSelection([el.id]);
    setSelectedBand(bandId);
    setTab("Properties");
  };

  const dropField = (field: FieldPath, at: CanvasPoint) => {
    const band = doc.bands.find((b) => b.id === at.bandId);
    if (!band || !editor.canEdit) return;
    const wid = newId("f", takenId);
    // Dropped on a table of the same array: a new column.
    const table = band.elements.find((e): e is Extract<Element, { type: "table" }> => e.type === "table" && at.x >= e.x && at.x <= e.x + e.width && at.y >= e.y && at.y <= e.y + e.height);
    if (table && field.within && table.bindingField === field.within) {
      editor.updateElements([{ id: table.id, patch: { columns: [...table.columns, { key: field.path, header: field.label, width: 80, ...(field.type === "number" ? { align: "right" } : {}) }] } }]);
      setSelection([table.id]);
      return;
    }
    let el: Element;
    if (field.type === "array") {
      const itemFields = doc.schema.length ? fieldsOf(doc.schema, field.path) : [];
      const width = Math.min(400, Math.max(120, itemFields.length * 90));
      el = { id: wid, type: "table", x: Math.round(at.x), y: Math.round(at.y), width, height: 38, bindingField: field.path,
        columns: itemFields.slice(0, 6).map((f) => ({ key: f.key, header: f.label ?? f.key, width: Math.round(width / Math.min(6, itemFields.length)), ...(f.type === "number" ? { align: "right" as const } : {}) })) };
    } else if (field.type === "image") {
      el = { ...newElement("image", wid, at.x, at.y), src: `{{${field.path}}}` } as Element;
    } else {
      // Inside a band bound to the field's array the row resolves first, so the path is the item's own.
      const path = field.within && band.bindingField !== field.within ? `${field.within}[0].${field.path}` : field.path;
      const fmt = field.type === "number" ? ' | number:"#,##0.00"' : field.type === "date" ? ' | date:"medium"' : "";
      el = { ...newElement("text", wid, at.x, at.y), text: `{{${path}${fmt}}}`, ...(field.type === "number" ? { align: "right" } : {}) } as Element;
    }
    editor.addElements(band.id, [el]);
    setSelection([el.id]);
    setTab("Properties");
  };

  const { start: startPaletteDrag, ghostView } = usePaletteDrag(() => locateRef.current);
  const onToolPointerDown = (e: ReactPointerEvent, type: ElementType) =>
    startPaletteDrag(e, type, (p) => addElement(type, p), () => addElement(type));
  const onFieldPointerDown = (e: ReactPointerEvent, field: FieldPath) =>
    startPaletteDrag(e, `{{${field.path}}}`, (p) => dropField(field, p), () => undefined);

  // Focus between the canvas and the panels (Enter, Escape, after a removal).
  const keyboard = useKeyboardFocus(() => live[0] ?? selectedBand);
  const onKeyDown = (e: KeyboardEvent) => {
    if ((e.target as HTMLElement).closest("input, textarea, select")) return;
    const mod = e.ctrlKey || e.metaKey;
    const key = e.key.toLowerCase();
    if (mod && key === "z") { e.preventDefault(); return e.shiftKey ? editor.redo() : editor.undo(); }
    if (mod && key === "y") { e.preventDefault(); return editor.redo(); }
    if (mod && key === "a") { e.preventDefault(); return setSelection([...all.keys()]); }
    if (e.key === "Escape") return setSelection([]);
    if (!editor.canEdit) return;
    if (mod && key === "c") return void copy(editor, live);
    if (mod && key === "x") { if (copy(editor, live)) editor.removeElements(live); return; }
    if (mod && key === "v") { e.preventDefault(); const ids = paste(editor, targetBand()); if (ids.length) setSelection(ids); return; }
    if (mod && key === "d") { e.preventDefault(); const ids = duplicate(editor, live); if (ids.length) setSelection(ids); return; }
    if ((e.key === "Delete" || e.key === "Backspace") && live.length) {
      e.preventDefault();
      // The keyboard's place is kept: the focus goes to the band the (first) removed element was in.
      const from = all.get(live[0]!)?.band.id ?? null;
      editor.removeElements(live);
      setSelection([]);
      if (from && (e.target as HTMLElement).dataset["canvasItem"]) { setSelectedBand(from); keyboard.refocus(from); }
      return;
    }
    const step = e.shiftKey ? 10 : 1;
    const arrows: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const d = arrows[e.key];
    if (d && live.length) { e.preventDefault(); nudge(editor, live, d[0], d[1]); }
  };

  const selectedEls = live.map((i) => all.get(i)!.element);
  const sameBand = live.length > 0 && live.every((i) => all.get(i)!.band.id === all.get(live[0]!)!.band.id);
  const doAlign = (how: Alignment) => editor.updateElements(align(selectedEls, how));
  const one = live.length === 1 ? all.get(live[0]!) : undefined;
  const band = doc.bands.find((b) => b.id === selectedBand);

  // Peers see what this user selected.
  const selectionKey = live.join(",");
  useEffect(() => {
    collabRef.current.setLocalAwareness({ selection: selectionKey ? selectionKey.split(",") : selectedBand ? [selectedBand] : [] });
  }, [selectionKey, selectedBand]);

  // Enter on the canvas edits: the properties tab, its main field focused once it is drawn.
  const onEdit = (t: { bandId: string; elementId?: string }) => {
    setSelectedBand(t.bandId);
    setSelection(t.elementId ? [t.elementId] : []);
    setTab("Properties");
    keyboard.edit(t.elementId ? all.get(t.elementId)?.element.type ?? null : null);
  };
  const announcement = selectionAnnouncement(live.map((i) => all.get(i)!), band);

  const onTarget = useCallback((t: { bandId: string; elementId?: string }) => {
    setSelectedBand(t.bandId);
    setSelection(t.elementId ? [t.elementId] : []);
    setTab("Properties");
    document.querySelector(`[data-testid="element-${t.elementId ?? ""}"], [data-testid="band-${t.bandId}"]`)?.scrollIntoView({ block: "center" });
  }, []);

  // A detail's header or footer belongs to the selected detail (or the detail of the selected band, else the
  // first one): without one the document would not validate, so none is added and the reason is shown.
  const [bandNote, setBandNote] = useState<string | null>(null);
  const addBand = () => {
    const needsParent = newBandKind === "detail-header" || newBandKind === "detail-footer";
    const selected = doc.bands.find((b) => b.id === selectedBand);
    const parent = [selected?.id, selected?.parentId].map((bid) => doc.bands.find((b) => b.id === bid && b.kind === "detail")).find(Boolean) ?? doc.bands.find((b) => b.kind === "detail");
    if (needsParent && !parent) return setBandNote(`A ${newBandKind} belongs to a detail band: add a detail band first.`);
    setBandNote(null);
    const bandId = newId("band", takenId);
    editor.addBand({ id: bandId, kind: newBandKind, height: 40, elements: [], ...(needsParent && parent ? { parentId: parent.id } : {}) });
    setSelectedBand(bandId);
  };

  return (
    <div className="designer" data-testid="designer">
      <div className="template-head">
        <Link to={`/templates/${id}`} className="back truncate" title={name}>← {name}</Link>
        <span className="badge">designer</span>
        {!editor.canEdit && <span className="badge" data-testid="read-only">read-only</span>}
        <span className="d-status" data-testid="designer-status" data-status={collab.status} role="status">{collab.status}</span>
        <ul className="d-peers" aria-label="Also designing">
          {collab.peers.map((p) => (
            <li key={p.clientId} data-testid="peer-avatar" data-user={p.user.name} title={p.user.name} style={{ background: p.user.colour }}>
              <span aria-hidden="true">{p.user.name.slice(0, 2).toUpperCase()}</span><span className="sr-only">{p.user.name}</span>
            </li>
          ))}
        </ul>
        <span className="d-head-tools">
          <button type="button" onClick={editor.undo} disabled={!editor.canUndo} data-testid="undo" title="Undo (Ctrl+Z)">↶ Undo</button>
          <button type="button" onClick={editor.redo} disabled={!editor.canRedo} data-testid="redo" title="Redo (Ctrl+Shift+Z)">↷ Redo</button>
          <label>Zoom{" "}
            <select data-testid="zoom" value={String(zoom)} onChange={(e) => setZoom(e.target.value === "fit" ? "fit" : Number(e.target.value))}>
              <option value="fit">Fit</option>
              {ZOOMS.map((z) => <option key={z} value={z}>{z * 100} %</option>)}
            </select>
          </label>
          <label>Grid{" "}
            <select value={grid} onChange={(e) => setGrid(Number(e.target.value))} data-testid="grid">
              {[0, 1, 2, 4, 5, 8, 10].map((g) => <option key={g} value={g}>{g ? `${g} pt` : "off"}</option>)}
            </select>
          </label>
          <label className="d-check"><input type="checkbox" checked={showData} onChange={(e) => setShowData(e.target.checked)} data-testid="show-data" /> Sample values</label>
        </span>
        <span className="save-state" role="status" data-testid="save-state">{saving ? "Saving…" : dirty ? "Unsaved changes" : "Saved"}</span>
        {editor.canEdit && <button className="primary" data-testid="save" onClick={onSave} disabled={saving || !dirty}>Save</button>}
      </div>
      <Problem error={saveError} />
      <div className="d-toolbar-row">
        <Toolbar disabled={!editor.canEdit} onStart={onToolPointerDown} onAdd={(t) => addElement(t)} />
        <div className="d-arrange" role="toolbar" aria-label="Arrange">
          {(["left", "center", "right", "top", "middle", "bottom"] as const).map((a) => (
            <button key={a} type="button" data-testid={`align-${a}`} disabled={!editor.canEdit || live.length < 2 || !sameBand} onClick={() => doAlign(a)} title={`Align ${a}`} aria-label={`Align ${a}`}><AlignIcon how={a} /> {a}</button>
          ))}
          <button type="button" data-testid="distribute-x" disabled={!editor.canEdit || live.length < 3 || !sameBand} onClick={() => editor.updateElements(distribute(selectedEls, "x"))}>Distribute ↔</button>
          <button type="button" data-testid="distribute-y" disabled={!editor.canEdit || live.length < 3 || !sameBand} onClick={() => editor.updateElements(distribute(selectedEls, "y"))}>Distribute ↕</button>
          <button type="button" data-testid="to-front" disabled={!editor.canEdit || live.length !== 1} onClick={() => editor.reorderElement(live[0]!, "front")}>To front</button>
          <button type="button" data-testid="to-back" disabled={!editor.canEdit || live.length !== 1} onClick={() => editor.reorderElement(live[0]!, "back")}>To back</button>
          <button type="button" data-testid="forward" disabled={!editor.canEdit || live.length !== 1} onClick={() => editor.reorderElement(live[0]!, "forward")} title="One step forward">Forward</button>
          <button type="button" data-testid="backward" disabled={!editor.canEdit || live.length !== 1} onClick={() => editor.reorderElement(live[0]!, "backward")} title="One step backward">Backward</button>
          <button type="button" data-testid="duplicate" disabled={!editor.canEdit || !live.length} onClick={() => setSelection(duplicate(editor, live))}>Duplicate</button>
          <button type="button" data-testid="paste" disabled={!editor.canEdit || !canPaste()} onClick={() => setSelection(paste(editor, targetBand()))}>Paste</button>
          <button type="button" data-testid="delete" disabled={!editor.canEdit || !live.length} onClick={() => { editor.removeElements(live); setSelection([]); }}>Delete</button>
          <span className="d-add-band">
            <select aria-label="New band kind" value={newBandKind} onChange={(e) => setNewBandKind(e.target.value as BandKind)} disabled={!editor.canEdit}>
              {BAND_KINDS.map((k) => <option key={k}>{k}</option>)}
            </select>
            <button type="button" data-testid="add-band" disabled={!editor.canEdit} onClick={addBand}>Add band</button>
            {bandNote && <span className="field-error" role="alert" data-testid="add-band-note">{bandNote}</span>}
          </span>
        </div>
      </div>
      <div className="d-body">
        <aside className="d-side" onKeyDown={keyboard.backToCanvas}>
          <div role="tablist" aria-label="Designer panels" className="tabs">
            {TABS.filter((t) => t !== "AI" || aiOn).map((t) => <button key={t} role="tab" id={`dtab-${t}`} aria-selected={tab === t} data-testid={`dtab-${t}`} onClick={() => setTab(t)}>{t}</button>)}
          </div>
          <div role="tabpanel" aria-labelledby={`dtab-${tab}`} className="d-tabpanel">
            {tab === "Properties" && (one
              ? <ElementProps key={one.element.id} editor={editor} element={one.element} band={one.band} fonts={fonts} data={data} />
              : live.length > 1 ? <p className="d-note">{live.length} elements selected: move, align or distribute them together.</p>
              : band ? <BandProps key={band.id} editor={editor} band={band} onRemoved={() => setSelectedBand(null)} {...(aiOn ? { onRefine: () => setTab("AI") } : {})} />
              : <p className="d-note">Select an element or a band, or add one from the toolbar.</p>)}
            {tab === "Document" && <DocumentProps editor={editor} fonts={fonts} />}
            {tab === "Data" && (
              <SchemaPanel editor={editor} dataText={dataText} dataError={parsed.ok ? null : parsed.message}
                onDataText={(base, next, caret) => {
                  setSampleTouched(true);
                  if (collab.sampleDataText.trim() === "") collab.replaceSampleData(next);
                  else collab.editSampleData(base, next, caret);
                }}
                onResetData={() => collab.replaceSampleData(schemaSample)} localOffer={localSample}
                onFieldPointerDown={onFieldPointerDown} />
            )}
            {tab === "Versions" && <VersionsPanel collab={collab} />}
            {tab === "Comments" && <CommentsTab comments={comments} anchor={one ? { kind: "element", id: one.element.id } : band ? { kind: "band", id: band.id } : null} onShow={onTarget} doc={doc} />}
            {tab === "AI" && aiOn && <AiPanel editor={editor} bandId={selectedBand} data={data} onPreview={setDraftPreview} />}
          </div>
        </aside>
        <div className="d-canvas-scroll" ref={scroller} tabIndex={0} onKeyDown={onKeyDown} aria-label="Page canvas" data-testid="canvas-scroll">
          <Canvas editor={editor} preview={draftPreview} selection={live} onSelect={(ids) => { setSelection(ids); if (ids[0]) { setSelectedBand(bandOfElement(doc, ids[0])?.id ?? null); setTab("Properties"); } }}
            selectedBand={selectedBand} onSelectBand={(b) => { setSelectedBand(b); setTab("Properties"); }} scale={scale} grid={grid} data={showData ? data : null} locateRef={locateRef} collab={canvasCollab}
            onEdit={onEdit} pins={comments.pins} onPin={(anchorId) => { const b = doc.bands.find((x) => x.id === anchorId); if (b) { setSelectedBand(b.id); setSelection([]); } else setSelection([anchorId]); setTab("Comments"); }} />
        </div>
        <DesignerPreview doc={doc} data={data} onTarget={onTarget} />
      </div>
      {ghostView}
      <div className="sr-only" role="status" aria-live="polite" data-testid="selection-announcer">{announcement}</div>
    </div>
  );
}

function fieldsOf(schema: readonly SchemaField[], path: string): readonly SchemaField[] {
  let fields: readonly SchemaField[] | undefined = schema;
  let found: SchemaField | undefined;
  for (const k of path.split(".")) { found = fields?.find((f) => f.key === k); fields = found?.fields; }
  return found?.fields ?? [];
}
