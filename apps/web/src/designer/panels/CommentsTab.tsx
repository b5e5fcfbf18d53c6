// Comments in the designer: every thread, the pinned ones with a link to their element or band, and a new
// comment pinned to the current selection (or to nothing).
import { useState } from "react";
import type { CommentAnchor } from "../../api/types";
import { Problem } from "../../ui/Problem";
import type { DesignerComments } from "../collab/useDesignerComments";
import type { TemplateDocument } from "../engine";
import { bandOfElement } from "../model/doc-ops";

export function CommentsTab({ comments, anchor, onShow, doc }: {
  readonly comments: DesignerComments; readonly anchor: CommentAnchor | null; readonly doc: TemplateDocument;
  readonly onShow: (t: { bandId: string; elementId?: string }) => void;
}) {
  const [body, setBody] = useState("");
  const [pin, setPin] = useState(true);
  const [sending, setSending] = useState(false);
  const show = (a: CommentAnchor) => {
    if (a.kind === "band") onShow({ bandId: a.id });
    else {
      const b = bandOfElement(doc, a.id);
      if (b) onShow({ bandId: b.id, elementId: a.id });
    }
  };
  return (
    <section className="d-panel d-comments" aria-label="Comments" data-testid="comments-tab">
      <form onSubmit={(e) => {
        e.preventDefault();
        if (!body.trim()) return;
        setSending(true);
        comments.add(body.trim(), pin && anchor ? anchor : undefined).then(() => setBody(""), () => undefined).finally(() => setSending(false));
      }}>
        <label htmlFor="d-comment">New comment</label>
        <textarea id="d-comment" data-testid="comment-body" rows={3} value={body} onChange={(e) => setBody(e.target.value)} />
        {anchor && <label className="d-check"><input type="checkbox" checked={pin} onChange={(e) => setPin(e.target.checked)} /> Pin to the selected {anchor.kind} <code>{anchor.id}</code></label>}
        <button type="submit" disabled={sending || !body.trim()} data-testid="comment-send">Comment</button>
      </form>
      <Problem error={comments.error} />
      <ul>
        {comments.threads.filter((c) => !c.deleted).map((c) => (
          <li key={c.id}>
            <strong>{c.author?.email ?? "someone"}</strong>{" "}
            {c.anchor && <button type="button" className="link" onClick={() => show(c.anchor!)}>on {c.anchor.kind} {c.anchor.id}</button>}
            <p>{c.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
