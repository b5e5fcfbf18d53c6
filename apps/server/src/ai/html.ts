// HTML input for generation. The native HTML importer (the one behind POST /api/templates/import-html)
// converts it first, in a render worker; the model then refines that draft: the skeleton pass reads the
// draft's bands, and each band's pass the draft's elements of that band (prompts/skeleton.md, band.md).
// When the importer is absent or fails, the model reads the HTML itself, sanitised and truncated.
import { parseDocument, toGenerated, type GeneratedBandTemplate, type GeneratedElement } from "@docsvc/layout";
import type { ServiceDeps } from "../services/deps.js";

/** How much HTML (and CSS), or draft JSON per text, the model is shown. */
export const HTML_PROMPT_LIMIT = 60_000;

/** The header of the draft's skeleton in the user message (named in prompts/skeleton.md). */
export const DRAFT_HEADER = "The HTML draft (converted natively from the user's HTML; refine it):";
/** The header of one band's drafted elements (named in prompts/band.md). */
export const DRAFT_BAND_HEADER = "The HTML draft of this band's elements:";

function clip(text: string): string {
  return text.length > HTML_PROMPT_LIMIT ? `${text.slice(0, HTML_PROMPT_LIMIT)}\n(… truncated)` : text;
}

/**
 * The native importer's draft of the HTML in the wire shape, converted in the workspace's turn on the render
 * pool; undefined when this server's renderer cannot import HTML or the import fails (the reason is logged).
 */
export async function nativeHtmlDraft(deps: Pick<ServiceDeps, "renderer" | "log">, html: string, css: string | undefined, job: { readonly workspaceId: string; readonly signal: AbortSignal }): Promise<GeneratedBandTemplate | undefined> {
  if (deps.renderer.importHtml === undefined || html.trim() === "") return undefined;
  const fallback = (problem: string): undefined => {
    deps.log.warn("AI: the HTML importer gave no draft; the model reads the HTML", { workspaceId: job.workspaceId, problem });
    return undefined;
  };
  let result;
  try {
    result = await deps.renderer.importHtml({ html, css }, job);
  } catch (error) {
    // A client that went away ends the generation; a full queue or a spent budget only costs the draft.
    job.signal.throwIfAborted();
    return fallback(error instanceof Error ? error.message : String(error));
  }
  if (!result.ok) return fallback(Object.values(result.errors).flat().join("; "));
  const parsed = parseDocument(result.content);
  return parsed.ok ? toGenerated(parsed.document) : fallback("the imported document did not parse");
}

/** The draft as the skeleton pass reads it: bands without their elements, schema, page and fonts (not its placeholder name). */
export function draftSkeletonText(draft: GeneratedBandTemplate): string {
  const { name: _placeholder, ...rest } = draft;
  const bands = draft.bands.map(({ elements: _elements, failed: _failed, ...band }) => band);
  return clip(`${DRAFT_HEADER}\n${JSON.stringify({ ...rest, bands })}`);
}

/** One band's drafted elements as its fill reads them. */
export function draftBandText(elements: readonly GeneratedElement[]): string {
  return clip(`${DRAFT_BAND_HEADER}\n${JSON.stringify(elements)}`);
}

/** The HTML as the model should read it: no scripts, styles inline as given, no event handlers or remote URLs. */
export function htmlForPrompt(html: string, css: string | undefined): string {
  const cleaned = html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<(script|iframe|object|embed|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<(script|iframe|object|embed|link|meta|base)\b[^>]*>/gi, "")
    .replace(/\son\w+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, "")
    .replace(/\b(src|href)\s*=\s*("(?:https?:|\/\/|javascript:)[^"]*"|'(?:https?:|\/\/|javascript:)[^']*')/gi, '$1=""')
    .replace(/data:[\w/+.-]+;base64,[A-Za-z0-9+/=]{200,}/g, "data:(picture)")
    .replace(/\s+/g, " ")
    .trim();
  const styles = css ? `\n<style>${css.replace(/\s+/g, " ").slice(0, HTML_PROMPT_LIMIT / 4)}</style>` : "";
  return clip(`${cleaned}${styles}`);
}
