// The web app's Content Security Policy. Everything the app runs, styles, loads and connects to is its own:
// the hashed bundles under /assets/ (the build emits no inline script), the pdf.js worker beside them, the
// designer fonts under /fonts/, the collaboration hub's WebSocket on the same host. So an injected tag (a
// template name or comment that slipped past escaping) can neither run script nor send data elsewhere.

/** How the policy is delivered (CSP_MODE) and where violations are reported (CSP_REPORT_URI). */
export interface CspSettings {
  /** `report-only`: Content-Security-Policy-Report-Only, for operators trying the policy behind their own proxies. */
  readonly reportOnly: boolean;
  /** Where browsers POST violation reports (`report-uri`); absent: not reported. */
  readonly reportUri?: string | undefined;
}

export const DEFAULT_CSP: CspSettings = { reportOnly: false };

/** The header's name for `settings`' mode. */
export function cspHeaderName(settings: CspSettings): string {
  return settings.reportOnly ? "Content-Security-Policy-Report-Only" : "Content-Security-Policy";
}

/** The hub's WebSocket origin for a published http(s) origin (ws: for http:, wss: for https:). */
function webSocketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
}

/** The policy of every HTML answer; `styleNonce` is the one its <style> elements carry, if any. */
export function contentSecurityPolicy(publicUrl: string, settings: CspSettings, styleNonce?: string): string {
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    // The app's own files only: no inline script, no eval, no event-handler attributes.
    ["script-src", "'self'"],
    ["script-src-attr", "'none'"],
    // The stylesheets are the app's own files, plus the <style> elements CodeMirror (its theme) and
    // react-remove-scroll (the dialogs' scroll lock) insert, which carry the page's nonce. React's `style={…}`
    // props and CodeMirror's measured positions are written through the CSSOM (element.style), which CSP does
    // not govern, so nothing needs 'unsafe-inline'. Style attributes written as markup (`style="…"` in HTML,
    // setAttribute("style")) stay blocked.
    ["style-src", "'self'", ...(styleNonce === undefined ? [] : [`'nonce-${styleNonce}'`])],
    ["style-src-attr", "'none'"],
    // data: for uploaded images and the designer's SVG previews and barcodes; blob: for pdf.js and downloads.
    ["img-src", "'self'", "data:", "blob:"],
    // /fonts/*.ttf for the designer; pdf.js hands the PDF's embedded fonts to FontFace as bytes.
    ["font-src", "'self'"],
    // The API on the same origin, and the hub's WebSocket (named as well: not every browser lets 'self' match ws:).
    ["connect-src", "'self'", webSocketOrigin(publicUrl)],
    // The pdf.js worker is a hashed file under /assets/.
    ["worker-src", "'self'"],
    ["manifest-src", "'self'"],
    ["media-src", "'none'"],
    ["frame-src", "'none'"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    // Every form is handled by script (fetch); sign-in with a provider is a navigation, not a form post.
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  if (settings.reportUri !== undefined) directives.push(["report-uri", settings.reportUri]);
  return directives.map((d) => d.join(" ")).join("; ");
}
