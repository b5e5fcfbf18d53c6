// A table column's format field. A filter chain (`number:"#,##0.00"`) is written as it is typed; a bare pattern
// (`#,##0.00`) is read as the filter it means when the field is left (or Enter pressed), and says so; anything
// else is refused there with the reason, and the column keeps its last format.
import { useEffect, useId, useRef, useState } from "react";
import { readColumnFormat } from "./column-format";

export function ColumnFormatInput({ index, value, readOnly, onCommit }: {
  readonly index: number; readonly value: string | undefined; readonly readOnly?: boolean; readonly onCommit: (format: string | undefined) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value ?? "");
  const [message, setMessage] = useState<{ readonly error: boolean; readonly text: string } | null>(null);
  const focused = useRef(false);
  // Another change of the stored format (undo, a peer) shows unless the field is being typed in.
  useEffect(() => { if (!focused.current) setDraft(value ?? ""); }, [value]);
  const settle = () => {
    const read = readColumnFormat(draft);
    if (!read.ok) return setMessage({ error: true, text: read.reason });
    setDraft(read.format ?? "");
    setMessage(read.note ? { error: false, text: read.note } : null);
    if (read.format !== value) onCommit(read.format);
  };
  return (
    <>
      <input id={id} aria-label={`Column ${index + 1} format`} data-testid={`column-${index}-format`} list="d-column-formats" placeholder="format" value={draft} readOnly={readOnly}
        aria-invalid={message?.error ? true : undefined} aria-describedby={message ? `${id}-msg` : undefined}
        onFocus={() => { focused.current = true; }}
        onBlur={() => { focused.current = false; if (!readOnly) settle(); }}
        onKeyDown={(e) => { if (e.key === "Enter" && !readOnly) { e.preventDefault(); settle(); } }}
        onChange={(e) => {
          const typed = e.target.value;
          setDraft(typed);
          const read = readColumnFormat(typed);
          // A complete filter chain (or nothing) is written at once; a bare pattern waits for the field to be left.
          if (read.ok && !read.note) { setMessage(null); if (read.format !== value) onCommit(read.format); }
        }} />
      {message && (
        <span id={`${id}-msg`} className={message.error ? "field-error d-column-msg" : "d-note d-column-msg"} role={message.error ? "alert" : "status"} data-testid={`column-${index}-format-msg`}>{message.text}</span>
      )}
    </>
  );
}
