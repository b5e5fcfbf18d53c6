// Comments for the designer: the template's threads with their anchors, grouped for pins (by element or band
// id, only ids the document still has), plus adding a comment pinned to an element or a band. Polled like the
// template page's comments; adding refreshes at once.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TemplateDocument } from "@docsvc/collab-doc";
import { useMemo } from "react";
import { comments as commentsApi } from "../../api/endpoints";
import type { Comment, CommentAnchor } from "../../api/types";

const POLL_MS = 15_000;

/** The designer's comments. */
export interface DesignerComments {
  readonly threads: readonly Comment[];
  /** Live top-level threads pinned to an id the document has, by that id (element or band). */
  readonly pins: ReadonlyMap<string, readonly Comment[]>;
  /** Threads whose anchor names nothing in the document any more (listed, not pinned). */
  readonly orphans: readonly Comment[];
  readonly add: (body: string, anchor?: CommentAnchor) => Promise<Comment>;
  readonly error: unknown;
}

/** The ids of every band and element of a document. */
function idsOf(doc: TemplateDocument | undefined): Set<string> {
  const ids = new Set<string>();
  for (const band of doc?.bands ?? []) {
    ids.add(band.id);
    for (const el of band.elements) ids.add(el.id);
  }
  return ids;
}

/** Groups threads by anchor (pure: tested). */
export function pinComments(threads: readonly Comment[], doc: TemplateDocument | undefined): { pins: Map<string, Comment[]>; orphans: Comment[] } {
  const ids = idsOf(doc);
  const pins = new Map<string, Comment[]>();
  const orphans: Comment[] = [];
  for (const c of threads) {
    const anchor = c.anchor ?? null;
    if (anchor === null || c.deleted) continue;
    if (ids.has(anchor.id)) pins.set(anchor.id, [...(pins.get(anchor.id) ?? []), c]);
    else orphans.push(c);
  }
  return { pins, orphans };
}

/** The comments of template `templateId`, pinned against `doc`. */
export function useDesignerComments(templateId: string, doc: TemplateDocument | undefined): DesignerComments {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ["comments", templateId], queryFn: () => commentsApi.list(templateId), refetchInterval: POLL_MS });
  const create = useMutation({
    mutationFn: ({ body, anchor }: { body: string; anchor?: CommentAnchor }) => commentsApi.create(templateId, body, anchor),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["comments", templateId] }),
  });
  const threads = list.data ?? [];
  const grouped = useMemo(() => pinComments(threads, doc), [threads, doc]);
  return {
    threads,
    pins: grouped.pins,
    orphans: grouped.orphans,
    add: (body, anchor) => create.mutateAsync(anchor ? { body, anchor } : { body }),
    error: list.error ?? create.error,
  };
}
