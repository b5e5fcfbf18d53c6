// Comments with @mention autocomplete (a combobox over the members), delete for the author or an Owner.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { comments, workspaces } from "../../api/endpoints";
import type { Comment, Member } from "../../api/types";
import { useSignedIn } from "../../auth/session";
import { formatTime } from "../../ui/format";
import { Problem } from "../../ui/Problem";
import { Empty, Loading } from "../../ui/states";
import { insertMention, mentionAt, mentionCandidates } from "./mention";

function flatten(list: readonly Comment[]): Comment[] {
  return list.flatMap((c) => [c, ...flatten(c.replies)]);
}

/** The comments tab. */
export function CommentsPanel({ templateId }: { readonly templateId: string }) {
  const session = useSignedIn();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ["comments", templateId], queryFn: () => comments.list(templateId), refetchInterval: 15_000 });
  const members = useQuery({ queryKey: ["members"], queryFn: workspaces.members });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["comments", templateId] });
  const [body, setBody] = useState("");
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLTextAreaElement>(null);
  // Where the caret goes once the chosen mention is in the textarea: placed in the same commit (a layout
  // effect), before the next keystroke, so typing straight on cannot land before the caret moved.
  const pendingCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (pendingCaret.current === null) return;
    input.current?.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  });
  const add = useMutation({ mutationFn: () => comments.create(templateId, body), onSuccess: () => setBody(""), onSettled: refresh });
  const remove = useMutation({ mutationFn: (id: string) => comments.remove(templateId, id), onSettled: refresh });
  const mention = mentionAt(body, caret);
  const candidates: Member[] = mention ? mentionCandidates(members.data ?? [], mention.query, session.user.id) : [];
  const open = candidates.length > 0;

  const choose = (m: Member) => {
    if (!mention) return;
    const next = insertMention(body, mention.start, caret, m.email);
    setBody(next.text);
    setCaret(next.caret);
    pendingCaret.current = next.caret;
    input.current?.focus();
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      setActive((a) => (a + (e.key === "ArrowDown" ? 1 : candidates.length - 1)) % candidates.length);
    } else if (e.key === "Enter" || e.key === "Tab") {
      e.preventDefault();
      const m = candidates[Math.min(active, candidates.length - 1)];
      if (m) choose(m);
    } else if (e.key === "Escape") setCaret(-1);
  };
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
        <textarea
          id="comment-body"
          ref={input}
          rows={3}
          value={body}
          role="combobox"
          aria-expanded={open}
          aria-controls="mention-list"
          aria-autocomplete="list"
          aria-activedescendant={open ? `mention-${active}` : undefined}
          onChange={(e) => { setBody(e.target.value); setCaret(e.target.selectionStart); setActive(0); }}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onKeyDown={onKey}
        />
        {open && (
          <ul id="mention-list" role="listbox" className="mentions" aria-label="Members">
            {candidates.map((m, i) => (
              <li key={m.userId} id={`mention-${i}`} role="option" aria-selected={i === active} onMouseDown={(e) => { e.preventDefault(); choose(m); }}>
                {m.email}
              </li>
            ))}
          </ul>
        )}
        <button type="submit" className="primary" disabled={add.isPending || body.trim() === ""}>Comment</button>
      </form>
    </div>
  );
}
