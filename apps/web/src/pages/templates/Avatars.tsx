// The other viewers as initials in circles, each with its full address for screen readers and on hover.
import type { Viewer } from "../../api/types";

function initials(email: string): string {
  const name = email.split("@")[0] ?? email;
  const parts = name.split(/[._-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "?") + (parts[1]?.[0] ?? "")).toUpperCase();
}

function hue(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

/** Avatars of the other viewers. */
export function Avatars({ viewers }: { readonly viewers: readonly Viewer[] }) {
  if (viewers.length === 0) return null;
  return (
    <ul className="avatars" aria-label="Also viewing">
      {viewers.map((v) => (
        <li key={v.userId} title={v.email} style={{ background: `hsl(${hue(v.email)} 60% 40%)` }}>
          <span aria-hidden="true">{initials(v.email)}</span>
          <span className="sr-only">{v.email}</span>
        </li>
      ))}
    </ul>
  );
}
