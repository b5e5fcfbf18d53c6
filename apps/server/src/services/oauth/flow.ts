// The sign-in flow: start (state, PKCE, nonce; off to the provider) and finish (back from the provider with a
// code; a session like a login's).
import type * as Oidc from "openid-client";
import { openidClient } from "./oidc.js";
import type { OAuthProviderConfig } from "../../auth/oauth-config.js";
import { hashToken } from "../../auth/tokens.js";
import { consumeOAuthState, deleteExpiredOAuthStates, insertOAuthState, type OAuthStateRow } from "../../db/oauth.js";
import { ValidationError } from "../../errors.js";
import { errorFields } from "../../log.js";
import { isoAfter, MINUTE, nowIso } from "../../time.js";
import { signIn } from "../accounts.js";
import type { ServiceDeps } from "../deps.js";
import type { IssuedSession } from "../sessions.js";
import { userForProfile } from "./account.js";
import { providerFailure, SignInFailure } from "./failure.js";
import { exchangeAndReadProfile, type ProviderProfile } from "./profile.js";

/** A started flow lives this long. */
export const FLOW_MS = 10 * MINUTE;

/** Where to send the browser, and the state the browser must bring back (kept in its cookie). */
export interface StartedFlow {
  readonly authorizationUrl: URL;
  readonly state: string;
}

/**
 * Stores a new flow for `redirect` (already validated) and builds the provider's authorization URL.
 * SignInFailure when the provider cannot be reached.
 */
export async function startFlow(deps: ServiceDeps, provider: OAuthProviderConfig, redirect: string): Promise<StartedFlow> {
  const configuration = await deps.oauth.configuration(provider);
  const client = await openidClient();
  const state = client.randomState();
  const codeVerifier = client.randomPKCECodeVerifier();
  const nonce = provider.kind === "oidc" ? client.randomNonce() : null;
  const now = Date.now();
  await insertOAuthState(deps.db, {
    state_hash: hashToken(state),
    provider: provider.id,
    code_verifier: codeVerifier,
    nonce,
    redirect,
    created_at: nowIso(now),
    expires_at: isoAfter(FLOW_MS, now),
  });
  const scope = provider.kind === "github" ? "read:user user:email" : provider.scopes;
  const authorizationUrl = client.buildAuthorizationUrl(configuration, {
    redirect_uri: deps.oauth.callbackUrl(provider).href,
    scope,
    state,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    ...(nonce !== null ? { nonce } : {}),
  });
  return { authorizationUrl, state };
}

/**
 * Takes the flow that `state` names, once: a replayed, forged, expired or other provider's state is a 400
 * (there is no trusted place to send the browser back to).
 */
export async function takeFlow(deps: ServiceDeps, provider: OAuthProviderConfig, state: string | undefined): Promise<OAuthStateRow> {
  const refused = ValidationError.field("state", "The sign-in link is invalid, has expired, or was already used. Start the sign-in again.");
  if (state === undefined || state === "") throw refused;
  const flow = await consumeOAuthState(deps.db, hashToken(state), nowIso());
  if (flow === undefined || flow.provider !== provider.id) throw refused;
  return flow;
}

/**
 * Completes a taken flow from the provider's callback query: checks the browser's state cookie, exchanges
 * the code, and signs the user in. SignInFailure for every reason the user should see.
 */
export async function finishFlow(
  deps: ServiceDeps,
  provider: OAuthProviderConfig,
  flow: OAuthStateRow,
  query: URLSearchParams,
  browserState: string | undefined,
): Promise<IssuedSession> {
  const state = query.get("state") ?? "";
  // The flow must come back to the browser that started it: otherwise a link to someone else's callback
  // would sign the victim into that someone's account.
  if (browserState !== state) {
    throw new SignInFailure("state_mismatch", "This sign-in was started in another browser or tab. Start the sign-in again.");
  }
  const providerError = query.get("error");
  if (providerError !== null) {
    throw providerError === "access_denied"
      ? new SignInFailure("access_denied", "Sign-in was cancelled at the provider.")
      : new SignInFailure("provider_error", "The sign-in provider reported an error. Try signing in again.");
  }
  const callback = deps.oauth.callbackUrl(provider);
  for (const [key, value] of query) callback.searchParams.append(key, value);
  let profile: ProviderProfile;
  try {
    const configuration = await deps.oauth.configuration(provider);
    profile = await exchangeAndReadProfile(provider, configuration, callback, {
      state,
      codeVerifier: flow.code_verifier,
      nonce: flow.nonce,
    });
  } catch (err) {
    const failure = providerFailure(err);
    deps.log.warn("oauth: sign-in failed at the provider", { provider: provider.id, code: failure.code, ...errorFields(err) });
    throw failure;
  }
  return signIn(deps, await userForProfile(deps, provider.id, profile));
}
