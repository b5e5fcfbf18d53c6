// A stable, readable colour per user for cursors, selection outlines and avatars: the same user has the same
// colour in every browser (it is derived from the user id, not chosen per session).

const PALETTE = ["#e11d48", "#2563eb", "#16a34a", "#d97706", "#7c3aed", "#0891b2", "#db2777", "#4d7c0f", "#b45309", "#0f766e"];

/** The colour of a user id. */
export function colourOf(userId: string): string {
  let h = 2166136261;
  for (let i = 0; i < userId.length; i += 1) h = Math.imul(h ^ userId.charCodeAt(i), 16777619);
  return PALETTE[(h >>> 0) % PALETTE.length] as string;
}
