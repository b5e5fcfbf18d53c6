// The data schema and the sample data. Drag a field onto the page: a bound text (an image for image fields),
// a table for an array, or a new column when dropped on a table of that array. The sample data (the template's,
// shared with everyone designing it and saved with it) feeds the canvas and the preview.
import { useState, type PointerEvent as ReactPointerEvent } from "react";
import type { SchemaField, SchemaFieldType } from "../engine";
import type { DesignerEditor } from "../model/editor";
import { useLiveDraft } from "./fields";
import type { FieldPath } from "./schema-paths";
import { addField, containersOf, removeField } from "./schema-edit";
import { fieldPaths } from "./schema-paths";

const TYPES: readonly SchemaFieldType[] = ["string", "number", "date", "datetime", "boolean", "image", "array", "object"];

export function SchemaPanel({ editor, dataText, dataError, onDataText, onResetData, onFieldPointerDown, localOffer }: {
  readonly editor: DesignerEditor;
  readonly dataText: string;
  readonly dataError: string | null;
  /** The text changed from what the field showed (`base`) to `next`, the caret at `caret`. */
  readonly onDataText: (base: string, next: string, caret: number | undefined) => void;
  /** A copy of the sample data this browser kept before it was shared, offered to replace the shared one. */
  readonly localOffer?: { readonly text: string | null; use(): void; discard(): void };
  readonly onResetData: () => void;
  readonly onFieldPointerDown: (e: ReactPointerEvent, field: FieldPath) => void;
}) {
  const ro = !editor.canEdit;
  const [key, setKey] = useState("");
  const [type, setType] = useState<SchemaFieldType>("string");
  // Where the new field goes: the top level, or the items of an array (or an object), by its key chain.
  const [parent, setParent] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const fields = fieldPaths(editor.doc.schema);
  const containers = containersOf(editor.doc.schema);
  const chainOf = (f: FieldPath) => [...(f.within ? f.within.split(".") : []), ...f.path.split(".")];
  // A peer's typing shows here at once, also while this field has focus (the caret stays put).
  const { ref, draft, setDraft, shown } = useLiveDraft(dataText);
  const add = () => {
    const k = key.trim();
    if (!/^[A-Za-z_][\w]*$/.test(k)) return setProblem("A key starts with a letter or _ and has only letters, digits and _.");
    const field: SchemaField = type === "array" || type === "object" ? { key: k, type, fields: [] } : { key: k, type };
    const next = addField(editor.doc.schema, parent ? parent.split(".") : [], field);
    if (!next) return setProblem(`There is a field "${k}" there already.`);
    editor.updateDocument({ schema: next });
    setProblem(null);
    setKey("");
  };
  return (
    <section className="d-panel" aria-label="Data" data-testid="schema-panel">
      <h3>Fields</h3>
      <p className="d-note">Drag a field onto the page. An array's item fields (a table's columns) are added with "Add the field to" its items.</p>
      <ul className="d-fields">
        {fields.map((f) => (
          <li key={`${f.within ?? ""}/${f.path}`} style={{ paddingLeft: (f.path.split(".").length - 1 + (f.within ? f.within.split(".").length : 0)) * 12 }}>
            <button type="button" className="d-field" data-testid={`field-${f.within ? `${f.within}.` : ""}${f.path}`} disabled={ro} onPointerDown={(e) => onFieldPointerDown(e, f)}
              title={f.type === "array" ? "Drop to add a table of these rows" : "Drop to add a bound text"}>
              <span className="d-field-type">{f.type}</span> {f.path}
            </button>
            {!ro && (
              <button type="button" className="link" aria-label={`Remove field ${chainOf(f).join(".")}`} onClick={() => editor.updateDocument({ schema: removeField(editor.doc.schema, chainOf(f)) })}>✕</button>
            )}
          </li>
        ))}
      </ul>
      {!ro && (
        <>
          <div className="d-add-field">
            <input aria-label="New field key" data-testid="schema-new-key" value={key} placeholder="key" onChange={(e) => setKey(e.target.value)}
              aria-invalid={problem ? true : undefined} aria-describedby={problem ? "d-add-field-problem" : undefined} />
            <select aria-label="New field type" value={type} onChange={(e) => setType(e.target.value as SchemaFieldType)}>{TYPES.map((t) => <option key={t}>{t}</option>)}</select>
            {containers.length > 0 && (
              <select aria-label="Add the field to" data-testid="schema-new-parent" value={parent} onChange={(e) => setParent(e.target.value)}>
                <option value="">(top level)</option>
                {containers.map((c) => <option key={c.chain.join(".")} value={c.chain.join(".")}>{c.label}</option>)}
              </select>
            )}
            <button type="button" onClick={add}>Add field</button>
          </div>
          {problem && <p className="field-error" role="alert" id="d-add-field-problem">{problem}</p>}
        </>
      )}
      <h3><label htmlFor="d-sample-data">Sample data (JSON)</label></h3>
      <p className="d-note" id="d-sample-data-note">Shared with everyone designing this template and saved with it (versions keep it too).</p>
      {localOffer?.text != null && !ro && (
        <div className="d-note" role="status" data-testid="local-sample-offer">
          This browser kept its own sample data for this template before it was shared.{" "}
          <button type="button" className="link" onClick={localOffer.use}>Use this browser's data</button>{" "}
          <button type="button" className="link" onClick={localOffer.discard}>Discard it</button>
        </div>
      )}
      <textarea ref={ref} id="d-sample-data" data-testid="sample-data" className="d-data" rows={10} value={draft} spellCheck={false} readOnly={ro}
        aria-describedby="d-sample-data-note" aria-invalid={dataError ? true : undefined}
        onChange={(e) => { const next = e.target.value; const base = shown(); setDraft(next); onDataText(base, next, e.target.selectionEnd ?? undefined); }} />
      {dataError && <p className="field-error" role="alert">{dataError}</p>}
      {!ro && <button type="button" className="link" onClick={onResetData}>Fill from the schema's samples</button>}
    </section>
  );
}
