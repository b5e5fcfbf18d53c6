// Comments (Beta): threads on a template, @mentions resolved to members and emailed once each.
import type { SessionPrincipal } from "../auth/principal.js";
import { deleteCommentRow, findComment, hasReplies, insertComment, listComments, markCommentDeleted, type CommentRow } from "../db/comments.js";
import { findTemplate, type TemplateRow } from "../db/templates.js";
import { listMembers } from "../db/workspaces.js";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors.js";
import { uuidv7 } from "../ids.js";
import { mentionMessage } from "../mail/templates/mention.js";
import { clockNow, nowIso } from "../time.js";
import type { ServiceDeps } from "./deps.js";
import { resolveMentions, type Mention } from "./mentions.js";

/** A comment as answered, without its replies. */
export interface CommentNode {
  readonly id: string;
  readonly templateId: string;
  readonly parentId: string | null;
  /** null for a deleted comment shown because replies point at it. */
  readonly body: string | null;
  readonly author: Mention | null;
  readonly mentions: readonly Mention[];
  readonly createdAt: string;
  readonly deleted: boolean;
  /** The element or band of the document the comment is pinned to; null: the whole template. */
  readonly anchor: CommentAnchor | null;
}

/** What a comment can be pinned to. */
export interface CommentAnchor {
  readonly kind: "element" | "band";
  readonly id: string;
}

/** A comment with its replies, oldest first, nested the same way. */
export interface CommentView extends CommentNode {
  readonly replies: readonly CommentView[];
}

/** What creating a comment takes. */
export interface CreateCommentInput {
  readonly body: string;
  readonly parentId?: string | null;
  /** Top-level comments only: a reply belongs to its thread's anchor. */
  readonly anchor?: CommentAnchor | null;
}

function anchorOf(row: CommentRow): CommentAnchor | null {
  return (row.anchor_kind === "element" || row.anchor_kind === "band") && row.anchor_id !== null ? { kind: row.anchor_kind, id: row.anchor_id } : null;
}

function node(row: CommentRow): CommentNode {
  const deleted = row.deleted_at !== null;
  return {
    id: row.id,
    templateId: row.template_id,
    parentId: row.parent_id,
    body: deleted ? null : row.body,
    author: deleted || row.author_id === null ? null : { userId: row.author_id, email: row.author_email ?? "" },
    mentions: deleted ? [] : (JSON.parse(row.mentions) as Mention[]),
    createdAt: row.created_at,
    deleted,
    anchor: anchorOf(row),
  };
}

/** Builds the reply trees; deleted comments stay only while a live reply hangs below them. */
export function commentTree(rows: readonly CommentRow[]): CommentView[] {
  const children = new Map<string | null, CommentRow[]>();
  const ids = new Set(rows.map((r) => r.id));
  for (const row of rows) {
    // Only reply-less rows are ever removed, so a missing parent cannot occur; top level is the safe fallback.
    const parent = row.parent_id !== null && ids.has(row.parent_id) ? row.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const build = (parent: string | null): CommentView[] =>
    (children.get(parent) ?? []).flatMap((row) => {
      const replies = build(row.id);
      if (row.deleted_at !== null && replies.length === 0) return [];
      return [{ ...node(row), replies }];
    });
  return build(null);
}

async function templateOf(deps: ServiceDeps, principal: SessionPrincipal, templateId: string): Promise<TemplateRow> {
  const template = await findTemplate(deps.db, principal.workspaceId, templateId);
  if (template === undefined) throw new NotFoundError("Template");
  return template;
}

/** The template's comment threads, oldest first. Every member (Viewers too) may read them. */
export async function listTemplateComments(deps: ServiceDeps, principal: SessionPrincipal, templateId: string): Promise<CommentView[]> {
  await templateOf(deps, principal, templateId);
  return commentTree(await listComments(deps.db, principal.workspaceId, templateId));
}

/** Adds a comment (any role), resolves its mentions and emails each mentioned member once. */
export async function createComment(deps: ServiceDeps, principal: SessionPrincipal, templateId: string, input: CreateCommentInput): Promise<CommentView> {
  const template = await templateOf(deps, principal, templateId);
  const parentId = input.parentId ?? null;
  const anchor = input.anchor ?? null;
  if (parentId !== null && anchor !== null) throw ValidationError.field("anchor", "anchor is for top-level comments; a reply belongs to its thread's anchor.");
  if (parentId !== null) {
    const parent = await findComment(deps.db, principal.workspaceId, templateId, parentId);
    // Replying to a deleted comment is refused: the thread is kept for its existing replies only.
    if (parent === undefined || parent.deleted_at !== null) throw ValidationError.field("parentId", "parentId must name a comment on this template.");
  }
  const mentions = resolveMentions(input.body, await listMembers(deps.db, principal.workspaceId));
  const now = clockNow();
  const row = {
    id: uuidv7(now),
    workspace_id: principal.workspaceId,
    template_id: templateId,
    parent_id: parentId,
    author_id: principal.userId,
    body: input.body,
    mentions: JSON.stringify(mentions),
    created_at: nowIso(now),
    deleted_at: null,
    anchor_kind: anchor?.kind ?? null,
    anchor_id: anchor?.id ?? null,
  };
  await insertComment(deps.db, row);
  const link = `${deps.config.publicUrl}/templates/${templateId}#comment-${row.id}`;
  for (const m of mentions) {
    // Mentioning yourself is listed but not mailed: you already know.
    if (m.userId !== principal.userId) deps.mailer.dispatch(mentionMessage(m.email, link, principal.email, template.name, input.body));
  }
  return { ...node({ ...row, author_email: principal.email }), replies: [] };
}

/** Deletes a comment: its author or an Owner; anyone else 403. A comment with replies becomes a tombstone. */
export async function deleteComment(deps: ServiceDeps, principal: SessionPrincipal, templateId: string, commentId: string): Promise<void> {
  await templateOf(deps, principal, templateId);
  const comment = await findComment(deps.db, principal.workspaceId, templateId, commentId);
  if (comment === undefined || comment.deleted_at !== null) throw new NotFoundError("Comment");
  if (comment.author_id !== principal.userId && principal.role !== "Owner") {
    throw new ForbiddenError("Only the comment's author or a workspace Owner may delete it.");
  }
  if (await hasReplies(deps.db, commentId)) await markCommentDeleted(deps.db, commentId, nowIso(clockNow()));
  else await deleteCommentRow(deps.db, commentId);
}
