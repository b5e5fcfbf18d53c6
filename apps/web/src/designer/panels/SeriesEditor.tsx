// A chart's series: the value key (a field of the bound array's items), its legend label and colour (empty:
// the brand colours in order, as the renderer picks them).
import type { ChartSeries } from "../engine";

const COLOUR = /^(#[0-9a-f]{3}|#[0-9a-f]{6}|@primary|@accent|@onPrimary|@onAccent)$/i;

export function SeriesEditor({ series, itemKeys, onChange, readOnly }: {
  readonly series: readonly ChartSeries[]; readonly itemKeys: readonly string[]; readonly onChange: (s: ChartSeries[]) => void; readonly readOnly?: boolean;
}) {
  const set = (i: number, key: keyof ChartSeries, value: string) =>
    onChange(series.map((s, j) => {
      if (j !== i) return s;
      const next: Record<string, unknown> = { ...s };
      if (value === "" && key !== "valueKey") delete next[key]; else next[key] = value;
      return next as unknown as ChartSeries;
    }));
  return (
    <fieldset className="d-columns" data-testid="series-editor">
      <legend>Series</legend>
      <datalist id="d-series-keys">{itemKeys.map((k) => <option key={k} value={k} />)}</datalist>
      {series.map((s, i) => (
        <div key={i} className="d-column" data-testid={`series-${i}`}>
          <input aria-label={`Series ${i + 1} value key`} data-testid={`series-${i}-key`} list="d-series-keys" value={s.valueKey} readOnly={readOnly} onChange={(e) => set(i, "valueKey", e.target.value)} />
          <input aria-label={`Series ${i + 1} label`} data-testid={`series-${i}-label`} placeholder="label" value={s.label ?? ""} readOnly={readOnly} onChange={(e) => set(i, "label", e.target.value)} />
          {/* Written when left: a half-typed colour is not one. */}
          <input key={s.color ?? ""} aria-label={`Series ${i + 1} colour`} data-testid={`series-${i}-color`} placeholder="colour (#rrggbb, @primary)" defaultValue={s.color ?? ""} readOnly={readOnly}
            onBlur={(e) => { const v = e.target.value.trim(); if (v !== (s.color ?? "") && (v === "" || COLOUR.test(v))) set(i, "color", v); }} />
          {!readOnly && (
            <span className="d-column-actions">
              <button type="button" aria-label={`Remove series ${i + 1}`} onClick={() => onChange(series.filter((_, j) => j !== i))}>✕</button>
            </span>
          )}
        </div>
      ))}
      {!readOnly && (
        <button type="button" data-testid="series-add" onClick={() => {
          const unused = itemKeys.find((k) => !series.some((s) => s.valueKey === k)) ?? `value${series.length + 1}`;
          onChange([...series, { valueKey: unused, label: unused.charAt(0).toUpperCase() + unused.slice(1) }]);
        }}>Add a series</button>
      )}
    </fieldset>
  );
}
