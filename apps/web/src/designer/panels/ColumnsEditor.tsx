// A table's columns: key (a field of the bound array's items), header, width, alignment and format.
import type { TableColumn } from "../engine";
import { ColumnFormatInput } from "./ColumnFormatInput";
import { formatsFor } from "./schema-paths";

const ALIGNS = ["left", "center", "right", "start", "end", "decimal"] as const;

export function ColumnsEditor({ columns, itemKeys, onChange, readOnly }: {
  readonly columns: readonly TableColumn[]; readonly itemKeys: readonly string[]; readonly onChange: (c: TableColumn[]) => void; readonly readOnly?: boolean;
}) {
  const set = (i: number, patch: Partial<Record<keyof TableColumn, unknown>>) =>
    onChange(columns.map((c, j) => {
      if (j !== i) return c;
      const next: Record<string, unknown> = { ...c };
      for (const [k, v] of Object.entries(patch)) { if (v === undefined || v === "") delete next[k]; else next[k] = v; }
      return next as unknown as TableColumn;
    }));
  const move = (i: number, by: number) => {
    const list = [...columns];
    const [c] = list.splice(i, 1);
    list.splice(Math.max(0, Math.min(list.length, i + by)), 0, c!);
    onChange(list);
  };
  const formats = [...formatsFor("number"), ...formatsFor("date")];
  return (
    <fieldset className="d-columns" data-testid="columns-editor">
      <legend>Columns</legend>
      <datalist id="d-column-keys">{[...itemKeys, "$index"].map((k) => <option key={k} value={k} />)}</datalist>
      <datalist id="d-column-formats">{formats.map((f) => <option key={f} value={f} />)}</datalist>
      {columns.map((c, i) => (
        <div key={i} className="d-column" data-testid={`column-${i}`}>
          <input aria-label={`Column ${i + 1} key`} data-testid={`column-${i}-key`} list="d-column-keys" value={c.key} readOnly={readOnly} onChange={(e) => set(i, { key: e.target.value })} />
          <input aria-label={`Column ${i + 1} header`} data-testid={`column-${i}-header`} value={c.header} readOnly={readOnly} onChange={(e) => onChange(columns.map((x, j) => (j === i ? { ...x, header: e.target.value } : x)))} />
          <input aria-label={`Column ${i + 1} width`} data-testid={`column-${i}-width`} type="number" min={1} value={c.width} readOnly={readOnly}
            onChange={(e) => { const n = Number(e.target.value); if (Number.isFinite(n) && n > 0) set(i, { width: n }); }} />
          <select aria-label={`Column ${i + 1} alignment`} data-testid={`column-${i}-align`} value={c.align ?? ""} disabled={readOnly} onChange={(e) => set(i, { align: e.target.value })}>
            <option value="">(start)</option>
            {ALIGNS.map((a) => <option key={a} value={a}>{a}</option>)}
          </select>
          <ColumnFormatInput index={i} value={c.format} readOnly={readOnly} onCommit={(format) => set(i, { format })} />
          {!readOnly && (
            <span className="d-column-actions">
              <button type="button" aria-label={`Move column ${i + 1} left`} onClick={() => move(i, -1)} disabled={i === 0}>↑</button>
              <button type="button" aria-label={`Move column ${i + 1} right`} onClick={() => move(i, 1)} disabled={i === columns.length - 1}>↓</button>
              <button type="button" aria-label={`Remove column ${i + 1}`} onClick={() => onChange(columns.filter((_, j) => j !== i))}>✕</button>
            </span>
          )}
        </div>
      ))}
      {!readOnly && (
        <button type="button" data-testid="column-add" onClick={() => {
          const unused = itemKeys.find((k) => !columns.some((c) => c.key === k)) ?? `col${columns.length + 1}`;
          onChange([...columns, { key: unused, header: unused.charAt(0).toUpperCase() + unused.slice(1), width: 80 }]);
        }}>Add a column</button>
      )}
    </fieldset>
  );
}
