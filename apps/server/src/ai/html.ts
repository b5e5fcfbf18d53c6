// HTML input for generation. The native HTML importer (POST /api/templates/import-html) has not landed; when
// it does, nativeHtmlDraft is the one place it plugs in, and the model then refines the importer's draft
// instead of reading the HTML. Until then the model gets the HTML itself, sanitised and truncated.
import type { TemplateDocument } from "@docsvc/layout";

/** How much HTML (and CSS) the model is shown. */
export const HTML_PROMPT_LIMIT = 60_000;

/** The native importer's draft of the HTML, or undefined while there is no importer. */
export function nativeHtmlDraft(_html: string, _css: string | undefined): TemplateDocument | undefined {
  return undefined;
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
  const text = `${cleaned}${styles}`;
  return text.length > HTML_PROMPT_LIMIT ? `${text.slice(0, HTML_PROMPT_LIMIT)}\n(… truncated)` : text;
}
