// The selected band: kind, name, height, binding (an array of the schema), keepTogether, page breaks,
// visibleIf, its parent (nesting), and removing it.
import { BAND_KINDS, type Band } from "../engine";
import type { DesignerEditor } from "../model/editor";
import { BoolProp, NumberProp, SelectProp, TextProp } from "./fields";
import { fieldPaths } from "./schema-paths";

export function BandProps({ editor, band, onRemoved, onRefine }: { readonly editor: DesignerEditor; readonly band: Band; readonly onRemoved: () => void; readonly onRefine?: () => void }) {
  const ro = !editor.canEdit;
  const set = (key: string, value: unknown) => editor.updateBand(band.id, { [key]: value });
  // Nested bands bind relative to their parent's row: offer the parent's item arrays as well as top-level ones.
  const arrays = fieldPaths(editor.doc.schema).filter((f) => f.type === "array").map((f) => f.path);
  const parents = editor.doc.bands.filter((b) => b.id !== band.id && b.kind !== "page-header" && b.kind !== "page-footer" && b.kind !== "background");
  return (
    <section className="d-panel" aria-label="Band properties" data-testid="band-props">
      <h3>Band <code>{band.id}</code></h3>
      <SelectProp k="kind" label="Kind" value={band.kind} options={BAND_KINDS} required readOnly={ro} onChange={(v) => v && set("kind", v)} />
      <TextProp k="name" label="Name" value={band.name} onChange={(v) => set("name", v)} readOnly={ro} />
      <NumberProp k="band-height" label="Height (minimum)" value={band.height} min={0} onChange={(v) => v !== undefined && v >= 0 && set("height", v)} readOnly={ro} />
      <SelectProp k="bindingField" label="Repeat for each item of" value={band.bindingField} options={arrays} readOnly={ro} onChange={(v) => set("bindingField", v)} />
      <SelectProp k="parentId" label="Nested in" value={band.parentId} options={parents.map((b) => [b.id, `${b.name ?? b.kind} (${b.id})`] as const)} readOnly={ro} onChange={(v) => set("parentId", v)} />
      <BoolProp k="keepTogether" label="Keep together" value={band.keepTogether} onChange={(v) => set("keepTogether", v)} readOnly={ro} />
      <BoolProp k="keepWithPrevious" label="Keep with previous" value={band.keepWithPrevious} onChange={(v) => set("keepWithPrevious", v)} readOnly={ro} />
      <BoolProp k="pageBreakBefore" label="Page break before" value={band.pageBreakBefore} onChange={(v) => set("pageBreakBefore", v)} readOnly={ro} />
      <BoolProp k="pageBreakPerRow" label="Page break per row" value={band.pageBreakPerRow} onChange={(v) => set("pageBreakPerRow", v)} readOnly={ro} />
      <TextProp k="band-visibleIf" label="Visible if (token expression)" value={band.visibleIf} onChange={(v) => set("visibleIf", v)} readOnly={ro} />
      {!ro && onRefine && <button type="button" data-testid="band-refine" onClick={onRefine}>Refine this band with AI…</button>}{" "}
      {!ro && <button type="button" className="danger" data-testid="band-remove" onClick={() => { editor.removeBand(band.id); onRemoved(); }}>Remove the band</button>}
    </section>
  );
}
