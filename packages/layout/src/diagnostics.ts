/** A content problem found while laying out: reported beside the output, never thrown. */
export interface Diagnostic {
  /** Stable machine-readable code, e.g. `font.missing`, `image.undecodable`, `glyph.missing`. */
  readonly code: string;
  readonly message: string;
  /** Where in the document: `bands[2].elements[0]` (JSON path into the template). */
  readonly path: string;
}

/** Collects diagnostics during one layout; de-duplicates identical entries. */
export class DiagnosticSink {
  private readonly seen = new Set<string>();
  readonly items: Diagnostic[] = [];

  add(code: string, message: string, path: string): void {
    const key = `${code}\u0000${path}\u0000${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.items.push({ code, message, path });
  }
}
