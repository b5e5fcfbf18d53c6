// Theme preview: primary and accent pickers applied to the preview render only (the template is unchanged).
import type { Theme } from "../../api/types";

/** The pickers; `theme` null means the template's own colours. */
export function ThemeControls({ theme, onChange }: { readonly theme: Theme | null; readonly onChange: (theme: Theme | null) => void }) {
  const on = theme !== null;
  return (
    <fieldset className="theme row">
      <legend>Theme preview</legend>
      <label><input type="checkbox" checked={on} onChange={(e) => onChange(e.target.checked ? { primary: "#2563eb", accent: "#f59e0b" } : null)} /> Try a theme</label>
      {on && (
        <>
          <label>Primary <input type="color" value={theme.primary ?? "#2563eb"} onChange={(e) => onChange({ ...theme, primary: e.target.value })} /></label>
          <label>Accent <input type="color" value={theme.accent ?? "#f59e0b"} onChange={(e) => onChange({ ...theme, accent: e.target.value })} /></label>
        </>
      )}
    </fieldset>
  );
}
