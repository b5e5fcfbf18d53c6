// @mention autocomplete: which member addresses match the word being typed at the caret.
import type { Member } from "../../api/types";

/** The `@word` that ends at the caret, or null (`@` must start the text or follow a space). */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const m = before.match(/(?:^|\s)@([^\s@]*)$/);
  if (!m) return null;
  return { start: caret - (m[1]?.length ?? 0) - 1, query: (m[1] ?? "").toLowerCase() };
}

/** Members whose address starts with (or whose name part contains) the query, at most 6. */
export function mentionCandidates(members: readonly Member[], query: string, selfId: string): Member[] {
  return members.filter((m) => m.userId !== selfId && (m.email.toLowerCase().startsWith(query) || m.email.split("@")[0]!.toLowerCase().includes(query))).slice(0, 6);
}

/** The text with the `@query` at `start` replaced by the full address (the server resolves `@email`). */
export function insertMention(text: string, start: number, caret: number, email: string): { text: string; caret: number } {
  const inserted = `@${email} `;
  return { text: text.slice(0, start) + inserted + text.slice(caret), caret: start + inserted.length };
}
