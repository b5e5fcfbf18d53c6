// Where the browser may be sent after a sign-in: no open redirects.
import { ValidationError } from "../../errors.js";

const REFUSED = "redirect must be a path on this site (not //… nor /\\…) or a URL on an allowed origin.";
const MAX_LENGTH = 2048;

/**
 * The validated `redirect` ("/" when absent): a relative path, or an http(s) URL on PUBLIC_URL's origin or
 * one of `origins`. Backslashes and control characters are refused outright: browsers read `/\host` and
 * `/<TAB>/host` as `//host`.
 */
export function safeRedirect(input: string | undefined, publicUrl: string, origins: readonly string[]): string {
  if (input === undefined || input === "") return "/";
  if (input.length > MAX_LENGTH || /[\\\u0000-\u001f\u007f]/.test(input)) throw ValidationError.field("redirect", REFUSED);
  if (input.startsWith("/")) {
    if (input.startsWith("//")) throw ValidationError.field("redirect", REFUSED);
    return input;
  }
  const url = URL.canParse(input) ? new URL(input) : undefined;
  const allowed = url !== undefined && (url.origin === new URL(publicUrl).origin || origins.includes(url.origin));
  if (!allowed || url.username !== "" || url.password !== "") throw ValidationError.field("redirect", REFUSED);
  return url.href;
}

/** `redirect` with `error` and `message` added to its query (a relative path stays relative). */
export function redirectWithError(redirect: string, code: string, message: string): string {
  const relative = redirect.startsWith("/");
  const url = new URL(redirect, "http://relative.invalid");
  url.searchParams.set("error", code);
  url.searchParams.set("message", message);
  return relative ? `${url.pathname}${url.search}${url.hash}` : url.href;
}
