// Request and response schemas of presence, comments and the hub's negotiate (OpenAPI is generated from these).
import * as v from "valibot";

/** The longest comment body, in characters (Unicode code points). */
export const COMMENT_MAX_CHARS = 10_000;

const Id = v.pipe(v.string(), v.uuid());
const Timestamp = v.pipe(v.string(), v.isoTimestamp());

export const HeartbeatBody = v.object({
  resourceType: v.pipe(v.string("resourceType must be a string."), v.nonEmpty("resourceType is required."), v.description("The kind of resource; `template`.")),
  resourceId: v.pipe(v.string("resourceId must be a string."), v.uuid("resourceId must be a UUID.")),
});

/** The longest anchor id (element and band ids are short; this bounds what is stored). */
export const ANCHOR_ID_MAX_CHARS = 200;

const AnchorKind = v.picklist(["element", "band"], "anchor.kind must be one of element, band.");

export const CommentAnchor = v.pipe(
  v.object({
    kind: AnchorKind,
    id: v.pipe(
      v.string("anchor.id must be a string."),
      v.nonEmpty("anchor.id must not be empty."),
      v.maxLength(ANCHOR_ID_MAX_CHARS, `anchor.id must be at most ${ANCHOR_ID_MAX_CHARS} characters.`),
    ),
  }, "anchor must be an object like {\"kind\": \"element\", \"id\": \"…\"}."),
  v.description("The element or band of the template's document the comment is pinned to (by its id)."),
);

export const CreateCommentBody = v.object({
  body: v.pipe(
    v.string("body must be a string."),
    v.check((s) => s.trim() !== "", "body must not be empty."),
    v.check((s) => [...s].length <= COMMENT_MAX_CHARS, `body must be at most ${COMMENT_MAX_CHARS} characters.`),
    v.description(`1 to ${COMMENT_MAX_CHARS} characters. @name or @email mentions workspace members.`),
  ),
  parentId: v.nullish(v.pipe(v.string("parentId must be a string."), v.uuid("parentId must be a UUID."))),
  anchor: v.nullish(CommentAnchor),
});

export const Viewer = v.object({ userId: Id, email: v.string(), lastSeenAt: Timestamp });

export const Heartbeat = v.object({ resourceType: v.string(), resourceId: Id, lastSeenAt: Timestamp, expiresAt: Timestamp });

const Person = v.object({ userId: Id, email: v.string() });

const CommentShape = {
  id: Id,
  templateId: Id,
  parentId: v.nullable(Id),
  body: v.pipe(v.nullable(v.string()), v.description("null when the comment was deleted (kept because replies point at it).")),
  author: v.nullable(Person),
  mentions: v.array(Person),
  createdAt: Timestamp,
  deleted: v.boolean(),
  anchor: v.pipe(
    v.nullable(v.object({ kind: v.picklist(["element", "band"]), id: v.string() })),
    v.description("The element or band the comment is pinned to; null for a comment on the whole template. An id the document no longer has is kept (the designer lists such comments unpinned)."),
  ),
};

export const Comment = v.object({
  ...CommentShape,
  replies: v.pipe(v.array(v.object(CommentShape)), v.description("Replies, oldest first; each reply carries its own replies the same way.")),
});

export const NegotiateResponse = v.object({
  negotiateVersion: v.literal(1),
  connectionId: v.string(),
  connectionToken: v.string(),
  availableTransports: v.array(v.object({ transport: v.literal("WebSockets"), transferFormats: v.array(v.string()) })),
});
