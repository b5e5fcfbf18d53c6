// The template being edited: the stored record, the draft text and name, its sample data, and saving with
// expectedUpdatedAt. A 409 (someone saved since this page loaded) is kept as `conflict` for the dialog to settle.
// The sample data is the template's (`sampleData`, shared and versioned with it): edited here it is saved with
// the next save; a copy an earlier version kept in this browser is shown when the template has none and moved
// into it by the next save.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { templates, type SaveTemplate } from "../../api/endpoints";
import { ApiError } from "../../api/errors";
import type { SampleData, Template } from "../../api/types";
import { sameJson } from "@docsvc/collab-doc";
import { parseJsonObject } from "../../ui/validation";
import { DEFAULT_SAMPLE_TEXT, forgetLocalSampleData, localSampleData, sampleText as textOf } from "./sample-data";

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
  /** The sample data's JSON text as shown (the stored data, a local copy, or a default). */
  readonly sampleText: string;
  setContent(content: string): void;
  setName(name: string): void;
  setSampleText(text: string): void;
  save(extra?: Partial<Pick<SaveTemplate, "versionKind" | "content" | "editorMode" | "sampleData">>): void;
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
  const [sampleText, setSampleText] = useState(DEFAULT_SAMPLE_TEXT);
  // Typed here since the last save (or a local copy waiting to be moved into the template): sent with the next save.
  const [samplePending, setSamplePending] = useState(false);

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
      const local = localSampleData(id);
      if (query.data.sampleData) {
        setSampleText(textOf(query.data.sampleData));
        forgetLocalSampleData(id);
      } else if (local !== null) {
        setSampleText(local);
        setSamplePending(true);
      }
    }
  }, [query.data, query.isFetchedAfterMount, base, id]);

  const mutation = useMutation({
    mutationFn: (body: SaveTemplate) => templates.save(id, body),
    onSuccess: (t, body) => {
      adopt(t);
      if (body.sampleData !== undefined) {
        setSamplePending(false);
        forgetLocalSampleData(id);
      }
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) setConflict(true);
    },
  });

  // The sample data goes with a save when it was typed here (or is a local copy to move) and is a JSON object.
  const parsedSample = parseJsonObject(sampleText);
  const pendingSample: SampleData | undefined = samplePending && parsedSample.ok ? (parsedSample.value as SampleData) : undefined;
  const sampleDirty = pendingSample !== undefined && !sameJson(pendingSample, base?.sampleData ?? null);
  const withSample = (): { sampleData?: SampleData } => (pendingSample !== undefined ? { sampleData: pendingSample } : {});

  const save = (extra: Partial<Pick<SaveTemplate, "versionKind" | "content" | "editorMode" | "sampleData">> = {}) => {
    // A restored version brings its data back into the editor.
    if (extra.sampleData) setSampleText(textOf(extra.sampleData));
    mutation.mutate({ name: name.trim() || base?.name, expectedUpdatedAt: base?.updatedAt ?? null, ...withSample(), ...extra, content: extra.content ?? content });
  };

  return {
    template: base,
    loadError: query.error,
    content,
    name,
    dirty: base !== undefined && (content !== base.content || name !== base.name || sampleDirty),
    sampleText,
    setSampleText: (text: string) => {
      setSampleText(text);
      setSamplePending(true);
    },
    saving: mutation.isPending,
    saveError: mutation.error instanceof ApiError && mutation.error.status === 409 ? null : mutation.error,
    conflict,
    setContent,
    setName,
    save,
    conflictError,
    async reload() {
      try {
        const latest = await templates.get(id);
        adopt(latest);
        if (latest.sampleData) setSampleText(textOf(latest.sampleData));
        setSamplePending(false);
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
        mutation.mutate({ content, name: name.trim() || latest.name, expectedUpdatedAt: latest.updatedAt, ...withSample() });
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
