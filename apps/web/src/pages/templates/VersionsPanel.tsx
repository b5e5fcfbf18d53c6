// Versions: list (kind, label, author, time), name the current state, view one in the preview, restore
// (a save with versionKind "restore"), rename.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { templates, workspaces } from "../../api/endpoints";
import type { TemplateVersion, TemplateVersionDetail } from "../../api/types";
import { Modal } from "../../ui/Modal";
import { Field } from "../../ui/Field";
import { formatTime } from "../../ui/format";
import { Problem } from "../../ui/Problem";
import { Empty, Loading } from "../../ui/states";

interface VersionsPanelProps {
  readonly templateId: string;
  readonly canEdit: boolean;
  /** Shows a version's content in the preview (null: back to the draft). */
  readonly onView: (version: TemplateVersionDetail | null) => void;
  readonly viewing: string | null;
  readonly onRestore: (version: TemplateVersionDetail) => void;
}

/** The versions tab. */
export function VersionsPanel({ templateId, canEdit, onView, viewing, onRestore }: VersionsPanelProps) {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ["versions", templateId], queryFn: () => templates.versions(templateId) });
  const members = useQuery({ queryKey: ["members"], queryFn: workspaces.members });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["versions", templateId] });
  const [label, setLabel] = useState("");
  const name = useMutation({ mutationFn: () => templates.nameVersion(templateId, label.trim() || null), onSuccess: () => setLabel(""), onSettled: refresh });
  const [renaming, setRenaming] = useState<TemplateVersion | null>(null);
  const [newLabel, setNewLabel] = useState("");
  const rename = useMutation({
    mutationFn: (v: TemplateVersion) => templates.renameVersion(templateId, v.id, newLabel.trim() || null),
    onSuccess: () => setRenaming(null),
    onSettled: refresh,
  });
  const startRename = (v: TemplateVersion) => {
    setNewLabel(v.label ?? "");
    rename.reset();
    setRenaming(v);
  };
  const submitRename = (e: FormEvent) => {
    e.preventDefault();
    if (renaming) rename.mutate(renaming);
  };
  const load = useMutation({ mutationFn: (v: TemplateVersion) => templates.version(templateId, v.id) });
  const author = (id: string | null) => members.data?.find((m) => m.userId === id)?.email ?? (id ? "a former member" : "—");
  return (
    <div className="panel-body">
      {canEdit && (
        <form className="inline-form" onSubmit={(e) => { e.preventDefault(); name.mutate(); }}>
          <div className="field">
            <label htmlFor="version-label">Name the saved state</label>
            <input id="version-label" value={label} onChange={(e) => setLabel(e.target.value)} placeholder="e.g. Sent to the client" />
          </div>
          <button type="submit" disabled={name.isPending}>Name version</button>
        </form>
      )}
      <Problem error={name.error ?? load.error} />
      {viewing && <p className="notice" role="status">The preview shows an older version. <button className="link" onClick={() => onView(null)}>Back to the draft</button></p>}
      {list.isPending ? <Loading what="Loading versions" /> : <Problem error={list.error} />}
      {list.data?.length === 0 && <Empty>No versions yet: every save records one.</Empty>}
      <ol className="versions">
        {list.data?.map((v) => (
          <li key={v.id} aria-current={viewing === v.id ? "true" : undefined}>
            <div>
              <strong>#{v.number} {v.label ?? ""}</strong> <span className="badge">{v.kind}</span>
              <div className="hint">{author(v.authorId)} · {formatTime(v.updatedAt)}</div>
            </div>
            <div className="row-actions">
              <button className="small" onClick={() => load.mutate(v, { onSuccess: onView })}>View</button>
              {canEdit && <button className="small" onClick={() => load.mutate(v, { onSuccess: onRestore })} aria-label={`Restore version ${v.number}`}>Restore</button>}
              {canEdit && <button className="small" onClick={() => startRename(v)} aria-label={`Rename version ${v.number}`}>Rename</button>}
            </div>
          </li>
        ))}
      </ol>
      <Modal open={renaming !== null} onOpenChange={(o) => !o && setRenaming(null)} title={`Rename version #${renaming?.number ?? ""}`} actions={null}>
        <form onSubmit={submitRename} noValidate>
          <Field label="Label" value={newLabel} onChange={(e) => setNewLabel(e.target.value)} hint="Leave empty to remove the label." maxLength={200} autoFocus />
          <Problem error={rename.error} />
          <div className="actions">
            <button type="button" onClick={() => setRenaming(null)}>Cancel</button>
            <button type="submit" className="primary" disabled={rename.isPending}>Rename</button>
          </div>
        </form>
      </Modal>
    </div>
  );
}
