// The Content Security Policy nonce of this page load: the server writes a fresh one into index.html's
// <meta property="csp-nonce"> and allows <style> elements carrying it (style-src). Read from the `nonce`
// property: the browser hides the attribute's value from the DOM (and so from CSS selectors) once a policy applies.
const meta = typeof document === "undefined" ? null : document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');

/** The nonce, or undefined when the page was served without one (Vite's development server). */
export const cspNonce: string | undefined = meta?.nonce && meta.nonce !== "DOCSVC_CSP_NONCE" ? meta.nonce : undefined;

/**
 * Hands the nonce to libraries that insert <style> elements through `get-nonce` (react-remove-scroll, under the
 * dialogs), which reads webpack's global `__webpack_nonce__` when nothing else set it.
 */
export function shareCspNonce(): void {
  if (cspNonce !== undefined) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = cspNonce;
}
