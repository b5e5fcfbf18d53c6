// The designer's versions tab: the template's versions, newest first; "Restore" replaces the shared document
// for everyone in the room (one undoable step of the restorer) and saves it as a `restore` version; "Save as
// version" saves the current document as a manual version with an optional label.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { templates } from "../../api/endpoints";
import type { TemplateVersion } from "../../api/types";
import { formatTime } from "../../ui/format";
import { Problem } from "../../ui/Problem";
import { Empty, Loading } from "../../ui/states";
import type { DesignerDoc } from "./useDesignerDoc";

/** The versions tab of the designer. */
export function VersionsPanel({ collab }: { readonly collab: DesignerDoc }) {
  const templateId = collab.session.templateId;
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ["versions", templateId], queryFn: () => templates.versions(templateId) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["versions", templateId] });
  const [label, setLabel] = useState("");
  const name = useMutation({
    mutationFn: async () => {
      await collab.save("manual");
      if (label.trim() !== "") await templates.nameVersion(templateId, label.trim());
    },
    onSuccess: () => setLabel(""),
    onSettled: refresh,
  });
  const restore = useMutation({ mutationFn: (v: TemplateVersion) => collab.restoreVersion(v.id), onSettled: refresh });
  return (
    <section className="d-panel" aria-label="Versions" data-testid="versions-panel">
      {collab.canEdit && (
        <form className="inline-form" onSubmit={(e) => { e.preventDefault(); name.mutate(); }}>
          <div className="field">
            <label htmlFor="d-version-label">Label (optional)</label>
            <input id="d-version-label" value={label} onChange={(e) => setLabel(e.target.value)} placeholder="e.g. Sent to the client" maxLength={200} />
          </div>
          <button type="submit" disabled={name.isPending} data-testid="version-save">Save as version</button>
        </form>
      )}
      <Problem error={name.error ?? restore.error} />
      {list.isPending ? <Loading what="Loading versions" /> : <Problem error={list.error} />}
      {list.data?.length === 0 && <Empty>No versions yet: every save records one.</Empty>}
      <ol className="versions">
        {list.data?.map((v) => (
          <li key={v.id} data-testid="version-row" data-version-id={v.id} data-kind={v.kind}>
            <div>
              <strong>#{v.number} {v.label ?? ""}</strong> <span className="badge">{v.kind}</span>
              <div className="hint">{formatTime(v.updatedAt)}</div>
            </div>
            {collab.canEdit && v.editorMode === "report" && (
              <button className="small" data-testid="version-restore" disabled={restore.isPending} onClick={() => restore.mutate(v)} aria-label={`Restore version ${v.number}`}>
                Restore
              </button>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
