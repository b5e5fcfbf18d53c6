// Peers on the canvas: their cursors with names, outlines of what they selected, and the ghosts of what they
// are dragging, each in the peer's colour. Positions are points in the content box (awareness carries them
// so), scaled to this canvas's zoom.
import type { AwarenessPeer } from "@docsvc/collab-doc";
import type { StackedBand } from "./stack";

export function RemoteLayer({ peers, stack, scale: s }: { readonly peers: readonly AwarenessPeer[]; readonly stack: readonly StackedBand[]; readonly scale: number }) {
  const where = new Map<string, { bandTop: number; x: number; y: number; width: number; height: number }>();
  const bandTop = new Map<string, number>();
  for (const sb of stack) {
    bandTop.set(sb.band.id, sb.top);
    for (const el of sb.band.elements) where.set(el.id, { bandTop: sb.top, x: el.x, y: el.y, width: el.width, height: el.height });
  }
  return (
    <div className="d-remote" aria-hidden="true">
      {peers.map((p) => (
        <div key={p.clientId}>
          {p.selection.map((id) => {
            const w = where.get(id);
            return w && (
              <div key={id} className="d-remote-selection" data-testid="remote-selection" data-user={p.user.name} data-element-id={id}
                style={{ left: w.x * s - 2, top: (w.bandTop + w.y) * s - 2, width: w.width * s + 4, height: w.height * s + 4, borderColor: p.user.colour }} />
            );
          })}
          {(p.ghost ?? []).map((g) => (
            <div key={g.id} className="d-remote-ghost" data-testid="remote-ghost" data-user={p.user.name} data-element-id={g.id}
              style={{ left: g.x * s, top: ((bandTop.get(g.bandId) ?? 0) + g.y) * s, width: g.width * s, height: g.height * s, borderColor: p.user.colour }} />
          ))}
          {p.cursor && (
            <div className="d-remote-cursor" data-testid="remote-cursor" data-user={p.user.name} style={{ left: p.cursor.x * s, top: p.cursor.y * s, color: p.user.colour }}>
              <svg width="12" height="16" viewBox="0 0 12 16"><path d="M0 0 L0 14 L4 10 L7 16 L9 15 L6 9 L11 9 Z" fill="currentColor" /></svg>
              <span style={{ background: p.user.colour }}>{p.user.name}</span>
            </div>
          )}
        </div>
      ))}
    </div>
  );
}
