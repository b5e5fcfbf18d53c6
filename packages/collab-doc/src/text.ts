// Text content as Y.Text, merged per character. A property field knows only two strings: what it showed
// (`base`) and what the user made of it (`next`). The change between them is one splice; when a peer's edit
// arrived in between (the Y.Text no longer holds `base`), the splice is moved over that edit before it is
// applied, so neither person's characters are lost and every peer ends with the same text.
import * as Y from "yjs";

/** Replace `remove` characters at `index` with `insert`. */
export interface Splice {
  readonly index: number;
  readonly remove: number;
  readonly insert: string;
}

/** Element keys held as Y.Text, by element type: the text content people type into together. */
const TEXT_KEYS: Readonly<Record<string, readonly string[]>> = { text: ["text"], markdown: ["text"] };

/** Whether `key` of an element of `type` is held as a Y.Text. */
export function isTextKey(type: unknown, key: string): boolean {
  return typeof type === "string" && (TEXT_KEYS[type]?.includes(key) ?? false);
}

/**
 * The one splice turning `base` into `next`: the common prefix and suffix are kept. `caret` (where the
 * caret is in `next` after the change) settles where an edit among repeated characters happened.
 */
export function spliceBetween(base: string, next: string, caret?: number): Splice {
  const shorter = Math.min(base.length, next.length);
  let prefix = 0;
  while (prefix < shorter && base.charCodeAt(prefix) === next.charCodeAt(prefix)) prefix += 1;
  // The caret ends what was typed: at least `next.length - base.length` characters were inserted before it.
  if (caret !== undefined) prefix = Math.min(prefix, Math.max(0, caret - Math.max(0, next.length - base.length)));
  let suffix = 0;
  const maxSuffix = Math.min(shorter - prefix, caret !== undefined ? Math.max(0, next.length - caret) : shorter);
  while (suffix < maxSuffix && base.charCodeAt(base.length - 1 - suffix) === next.charCodeAt(next.length - 1 - suffix)) suffix += 1;
  return { index: prefix, remove: base.length - prefix - suffix, insert: next.slice(prefix, next.length - suffix) };
}

/**
 * `local` (a splice of `base`) moved over `remote` (`base` → the current text), as splices of the current
 * text, last first so each index stays valid. Characters only the local edit deleted are deleted; what the
 * peer inserted or deleted stays as the peer left it.
 */
export function rebaseSplice(local: Splice, remote: Splice): Splice[] {
  const shift = remote.insert.length - remote.remove;
  const localEnd = local.index + local.remove;
  const remoteEnd = remote.index + remote.remove;
  if (localEnd <= remote.index) return [local];
  if (local.index >= remoteEnd) return [{ ...local, index: local.index + shift }];
  // The two overlap: delete what only the local edit covered, on both sides of the peer's change.
  const out: Splice[] = [];
  const after = Math.max(0, localEnd - Math.max(local.index, remoteEnd));
  if (after > 0) out.push({ index: remote.index + remote.insert.length, remove: after, insert: "" });
  const before = Math.max(0, Math.min(localEnd, remote.index) - local.index);
  if (local.index < remote.index) out.push({ index: local.index, remove: before, insert: local.insert });
  else out.push({ index: remote.index + remote.insert.length, remove: 0, insert: local.insert });
  return out.filter((s) => s.remove > 0 || s.insert !== "");
}

/** `text` with `splices` applied (each relative to the result of the ones before it). */
export function applySplices(text: string, splices: readonly Splice[]): string {
  return splices.reduce((t, s) => t.slice(0, s.index) + s.insert + t.slice(s.index + s.remove), text);
}

/** The splices that turn what a field showed (`base`) and typed (`next`) into an edit of `current`. */
export function splicesOnto(current: string, base: string, next: string, caret?: number): Splice[] {
  const local = spliceBetween(base, next, caret);
  if (local.remove === 0 && local.insert === "") return [];
  if (current === base) return [local];
  return rebaseSplice(local, spliceBetween(base, current));
}

/** Applies splices to a Y.Text (inside the caller's transaction). */
export function applyToYText(ytext: Y.Text, splices: readonly Splice[]): void {
  for (const s of splices) {
    if (s.remove > 0) ytext.delete(s.index, s.remove);
    if (s.insert !== "") ytext.insert(s.index, s.insert);
  }
}

/** A new Y.Text holding `value`. */
export function newYText(value: string): Y.Text {
  return new Y.Text(value);
}
