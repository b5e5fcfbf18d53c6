// The property editors: each shows one key of an element, band or the document and writes it back through
// `onChange` (undefined removes an optional key). Inputs carry data-testid="prop-<key>".
import { useEffect, useId, useState, type ReactNode } from "react";
import { colourName } from "./colour-default";

/** A labelled row. */
export function Row({ label, children, htmlFor }: { readonly label: string; readonly children: ReactNode; readonly htmlFor?: string }) {
  return (
    <div className="d-prop">
      <label htmlFor={htmlFor}>{label}</label>
      {children}
    </div>
  );
}

/**
 * A text input that keeps what is typed while it has focus (so a remote or normalised value does not move the
 * caret) and writes each change through.
 */
export function TextProp({ k, label, value, onChange, multiline, placeholder, readOnly }: {
  readonly k: string; readonly label: string; readonly value: string | undefined; readonly onChange: (v: string | undefined) => void;
  readonly multiline?: boolean; readonly placeholder?: string; readonly readOnly?: boolean;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value ?? "");
  const [focused, setFocused] = useState(false);
  useEffect(() => { if (!focused) setDraft(value ?? ""); }, [value, focused]);
  const common = {
    id, value: draft, readOnly, placeholder, "data-testid": `prop-${k}`,
    onFocus: () => setFocused(true), onBlur: () => setFocused(false),
    onChange: (e: { target: { value: string } }) => { setDraft(e.target.value); onChange(e.target.value === "" ? undefined : e.target.value); },
  };
  return <Row label={label} htmlFor={id}>{multiline ? <textarea rows={3} {...common} /> : <input type="text" {...common} />}</Row>;
}

/** A number; empty removes the key (the engine's default applies). */
export function NumberProp({ k, label, value, onChange, min, max, step, readOnly }: {
  readonly k: string; readonly label: string; readonly value: number | undefined; readonly onChange: (v: number | undefined) => void;
  readonly min?: number; readonly max?: number; readonly step?: number; readonly readOnly?: boolean;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value === undefined ? "" : String(value));
  const [focused, setFocused] = useState(false);
  useEffect(() => { if (!focused) setDraft(value === undefined ? "" : String(value)); }, [value, focused]);
  return (
    <Row label={label} htmlFor={id}>
      <input id={id} type="number" data-testid={`prop-${k}`} value={draft} min={min} max={max} step={step ?? "any"} readOnly={readOnly}
        onFocus={() => setFocused(true)} onBlur={() => setFocused(false)}
        onChange={(e) => {
          setDraft(e.target.value);
          if (e.target.value === "") return onChange(undefined);
          const n = Number(e.target.value);
          if (Number.isFinite(n)) onChange(n);
        }} />
    </Row>
  );
}

/** One of a few values; the first option "(default)" removes the key. */
export function SelectProp({ k, label, value, options, onChange, required, readOnly }: {
  readonly k: string; readonly label: string; readonly value: string | number | undefined; readonly options: readonly (string | number | readonly [string | number, string])[];
  readonly onChange: (v: string | undefined) => void; readonly required?: boolean; readonly readOnly?: boolean;
}) {
  const id = useId();
  return (
    <Row label={label} htmlFor={id}>
      <select id={id} data-testid={`prop-${k}`} value={value === undefined ? "" : String(value)} disabled={readOnly} onChange={(e) => onChange(e.target.value === "" ? undefined : e.target.value)}>
        {!required && <option value="">(default)</option>}
        {options.map((o) => {
          const [v, text] = Array.isArray(o) ? o : [o, String(o)];
          return <option key={String(v)} value={String(v)}>{text}</option>;
        })}
      </select>
    </Row>
  );
}

/** A checkbox; unchecked removes the key (every boolean key defaults to false). */
export function BoolProp({ k, label, value, onChange, readOnly }: { readonly k: string; readonly label: string; readonly value: boolean | undefined; readonly onChange: (v: boolean | undefined) => void; readonly readOnly?: boolean }) {
  const id = useId();
  return (
    <div className="d-prop d-prop-check">
      <input id={id} type="checkbox" data-testid={`prop-${k}`} checked={value === true} disabled={readOnly} onChange={(e) => onChange(e.target.checked ? true : undefined)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

const SLOTS = ["@primary", "@accent", "@onPrimary", "@onAccent", "transparent"] as const;

/**
 * A colour: a brand slot, or a hex value picked or typed. Absent, the swatch and the empty field show `fallback`,
 * the colour drawn then ("black", or "none" for no fill), rather than a bare "(default)".
 */
export function ColourProp({ k, label, value, onChange, resolve, readOnly, fallback = "#000000" }: {
  readonly k: string; readonly label: string; readonly value: string | undefined; readonly onChange: (v: string | undefined) => void;
  readonly resolve: (v: string) => string | undefined; readonly readOnly?: boolean; readonly fallback?: string;
}) {
  const id = useId();
  const shown = fallback === "none" ? "#ffffff" : fallback;
  const hex = value && /^#[0-9a-f]{6}$/i.test(value) ? value : value ? resolve(value) ?? shown : shown;
  return (
    <Row label={label} htmlFor={id}>
      <span className="d-colour">
        <input type="color" aria-label={`${label} picker`} value={hex} disabled={readOnly} onChange={(e) => onChange(e.target.value)} />
        <input id={id} type="text" data-testid={`prop-${k}`} value={value ?? ""} placeholder={`${colourName(fallback)} (default)`} readOnly={readOnly} list={`${id}-slots`} size={10}
          onChange={(e) => onChange(e.target.value === "" ? undefined : e.target.value)} />
        <datalist id={`${id}-slots`}>{SLOTS.map((slot) => <option key={slot} value={slot} />)}</datalist>
      </span>
    </Row>
  );
}
