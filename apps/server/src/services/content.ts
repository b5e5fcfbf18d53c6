// Template content validation, by editor mode: a report document through the layout model (parseDocument,
// run in the render workers: documents can be megabytes and parsing them must not stall the event loop);
// HTML is parsed as browsers parse it, so any text is HTML and only empty content is refused.
import { ValidationError, type FieldErrors } from "../errors.js";
import type { Renderer } from "../render/renderer.js";
import { renderFailure } from "./render-failure.js";

/** The editor modes a template may have: the band report document (v4 JSON) or an HTML template. */
export const EDITOR_MODES = ["report", "html"] as const;

export type EditorMode = (typeof EDITOR_MODES)[number];

/** The editor mode of a stored value (an unknown one reads as the default, `report`). */
export function editorModeOf(value: string): EditorMode {
  return value === "html" ? "html" : "report";
}

/** How inline content is read: a first non-blank character `{` makes it a JSON document, anything else HTML. */
export function inlineEditorMode(content: string): EditorMode {
  return content.trimStart().startsWith("{") ? "report" : "html";
}

/** A 400 carrying the model's errors, keyed by document path (`bands[2].elements[0].width`). */
export function invalidContent(errors: FieldErrors): ValidationError {
  const count = Object.values(errors).reduce((n, list) => n + list.length, 0);
  return new ValidationError(`The template content is not a valid document (${count} problem${count === 1 ? "" : "s"}; see errors).`, errors);
}

/** Throws a 400 unless `content` is a valid document for the editor mode (parsed in the workspace's turn). */
export async function checkContent(renderer: Renderer, content: string, editorMode: EditorMode, workspaceId: string): Promise<void> {
  switch (editorMode) {
    case "report": {
      const result = await renderer.validate(content, { workspaceId }).catch((error: unknown) => {
        throw renderFailure(error);
      });
      if (!result.ok) throw invalidContent(result.errors);
      return;
    }
    case "html":
      // Problems inside HTML (unreadable CSS, unknown fonts, unsupported properties) are render diagnostics.
      if (content.trim() === "") throw invalidContent({ content: ["An HTML template must not be empty."] });
      return;
    default: {
      const unreachable: never = editorMode;
      throw new Error(`unknown editor mode ${String(unreachable)}`);
    }
  }
}
