// The document's settings: page size (the 22 presets with orientation, or custom), margins, direction, brand
// colours, fonts, locale, timezone, digits.
import { PAGE_SIZES, resolveMargins, resolvePageSize, resolvePalette } from "../engine";
import type { DesignerEditor } from "../model/editor";
import { ColourProp, NumberProp, SelectProp, TextProp } from "./fields";

export function DocumentProps({ editor, fonts }: { readonly editor: DesignerEditor; readonly fonts: readonly string[] }) {
  const { doc } = editor;
  const ro = !editor.canEdit;
  const set = (patch: Record<string, unknown>) => editor.updateDocument(patch);
  const page = resolvePageSize(doc.pageSize);
  const margins = resolveMargins(doc);
  const custom = doc.pageSize.id === "custom";
  const hexOnly = (v: string) => v;
  const setMargin = (side: "top" | "right" | "bottom" | "left", v: number | undefined) => {
    if (v === undefined || v < 0) return;
    set({ margins: { ...margins, [side]: v } });
  };
  return (
    <section className="d-panel" aria-label="Document properties" data-testid="document-props">
      <h3>Document</h3>
      <SelectProp k="pageSize" label="Page size" required readOnly={ro} value={doc.pageSize.id}
        options={[...Object.keys(PAGE_SIZES).map((id) => [id, `${id} (${PAGE_SIZES[id as keyof typeof PAGE_SIZES].width} × ${PAGE_SIZES[id as keyof typeof PAGE_SIZES].roll ? "roll" : PAGE_SIZES[id as keyof typeof PAGE_SIZES].height})`] as const), ["custom", "custom"] as const]}
        onChange={(id) => id && set({ pageSize: id === "custom" ? { id, width: page.width, height: page.height } : { id, ...(doc.pageSize.orientation ? { orientation: doc.pageSize.orientation } : {}) } })} />
      {custom ? (
        <div className="d-grid2">
          <NumberProp k="pageWidth" label="Width (pt)" value={doc.pageSize.width} min={36} max={3370} readOnly={ro} onChange={(w) => w !== undefined && set({ pageSize: { ...doc.pageSize, width: w } })} />
          <NumberProp k="pageHeight" label="Height (pt)" value={doc.pageSize.height} min={36} max={3370} readOnly={ro} onChange={(h) => h !== undefined && set({ pageSize: { ...doc.pageSize, height: h } })} />
        </div>
      ) : (
        <SelectProp k="orientation" label="Orientation" value={doc.pageSize.orientation ?? "portrait"} options={["portrait", "landscape"]} required readOnly={ro}
          onChange={(o) => set({ pageSize: o === "landscape" ? { id: doc.pageSize.id, orientation: "landscape" } : { id: doc.pageSize.id } })} />
      )}
      <div className="d-grid4">
        {(["top", "right", "bottom", "left"] as const).map((side) => (
          <NumberProp key={side} k={`margin-${side}`} label={`Margin ${side}`} value={margins[side]} min={0} readOnly={ro} onChange={(v) => setMargin(side, v)} />
        ))}
      </div>
      <SelectProp k="direction" label="Direction" value={doc.direction} options={[["rtl", "right to left"]]} readOnly={ro} onChange={(v) => set({ direction: v })} />
      <ColourProp k="brand-primary" label="Brand primary" value={doc.brand?.primary} resolve={hexOnly} fallback={resolvePalette(undefined).primary} readOnly={ro} onChange={(v) => set({ brand: clean({ ...doc.brand, primary: v }) })} />
      <ColourProp k="brand-accent" label="Brand accent" value={doc.brand?.accent} resolve={hexOnly} fallback={resolvePalette(undefined).accent} readOnly={ro} onChange={(v) => set({ brand: clean({ ...doc.brand, accent: v }) })} />
      <SelectProp k="font-body" label="Body font" value={doc.fonts?.body} options={fonts} readOnly={ro} onChange={(v) => set({ fonts: clean({ ...doc.fonts, body: v }) })} />
      <SelectProp k="font-heading" label="Heading font" value={doc.fonts?.heading} options={fonts} readOnly={ro} onChange={(v) => set({ fonts: clean({ ...doc.fonts, heading: v }) })} />
      <TextProp k="locale" label="Locale (BCP 47)" value={doc.locale} placeholder="en-US" readOnly={ro} onChange={(v) => set({ locale: v })} />
      <TextProp k="timezone" label="Time zone (IANA)" value={doc.timezone} placeholder="UTC" readOnly={ro} onChange={(v) => set({ timezone: v })} />
      <SelectProp k="digits" label="Digits" value={doc.digits} options={["latn", "arab", "arabext"]} readOnly={ro} onChange={(v) => set({ digits: v })} />
    </section>
  );
}

function clean<T extends Record<string, unknown>>(o: T): T | undefined {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return Object.keys(out).length ? (out as T) : undefined;
}
