// Comments in the designer: every thread, the pinned ones with a link to their element or band, and a new
// comment pinned to the current selection (or to nothing), with the template page's @mention autocomplete.
// Anchors are named by their element's or band's label, not by their generated ids.
import { useState } from "react";
import type { CommentAnchor } from "../../api/types";
import { MentionTextarea } from "../../pages/templates/MentionTextarea";
import { Problem } from "../../ui/Problem";
import { bandLabel, elementLabel } from "../canvas/labels";
import type { DesignerComments } from "../collab/useDesignerComments";
import type { TemplateDocument } from "../engine";
import { bandOfElement, elementsById } from "../model/doc-ops";

/** What an anchor is called: the label of the element or band it names, or its id when that is gone. */
function anchorName(doc: TemplateDocument, a: CommentAnchor): string {
  if (a.kind === "band") {
    const band = doc.bands.find((b) => b.id === a.id);
    return band ? `the ${bandLabel(band)} band` : `band ${a.id}`;
  }
  const hit = elementsById(doc).get(a.id);
  return hit ? elementLabel(hit.element) : `element ${a.id}`;
}

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
        <label htmlFor="d-comment">New comment (type @ to mention a member)</label>
        <MentionTextarea id="d-comment" testId="comment-body" value={body} onChange={setBody} />
        {anchor && <label className="d-check"><input type="checkbox" checked={pin} onChange={(e) => setPin(e.target.checked)} /> Pin to {anchorName(doc, anchor)}</label>}
        <button type="submit" disabled={sending || !body.trim()} data-testid="comment-send">Comment</button>
      </form>
      <Problem error={comments.error} />
      <ul>
        {comments.threads.filter((c) => !c.deleted).map((c) => (
          <li key={c.id}>
            <strong>{c.author?.email ?? "someone"}</strong>{" "}
            {c.anchor && <button type="button" className="link" onClick={() => show(c.anchor!)}>on {anchorName(doc, c.anchor)}</button>}
            <p>{c.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
