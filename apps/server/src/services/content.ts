// Template content validation through the layout model (parseDocument), run in the render workers:
// documents can be megabytes, and parsing them must not stall the event loop.
import { ValidationError, type FieldErrors } from "../errors.js";
import type { Renderer } from "../render/renderer.js";
import { renderFailure } from "./render-failure.js";

/** The editor modes a template may have. `html` arrives with the HTML converter (import-html). */
export const EDITOR_MODES = ["report"] as const;

export type EditorMode = (typeof EDITOR_MODES)[number];

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
    default: {
      const unreachable: never = editorMode;
      throw new Error(`unknown editor mode ${String(unreachable)}`);
    }
  }
}
