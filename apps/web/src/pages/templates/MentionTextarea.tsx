// A comment box with @mention autocomplete: a combobox over the workspace's members, driven by the arrow
// keys and Enter (or Tab), Escape closing the list. The template page's comments and the designer's use it.
import { useQuery } from "@tanstack/react-query";
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { workspaces } from "../../api/endpoints";
import type { Member } from "../../api/types";
import { useSignedIn } from "../../auth/session";
import { insertMention, mentionAt, mentionCandidates } from "./mention";

/** The textarea (labelled by the caller's `<label htmlFor={id}>`) and its list of members. */
export function MentionTextarea({ id, value, onChange, rows = 3, testId }: {
  readonly id: string; readonly value: string; readonly onChange: (text: string) => void; readonly rows?: number; readonly testId?: string;
}) {
  const session = useSignedIn();
  const members = useQuery({ queryKey: ["members"], queryFn: workspaces.members });
  const listId = `${useId()}-mentions`;
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
  const mention = mentionAt(value, caret);
  const candidates: Member[] = mention ? mentionCandidates(members.data ?? [], mention.query, session.user.id) : [];
  const open = candidates.length > 0;

  const choose = (m: Member) => {
    if (!mention) return;
    const next = insertMention(value, mention.start, caret, m.email);
    onChange(next.text);
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
    } else if (e.key === "Escape") {
      // Closes the list only (not a dialog or panel around it).
      e.stopPropagation();
      setCaret(-1);
    }
  };
  return (
    <div className="mention-box">
      <textarea
        id={id}
        ref={input}
        rows={rows}
        value={value}
        data-testid={testId}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        onChange={(e) => { onChange(e.target.value); setCaret(e.target.selectionStart); setActive(0); }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onKeyDown={onKey}
      />
      {open && (
        <ul id={listId} role="listbox" className="mentions" aria-label="Members">
          {candidates.map((m, i) => (
            <li key={m.userId} id={`${listId}-${i}`} role="option" aria-selected={i === active} onMouseDown={(e) => { e.preventDefault(); choose(m); }}>
              {m.email}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
