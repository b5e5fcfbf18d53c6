// The template being edited: the stored record, the draft text and name, and saving with expectedUpdatedAt.
// A 409 (someone saved since this page loaded) is kept as `conflict` for the dialog to settle.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { templates, type SaveTemplate } from "../../api/endpoints";
import { ApiError } from "../../api/errors";
import type { Template } from "../../api/types";

/** The draft and its actions. */
export interface TemplateDraft {
  readonly template: Template | undefined;
  readonly loadError: unknown;
  readonly content: string;
  readonly name: string;
  readonly dirty: boolean;
  readonly saving: boolean;
  readonly saveError: unknown;
  readonly conflict: boolean;
  /** Why settling the conflict failed (the dialog shows it). */
  readonly conflictError: unknown;
  setContent(content: string): void;
  setName(name: string): void;
  save(extra?: Partial<Pick<SaveTemplate, "versionKind" | "content" | "editorMode">>): void;
  /** Conflict: take the stored version, dropping the draft. */
  reload(): Promise<void>;
  /** Conflict: save the draft over the stored version. */
  overwrite(): Promise<void>;
  dismissConflict(): void;
}

/** Loads template `id` and keeps a draft of it. */
export function useTemplateDraft(id: string): TemplateDraft {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ["template", id], queryFn: () => templates.get(id) });
  const [content, setContent] = useState("");
  const [name, setName] = useState("");
  const [base, setBase] = useState<Template | undefined>();
  const [conflict, setConflict] = useState(false);
  const [conflictError, setConflictError] = useState<unknown>(null);

  const adopt = useCallback(
    (t: Template) => {
      setBase(t);
      setContent(t.content);
      setName(t.name);
      queryClient.setQueryData(["template", id], t);
      void queryClient.invalidateQueries({ queryKey: ["templates"] });
      void queryClient.invalidateQueries({ queryKey: ["versions", id] });
    },
    [id, queryClient],
  );

  // The first answer fetched for this page fills the draft (a cached copy may be stale, and saving over it
  // would be a needless conflict); later refetches do not overwrite what the user typed.
  useEffect(() => {
    if (query.data && base === undefined && query.isFetchedAfterMount) {
      setBase(query.data);
      setContent(query.data.content);
      setName(query.data.name);
    }
  }, [query.data, query.isFetchedAfterMount, base]);

  const mutation = useMutation({
    mutationFn: (body: SaveTemplate) => templates.save(id, body),
    onSuccess: adopt,
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) setConflict(true);
    },
  });

  const save = (extra: Partial<Pick<SaveTemplate, "versionKind" | "content" | "editorMode">> = {}) =>
    mutation.mutate({ name: name.trim() || base?.name, expectedUpdatedAt: base?.updatedAt ?? null, ...extra, content: extra.content ?? content });

  return {
    template: base,
    loadError: query.error,
    content,
    name,
    dirty: base !== undefined && (content !== base.content || name !== base.name),
    saving: mutation.isPending,
    saveError: mutation.error instanceof ApiError && mutation.error.status === 409 ? null : mutation.error,
    conflict,
    setContent,
    setName,
    save,
    conflictError,
    async reload() {
      try {
        adopt(await templates.get(id));
        setConflict(false);
        mutation.reset();
      } catch (err) {
        setConflictError(err);
      }
    },
    async overwrite() {
      try {
        const latest = await templates.get(id);
        setConflict(false);
        mutation.mutate({ content, name: name.trim() || latest.name, expectedUpdatedAt: latest.updatedAt });
      } catch (err) {
        setConflictError(err);
      }
    },
    dismissConflict: () => {
      setConflict(false);
      setConflictError(null);
    },
  };
}
