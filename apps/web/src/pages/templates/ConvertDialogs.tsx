// "Convert to report": asked first (the conversion changes the template's kind; the HTML stays in the
// version history), then, when the conversion could not carry everything over, the list of what it left
// out before the designer opens.
import type { RenderDiagnostic } from "../../api/endpoints";
import { Modal } from "../../ui/Modal";
import { Problem } from "../../ui/Problem";

interface ConvertDialogsProps {
  readonly name: string;
  readonly confirming: boolean;
  readonly converting: boolean;
  readonly error: unknown;
  /** Whether the data JSON parses (it becomes the report's sample data). */
  readonly dataUsable: boolean;
  /** After a conversion: what was not carried over (null before). */
  readonly dropped: readonly RenderDiagnostic[] | null;
  readonly onCancel: () => void;
  readonly onConvert: () => void;
  readonly onOpenDesigner: () => void;
}

/** The confirmation and the after-conversion list. */
export function ConvertDialogs({ name, confirming, converting, error, dataUsable, dropped, onCancel, onConvert, onOpenDesigner }: ConvertDialogsProps) {
  return (
    <>
      <Modal
        open={confirming}
        onOpenChange={(o) => !o && !converting && onCancel()}
        title="Convert to a report template?"
        actions={<>
          <button type="button" onClick={onCancel} disabled={converting}>Cancel</button>
          <button type="button" className="primary" onClick={onConvert} disabled={converting}>{converting ? "Converting…" : "Convert"}</button>
        </>}
      >
        <p>“{name}” becomes a report template edited in the band designer: each block of the HTML becomes a band of positioned elements, a table repeated with <code>data-each</code> a detail band, and <code>data-if</code> on a block its band's condition.</p>
        <p>{dataUsable ? "The data JSON becomes the report's schema and sample data." : "The data JSON does not parse, so the schema is built from the template's tokens only."} Anything that cannot be carried over is listed after the conversion.</p>
        <p>The HTML stays in the version history: restore it from Versions to make this an HTML template again.</p>
        <Problem error={error} />
      </Modal>
      <Modal
        open={dropped !== null}
        onOpenChange={(o) => !o && onOpenDesigner()}
        title="Converted to a report template"
        actions={<button type="button" className="primary" onClick={onOpenDesigner}>Open in the designer</button>}
      >
        <p>These parts do not work in the report as they did in the HTML:</p>
        <ul className="diagnostics" data-testid="import-diagnostics">
          {(dropped ?? []).map((d, i) => <li key={i}><code>{d.path || "(document)"}</code> {d.message}</li>)}
        </ul>
      </Modal>
    </>
  );
}
