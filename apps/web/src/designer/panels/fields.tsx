// The property editors: each shows one key of an element, band or the document and writes it back through
// `onChange` (undefined removes an optional key). Inputs carry data-testid="prop-<key>".
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { spliceBetween, type Splice } from "@docsvc/collab-doc";
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

/** Where a caret goes when the text changes under it (a peer's edit): beside the same characters. */
function mapCaret(pos: number, s: Splice): number {
  if (pos <= s.index) return pos;
  if (pos >= s.index + s.remove) return pos + s.insert.length - s.remove;
  return s.index + s.insert.length;
}

/**
 * The stored value shown in a field that may have focus. What is typed is kept as the field's draft, but
 * whenever the stored value stops matching it (a peer's change, undo, a restore) the field shows the stored
 * value, also while it has focus, with the caret kept beside the same characters: a field never holds on to
 * a copy the document no longer has, so the next keystroke cannot write an old value over someone's change.
 * `same` says when a draft already stands for the stored value (a normalised one: "2, " for [2]).
 */
export function useLiveDraft(stored: string, same: (draft: string, stored: string) => boolean = (a, b) => a === b) {
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [draft, setDraftState] = useState(stored);
  // What the field shows right now, also between an input event and the render after it: the base of the next
  // edit must be exactly what the user changed, or a merge would apply a keystroke twice.
  const shown = useRef(stored);
  const setDraft = useCallback((text: string) => {
    shown.current = text;
    setDraftState(text);
  }, []);
  const caret = useRef<readonly [number, number] | null>(null);
  // Runs when the stored value changes (the draft changing is the user typing, no news).
  useLayoutEffect(() => {
    if (same(draft, stored)) return;
    const el = ref.current;
    // (A number input has no selection to keep: its selectionStart is null.)
    if (el !== null && el.ownerDocument.activeElement === el && el.selectionStart !== null) {
      const s = spliceBetween(draft, stored);
      caret.current = [mapCaret(el.selectionStart ?? 0, s), mapCaret(el.selectionEnd ?? 0, s)];
    }
    setDraft(stored);
  }, [stored]);
  useLayoutEffect(() => {
    const el = ref.current;
    if (caret.current === null || el === null) return;
    el.setSelectionRange(caret.current[0], caret.current[1]);
    caret.current = null;
  }, [draft]);
  return { ref, draft, setDraft, shown: () => shown.current };
}

/**
 * A text input written through on each change. With `onEdit` the change goes out as an edit of what the field
 * showed (`base` → `next`, the caret after it), merged per character with peers' edits (text content);
 * otherwise the whole value is set (`onChange`, undefined when emptied).
 */
export function TextProp({ k, label, value, onChange, onEdit, same, multiline, placeholder, readOnly }: {
  readonly k: string; readonly label: string; readonly value: string | undefined; readonly onChange: (v: string | undefined) => void;
  readonly onEdit?: (base: string, next: string, caret: number | undefined) => void;
  readonly same?: (draft: string, stored: string) => boolean;
  readonly multiline?: boolean; readonly placeholder?: string; readonly readOnly?: boolean;
}) {
  const id = useId();
  const { ref, draft, setDraft, shown } = useLiveDraft(value ?? "", same);
  const common = {
    id, value: draft, readOnly, placeholder, "data-testid": `prop-${k}`,
    onChange: (e: { target: { value: string; selectionEnd: number | null } }) => {
      const next = e.target.value;
      const base = shown();
      setDraft(next);
      if (onEdit) onEdit(base, next, e.target.selectionEnd ?? undefined);
      else onChange(next === "" ? undefined : next);
    },
  };
  return <Row label={label} htmlFor={id}>{multiline ? <textarea ref={ref} rows={3} {...common} /> : <input ref={ref} type="text" {...common} />}</Row>;
}

/** A number; empty removes the key (the engine's default applies). A peer's change shows even while focused. */
export function NumberProp({ k, label, value, onChange, min, max, step, readOnly }: {
  readonly k: string; readonly label: string; readonly value: number | undefined; readonly onChange: (v: number | undefined) => void;
  readonly min?: number; readonly max?: number; readonly step?: number; readonly readOnly?: boolean;
}) {
  const id = useId();
  // "1." or "1.50" stand for 1 and 1.5: only a different number replaces what is typed.
  const { ref, draft, setDraft } = useLiveDraft(value === undefined ? "" : String(value), (d, stored) => (d === "" ? stored === "" : Number(d) === Number(stored) && stored !== ""));
  return (
    <Row label={label} htmlFor={id}>
      <input ref={ref} id={id} type="number" data-testid={`prop-${k}`} value={draft} min={min} max={max} step={step ?? "any"} readOnly={readOnly}
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
