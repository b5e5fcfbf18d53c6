// Completing the code exchange with a provider and reading who signed in: the subject, the email, and
// whether the provider verified that email.
import type * as Oidc from "openid-client";
import { openidClient } from "./oidc.js";
import * as v from "valibot";
import type { GitHubProviderConfig, OAuthProviderConfig } from "../../auth/oauth-config.js";
import { SignInFailure } from "./failure.js";

/** Who signed in, as the provider vouches for it. */
export interface ProviderProfile {
  /** The provider's stable id of the account. */
  readonly subject: string;
  readonly email: string | undefined;
  readonly emailVerified: boolean;
}

/** What the flow started with (from the stored state). */
export interface FlowChecks {
  readonly state: string;
  readonly codeVerifier: string;
  readonly nonce: string | null;
}

/**
 * Exchanges the code in `callback` (the registered callback URL plus the provider's query) after checking
 * state, PKCE and, for OpenID Connect, the ID token and its nonce; then reads the profile.
 */
export async function exchangeAndReadProfile(
  provider: OAuthProviderConfig,
  configuration: Oidc.Configuration,
  callback: URL,
  checks: FlowChecks,
): Promise<ProviderProfile> {
  const oidc = provider.kind === "oidc";
  const client = await openidClient();
  const tokens = await client.authorizationCodeGrant(configuration, callback, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    ...(oidc && checks.nonce !== null ? { expectedNonce: checks.nonce } : {}),
    idTokenExpected: oidc,
  });
  return provider.kind === "github"
    ? githubProfile(provider, configuration, tokens.access_token)
    : oidcProfile(configuration, tokens);
}

const Claims = v.looseObject({
  sub: v.string(),
  email: v.optional(v.string()),
  email_verified: v.optional(v.unknown()),
  // Microsoft Entra's "email domain owner verified" optional claim; Entra sends no email_verified.
  xms_edov: v.optional(v.unknown()),
});

async function oidcProfile(configuration: Oidc.Configuration, tokens: Oidc.TokenEndpointResponse & Oidc.TokenEndpointResponseHelpers): Promise<ProviderProfile> {
  const idToken = tokens.claims();
  if (idToken === undefined) throw new SignInFailure("provider_error", "The provider did not return an ID token.");
  let claims = v.parse(Claims, idToken);
  // Some issuers keep the email out of the ID token; their UserInfo endpoint has it.
  if (claims.email === undefined && configuration.serverMetadata().userinfo_endpoint !== undefined) {
    claims = v.parse(Claims, await (await openidClient()).fetchUserInfo(configuration, tokens.access_token, claims.sub));
  }
  return { subject: claims.sub, email: claims.email, emailVerified: isTrue(claims.email_verified) || isTrue(claims.xms_edov) };
}

function isTrue(value: unknown): boolean {
  // Some issuers (AWS Cognito among them) send booleans as strings.
  return value === true || value === "true" || value === 1 || value === "1";
}

const GitHubUser = v.looseObject({ id: v.union([v.number(), v.string()]) });
const GitHubEmails = v.array(v.looseObject({ email: v.string(), primary: v.boolean(), verified: v.boolean() }));

async function githubProfile(provider: GitHubProviderConfig, configuration: Oidc.Configuration, accessToken: string): Promise<ProviderProfile> {
  const user = v.parse(GitHubUser, await githubGet(provider, configuration, accessToken, "user"));
  // The primary address, and GitHub's word on whether its owner confirmed it (the profile's public email may
  // be any address, verified or not).
  const primary = v.parse(GitHubEmails, await githubGet(provider, configuration, accessToken, "user/emails")).find((e) => e.primary);
  return { subject: String(user.id), email: primary?.email, emailVerified: primary?.verified === true };
}

async function githubGet(provider: GitHubProviderConfig, configuration: Oidc.Configuration, accessToken: string, path: string): Promise<unknown> {
  const url = new URL(path, provider.apiUrl.href.endsWith("/") ? provider.apiUrl : `${provider.apiUrl.href}/`);
  const headers = new Headers({ accept: "application/vnd.github+json", "x-github-api-version": "2022-11-28" });
  const res = await (await openidClient()).fetchProtectedResource(configuration, accessToken, url, "GET", undefined, headers);
  if (!res.ok) throw new SignInFailure("provider_error", `GitHub answered ${res.status} when asked for the account's ${path === "user" ? "profile" : "emails"}.`);
  return res.json();
}
