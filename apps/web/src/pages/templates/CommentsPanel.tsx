// Comments with @mention autocomplete (MentionTextarea, a combobox over the members), delete for the author or an Owner.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { comments } from "../../api/endpoints";
import type { Comment } from "../../api/types";
import { useSignedIn } from "../../auth/session";
import { formatTime } from "../../ui/format";
import { Problem } from "../../ui/Problem";
import { Empty, Loading } from "../../ui/states";
import { MentionTextarea } from "./MentionTextarea";

function flatten(list: readonly Comment[]): Comment[] {
  return list.flatMap((c) => [c, ...flatten(c.replies)]);
}

/** The comments tab. */
export function CommentsPanel({ templateId }: { readonly templateId: string }) {
  const session = useSignedIn();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ["comments", templateId], queryFn: () => comments.list(templateId), refetchInterval: 15_000 });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["comments", templateId] });
  const [body, setBody] = useState("");
  const add = useMutation({ mutationFn: () => comments.create(templateId, body), onSuccess: () => setBody(""), onSettled: refresh });
  const remove = useMutation({ mutationFn: (id: string) => comments.remove(templateId, id), onSettled: refresh });
  const all = flatten(list.data ?? []);
  return (
    <div className="panel-body">
      {list.isPending ? <Loading what="Loading comments" /> : <Problem error={list.error} />}
      {list.data && all.length === 0 && <Empty>No comments yet.</Empty>}
      <ul className="comments">
        {all.map((c) => (
          <li key={c.id} id={`comment-${c.id}`}>
            <div className="hint">{c.author?.email ?? "someone"} · {formatTime(c.createdAt)}</div>
            <p>{c.deleted ? <em>deleted</em> : c.body}</p>
            {!c.deleted && (c.author?.userId === session.user.id || session.role === "Owner") && (
              <button className="small danger" onClick={() => remove.mutate(c.id)} aria-label="Delete comment">Delete</button>
            )}
          </li>
        ))}
      </ul>
      <Problem error={add.error ?? remove.error} />
      <form onSubmit={(e) => { e.preventDefault(); if (body.trim()) add.mutate(); }} className="comment-form">
        <label htmlFor="comment-body">Add a comment (type @ to mention a member)</label>
        <MentionTextarea id="comment-body" value={body} onChange={setBody} />
        <button type="submit" className="primary" disabled={add.isPending || body.trim() === ""}>Comment</button>
      </form>
    </div>
  );
}
