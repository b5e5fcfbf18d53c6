// Sign-in through the configured providers (OAuth, Beta): one "Continue with …" button each, and the readable
// alert a failed sign-in comes back with (?error=<code>&message=…).
import { useQuery } from "@tanstack/react-query";
import { useCapabilities } from "../../api/capabilities";
import { api } from "../../api/client";
import { oauth } from "../../api/endpoints";
import type { OAuthProvider } from "../../api/types";
import { nextPath } from "./LoginPage";

/** What each failure code means to the person signing in (the server's message follows it). */
const FAILURES: Readonly<Record<string, string>> = {
  access_denied: "The sign-in was cancelled at the provider.",
  provider_error: "The provider's answer could not be used.",
  provider_unavailable: "The provider could not be reached.",
  state_mismatch: "The sign-in was started in another browser or tab.",
  email_missing: "The provider did not tell us your email address.",
  email_unverified: "The provider has not verified your email address.",
  account_conflict: "Another sign-in to this account happened at the same moment.",
};

/** The page to come back to after a provider's sign-in: this page, remembering where the user was going. */
export function returnPath(page: "/login" | "/signup", params: URLSearchParams): string {
  return `${page}?next=${encodeURIComponent(nextPath(params))}`;
}

/** A "Continue with <label>" button per provider; nothing when there is none. */
export function ProviderButtons({ providers, redirect }: { readonly providers: readonly OAuthProvider[]; readonly redirect: string }) {
  if (providers.length === 0) return null;
  const go = (id: string) => {
    api.expectProviderSession();
    window.location.assign(oauth.startUrl(id, redirect));
  };
  return (
    <div className="providers">
      {providers.map((p) => (
        <button key={p.id} type="button" onClick={() => go(p.id)}>
          Continue with {p.label}
        </button>
      ))}
      <p className="or" aria-hidden="true"><span>or</span></p>
    </div>
  );
}

/** The provider buttons of the server, asked for only when the server has the endpoint. */
export function ProviderSignIn({ redirect }: { readonly redirect: string }) {
  const capabilities = useCapabilities();
  const providers = useQuery({
    queryKey: ["oauth-providers"],
    queryFn: oauth.providers,
    enabled: capabilities?.oauth === true,
    staleTime: Infinity,
    retry: false,
  });
  // A failed list hides the buttons: password sign-in still works.
  return <ProviderButtons providers={providers.data ?? []} redirect={redirect} />;
}

/** The alert for a provider's sign-in that came back failed; nothing without ?error=. */
export function ProviderFailure({ params }: { readonly params: URLSearchParams }) {
  const code = params.get("error");
  if (code === null) return null;
  const message = params.get("message");
  return (
    <div className="problem" role="alert">
      <p><strong>{FAILURES[code] ?? "Signing in with the provider did not work."}</strong></p>
      {message && <p>{message}</p>}
    </div>
  );
}
