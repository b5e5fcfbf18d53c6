// Why a sign-in through a provider did not complete: the browser goes back to `redirect` with these.

/** The `error` codes a failed sign-in sends back (with a human `message`). */
export type SignInErrorCode =
  | "access_denied"
  | "provider_error"
  | "provider_unavailable"
  | "state_mismatch"
  | "email_missing"
  | "email_unverified"
  | "account_conflict";

/** A sign-in that failed for a reason the user should see; never a server fault. */
export class SignInFailure extends Error {
  constructor(
    readonly code: SignInErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "SignInFailure";
  }
}

/** True when `err` (or what caused it) is a network failure or a timeout rather than a bad answer. */
export function isUnreachable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e.name === "TimeoutError" || e.name === "AbortError") return true;
    if (e instanceof TypeError && e.message === "fetch failed") return true;
  }
  return false;
}

/** The failure of a provider that cannot be reached (network, timeout, discovery not yet retried). */
export function unavailable(): SignInFailure {
  return new SignInFailure("provider_unavailable", "The sign-in provider could not be reached. Try again in a moment.");
}

/** Wraps a provider's failure (network or answer) as a SignInFailure; anything already one passes through. */
export function providerFailure(err: unknown): SignInFailure {
  if (err instanceof SignInFailure) return err;
  return isUnreachable(err)
    ? unavailable()
    : new SignInFailure("provider_error", "The sign-in provider's answer could not be accepted. Try signing in again.");
}
