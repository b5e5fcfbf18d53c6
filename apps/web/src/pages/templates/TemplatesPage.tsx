// The template list: search (server-side by name), sort, create, rename, duplicate, delete.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useDeferredValue, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { useCapabilities } from "../../api/capabilities";
import { templates } from "../../api/endpoints";
import type { TemplateSummary } from "../../api/types";
import { useSignedIn } from "../../auth/session";
import { Modal } from "../../ui/Modal";
import { Field } from "../../ui/Field";
import { formatTime } from "../../ui/format";
import { Problem } from "../../ui/Problem";
import { Empty, Loading } from "../../ui/states";
import { checkName } from "../../ui/validation";
import { loadStarter, type StarterKind } from "./starters";

type Sort = "updated" | "name";

function sortTemplates(list: readonly TemplateSummary[], sort: Sort): TemplateSummary[] {
  return [...list].sort((a, b) => (sort === "name" ? a.name.localeCompare(b.name) : b.updatedAt.localeCompare(a.updatedAt)));
}

function CreateDialog({ open, onOpenChange }: { readonly open: boolean; readonly onOpenChange: (o: boolean) => void }) {
  const navigate = useNavigate();
  const capabilities = useCapabilities();
  const [name, setName] = useState("");
  const [kind, setKind] = useState<StarterKind>("blank");
  const [error, setError] = useState<string | undefined>();
  const create = useMutation({
    mutationFn: async () => {
      const starter = await loadStarter(kind);
      // The starter's data becomes the template's sample data (shared with everyone who opens it).
      return templates.create(name.trim(), starter.content, starter.editorMode, starter.data);
    },
    onSuccess: (t) => void navigate(`/templates/${t.id}`),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkName(name, 200, "a template name");
    setError(found);
    if (!found) create.mutate();
  };
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="New template" actions={null}>
      <form onSubmit={submit} noValidate>
        <Field label="Template name" value={name} onChange={(e) => setName(e.target.value)} error={error} autoFocus />
        <fieldset>
          <legend>Start from</legend>
          <label><input type="radio" name="starter" checked={kind === "blank"} onChange={() => setKind("blank")} /> A blank report</label>
          {capabilities?.htmlTemplates && <label><input type="radio" name="starter" checked={kind === "html"} onChange={() => setKind("html")} /> HTML with {"{{tokens}}"}</label>}
          <label><input type="radio" name="starter" checked={kind === "invoice"} onChange={() => setKind("invoice")} /> The invoice example</label>
        </fieldset>
        <Problem error={create.error} />
        <div className="actions">
          <button type="button" onClick={() => onOpenChange(false)}>Cancel</button>
          <button type="submit" className="primary" disabled={create.isPending}>Create</button>
        </div>
      </form>
    </Modal>
  );
}

function RenameDialog({ template, onClose }: { readonly template: TemplateSummary | null; readonly onClose: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(template?.name ?? "");
  const [error, setError] = useState<string | undefined>();
  const rename = useMutation({
    mutationFn: async (t: TemplateSummary) => {
      const full = await templates.get(t.id);
      return templates.save(t.id, { content: full.content, name: name.trim(), expectedUpdatedAt: full.updatedAt });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["templates"] });
      onClose();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkName(name, 200, "a template name");
    setError(found);
    if (!found && template) rename.mutate(template);
  };
  return (
    <Modal open={template !== null} onOpenChange={(o) => !o && onClose()} title={`Rename “${template?.name ?? ""}”`} actions={null}>
      <form onSubmit={submit} noValidate>
        <Field label="New name" value={name} onChange={(e) => setName(e.target.value)} error={error} autoFocus />
        <Problem error={rename.error} />
        <div className="actions">
          <button type="button" onClick={onClose}>Cancel</button>
          <button type="submit" className="primary" disabled={rename.isPending}>Rename</button>
        </div>
      </form>
    </Modal>
  );
}

/** The templates page. */
export function TemplatesPage() {
  const session = useSignedIn();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const name = useDeferredValue(search.trim());
  const [sort, setSort] = useState<Sort>("updated");
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<TemplateSummary | null>(null);
  const [deleting, setDeleting] = useState<TemplateSummary | null>(null);
  const list = useQuery({ queryKey: ["templates", name], queryFn: () => templates.list(name) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["templates"] });
  const remove = useMutation({ mutationFn: (id: string) => templates.remove(id), onSuccess: () => setDeleting(null), onSettled: refresh });
  const duplicate = useMutation({
    mutationFn: async (t: TemplateSummary) => {
      const full = await templates.get(t.id);
      return templates.create(`${t.name} (copy)`, full.content, full.editorMode, full.sampleData ?? null);
    },
    onSettled: refresh,
  });
  const canEdit = session.role !== "Viewer";
  return (
    <section aria-labelledby="templates-title">
      <div className="page-head">
        <h1 id="templates-title">Templates</h1>
        {canEdit && <button className="primary" onClick={() => setCreating(true)}>New template</button>}
      </div>
      <div className="toolbar">
        <Field label="Search by name" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        <div className="field">
          <label htmlFor="template-sort">Sort by</label>
          <select id="template-sort" value={sort} onChange={(e) => setSort(e.target.value as Sort)}>
            <option value="updated">Last changed</option>
            <option value="name">Name</option>
          </select>
        </div>
      </div>
      <Problem error={remove.error ?? duplicate.error} />
      {list.isPending ? <Loading what="Loading templates" /> : <Problem error={list.error} />}
      {list.data?.length === 0 && <Empty>{name ? `No template matches “${name}”.` : "No templates yet. Create one to start."}</Empty>}
      {list.data && list.data.length > 0 && (
        <table>
          <thead><tr><th scope="col">Name</th><th scope="col">Kind</th><th scope="col">Last changed</th><th scope="col"><span className="sr-only">Actions</span></th></tr></thead>
          <tbody>
            {sortTemplates(list.data, sort).map((t) => (
              <tr key={t.id}>
                <td className="name-cell"><Link to={`/templates/${t.id}`} className="truncate" title={t.name}>{t.name}</Link></td>
                <td>{t.editorMode}</td>
                <td>{formatTime(t.updatedAt)}</td>
                <td className="row-actions">
                  {canEdit && <>
                    <button className="small" onClick={() => setRenaming(t)} aria-label={`Rename ${t.name}`}>Rename</button>
                    <button className="small" onClick={() => duplicate.mutate(t)} aria-label={`Duplicate ${t.name}`}>Duplicate</button>
                    <button className="small danger" onClick={() => setDeleting(t)} aria-label={`Delete ${t.name}`}>Delete</button>
                  </>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <CreateDialog open={creating} onOpenChange={setCreating} />
      <RenameDialog key={renaming?.id ?? "none"} template={renaming} onClose={() => setRenaming(null)} />
      <Modal
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete template?"
        actions={<>
          <button onClick={() => setDeleting(null)}>Cancel</button>
          <button className="danger" onClick={() => deleting && remove.mutate(deleting.id)} disabled={remove.isPending}>Delete</button>
        </>}
      >
        <p>“{deleting?.name}” and its versions, comments and batch jobs are deleted. This cannot be undone.</p>
      </Modal>
    </section>
  );
}
