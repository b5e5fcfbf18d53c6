// Placeholder replaced below.
import type { DesignerEditor } from "../model/editor";
export function AiPanel(_: { readonly editor: DesignerEditor; readonly bandId: string | null }) {
  return null;
}
