// The designer's document when it is edited alone: loaded with GET, saved with PUT (expectedUpdatedAt).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useRef, useState, useSyncExternalStore } from "react";
import { templates } from "../../api/endpoints";
import type { Template } from "../../api/types";
import type { TemplateDocument } from "../engine";
import type { DesignerEditor } from "./editor";
import { LocalDocStore } from "./local-store";

export interface DesignerSession {
  readonly template: Template | undefined;
  readonly loadError: unknown;
  /** Set when the stored content is not a report document (an HTML template, broken JSON). */
  readonly notReport: string | null;
  readonly editor: DesignerEditor | null;
  readonly dirty: boolean;
  readonly saving: boolean;
  readonly saveError: unknown;
  save(): void;
}

const EMPTY = new LocalDocStore({ version: 4, pageSize: { id: "a4" }, bands: [], schema: [] }, false);

export function useLocalDesigner(id: string, canEdit: boolean): DesignerSession {
  const client = useQueryClient();
  const query = useQuery({ queryKey: ["template", id], queryFn: () => templates.get(id), staleTime: 0 });
  const [base, setBase] = useState<Template | undefined>();
  const stores = useRef(new Map<string, LocalDocStore>());
  const template = base ?? (query.isFetchedAfterMount ? query.data : undefined);

  const parsed = useMemo((): { doc: TemplateDocument | null; problem: string | null } => {
    if (!template) return { doc: null, problem: null };
    if (template.editorMode === "html") return { doc: null, problem: "html" };
    try {
      const doc = JSON.parse(template.content) as TemplateDocument;
      if (typeof doc !== "object" || doc === null || !Array.isArray(doc.bands)) return { doc: null, problem: "The stored content is not a report document." };
      return { doc: { ...doc, schema: Array.isArray(doc.schema) ? doc.schema : [] }, problem: null };
    } catch {
      return { doc: null, problem: "The stored content is not valid JSON; fix it in the JSON editor first." };
    }
  }, [template]);

  // One store per loaded template record: the first load makes it; saving keeps it (the saved content is ours).
  const key = template ? template.id : "";
  let store = stores.current.get(key);
  if (!store && parsed.doc) {
    store = new LocalDocStore(parsed.doc, canEdit);
    stores.current.set(key, store);
  }
  const editor = useSyncExternalStore((store ?? EMPTY).subscribe, (store ?? EMPTY).getSnapshot);
  const content = store ? JSON.stringify(editor.doc, null, 2) : "";

  const mutation = useMutation({
    mutationFn: () => templates.save(id, { content, expectedUpdatedAt: template?.updatedAt ?? null }),
    onSuccess: (t) => {
      setBase(t);
      client.setQueryData(["template", id], t);
      void client.invalidateQueries({ queryKey: ["versions", id] });
    },
  });

  return {
    template,
    loadError: query.error,
    notReport: parsed.problem,
    editor: store ? editor : null,
    dirty: store !== undefined && template !== undefined && normalise(content) !== normalise(template.content),
    saving: mutation.isPending,
    saveError: mutation.error,
    save: () => mutation.mutate(),
  };
}

function normalise(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}
