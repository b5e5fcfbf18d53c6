// The token picker: a schema field (or a built-in such as $page) with an optional format, each shown with a
// live example resolved against the sample data by the engine's own token code.
import { useState } from "react";
import { resolveText, type SchemaField, type TemplateDocument } from "../engine";
import { fieldPaths, formatsFor } from "./schema-paths";

const BUILT_INS = [
  { path: "$today", type: "builtin-date" as const },
  { path: "$now", type: "datetime" as const },
  { path: "$page", type: "number" as const },
  { path: "$pages", type: "number" as const },
  { path: "$index", type: "number" as const },
];

/** `{{path}}` or `{{path | format}}`. */
export function tokenOf(path: string, format?: string): string {
  return format ? `{{${path} | ${format}}}` : `{{${path}}}`;
}

/** A token's example value against the sample data. */
export function exampleOf(token: string, doc: TemplateDocument, data: unknown, row?: unknown): string {
  try {
    return resolveText(token, { root: data, locale: doc.locale ?? "en-US", timezone: doc.timezone ?? "UTC", now: new Date(), page: 1, pages: 3 }, row === undefined ? undefined : { row, index: 0 });
  } catch {
    return "";
  }
}

/** The picker; `onPick` receives the token text. */
export function TokenPicker({ schema, doc, data, row, onPick }: {
  readonly schema: readonly SchemaField[]; readonly doc: TemplateDocument; readonly data: unknown; readonly row?: unknown; readonly onPick: (token: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [path, setPath] = useState<string>("");
  const fields = fieldPaths(schema).filter((f) => f.type !== "array" && f.type !== "object");
  const all = [...fields.map((f) => ({ path: f.path, type: f.type })), ...BUILT_INS];
  const chosen = all.find((f) => f.path === path);
  if (!open) return <button type="button" className="link d-token-open" data-testid="token-picker-open" onClick={() => setOpen(true)}>Insert a token…</button>;
  return (
    <div className="d-token-picker" data-testid="token-picker">
      <label>Field
        <select data-testid="token-field" value={path} onChange={(e) => setPath(e.target.value)}>
          <option value="">Choose…</option>
          {all.map((f) => <option key={f.path} value={f.path}>{f.path}</option>)}
        </select>
      </label>
      {chosen && (
        <ul className="d-token-formats" aria-label="Formats">
          {[undefined, ...formatsFor(chosen.type)].map((fmt) => {
            const token = tokenOf(chosen.path, fmt);
            return (
              <li key={fmt ?? "plain"}>
                <button type="button" data-testid="token-option" onClick={() => { onPick(token); setOpen(false); }}><code>{token}</code></button>
                <span className="d-token-example" aria-label="Example">{exampleOf(token, doc, data, row) || "(empty)"}</span>
              </li>
            );
          })}
        </ul>
      )}
      <button type="button" className="link" onClick={() => setOpen(false)}>Close</button>
    </div>
  );
}
