// @mentions: `@ada@example.com` names a member by email, `@ada` by the part of the email before the @ when
// exactly one member's email starts that way. Anything else stays plain text.
import type { MemberRow } from "../db/workspaces.js";

/** A resolved mention. */
export interface Mention {
  readonly userId: string;
  readonly email: string;
}

// After start or a character that cannot be part of a name (so "ada@example.com" in prose is no mention).
// The email alternative comes first so `@ada@example.com` is not read as `@ada`.
const MENTION = /(?<![\p{L}\p{N}._%+-])@([\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}|[\p{L}\p{N}._%+-]+)/gu;

/** The mention tokens of a body, as written (trailing sentence dots trimmed), in order. */
export function mentionTokens(body: string): string[] {
  return [...body.matchAll(MENTION)].map((m) => (m[1] ?? "").replace(/\.+$/, "")).filter((t) => t !== "");
}

/** Resolves a body's mentions against the workspace's members: each member once, in order of first mention. */
export function resolveMentions(body: string, members: readonly MemberRow[]): Mention[] {
  const byEmail = new Map(members.map((m) => [m.email.toLowerCase(), m]));
  const byName = new Map<string, MemberRow[]>();
  for (const m of members) {
    const name = m.email.slice(0, m.email.lastIndexOf("@")).toLowerCase();
    byName.set(name, [...(byName.get(name) ?? []), m]);
  }
  const found = new Map<string, Mention>();
  for (const token of mentionTokens(body)) {
    const key = token.toLowerCase();
    const candidates = key.includes("@") ? [byEmail.get(key)].filter((m) => m !== undefined) : (byName.get(key) ?? []);
    // Ambiguous names (two members ada@a.com and ada@b.com) mention nobody: guessing would mail the wrong person.
    const member = candidates.length === 1 ? candidates[0] : undefined;
    if (member !== undefined && !found.has(member.user_id)) found.set(member.user_id, { userId: member.user_id, email: member.email });
  }
  return [...found.values()];
}
