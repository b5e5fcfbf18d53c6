// OAuth / OpenID Connect sign-in providers, read from the environment (api-conventions "Running it").
// A provider is enabled only when its variables are set; a half-configured one stops start-up.

/** GitHub: plain OAuth 2 plus its REST API for the user's id and verified emails. */
export interface GitHubProviderConfig {
  readonly kind: "github";
  readonly id: "github";
  readonly label: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly authorizeUrl: URL;
  readonly tokenUrl: URL;
  /** Base of the REST API (`/user`, `/user/emails`). */
  readonly apiUrl: URL;
}

/** An OpenID Connect issuer, found by discovery (Google, Microsoft and every `OAUTH_<NAME>_ISSUER`). */
export interface OidcProviderConfig {
  readonly kind: "oidc";
  /** The `{provider}` path segment. */
  readonly id: string;
  readonly label: string;
  readonly issuer: URL;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly scopes: string;
}

/** One configured provider. */
export type OAuthProviderConfig = GitHubProviderConfig | OidcProviderConfig;

/** Everything OAuth sign-in reads from the environment. */
export interface OAuthConfig {
  readonly providers: readonly OAuthProviderConfig[];
  /** Origins (besides PUBLIC_URL's) a `redirect` may point at, from OAUTH_REDIRECT_ORIGINS. */
  readonly redirectOrigins: readonly string[];
}

/** A variable that cannot be used; `loadConfig` turns it into a ConfigError. */
export class OAuthConfigError extends Error {}

type Env = Readonly<Record<string, string | undefined>>;

const BUILT_IN = new Set(["GITHUB", "GOOGLE", "MICROSOFT"]);
const DEFAULT_SCOPES = "openid email profile";

/** Reads every OAUTH_* variable. */
export function parseOAuthConfig(env: Env): OAuthConfig {
  const providers: OAuthProviderConfig[] = [];
  const github = credentials(env, "GITHUB");
  if (github) {
    providers.push({
      kind: "github",
      id: "github",
      label: value(env, "OAUTH_GITHUB_LABEL") ?? "GitHub",
      ...github,
      // Overridable so tests can run a fake GitHub on loopback; production leaves them unset.
      authorizeUrl: endpoint(env, "OAUTH_GITHUB_AUTH_URL", "https://github.com/login/oauth/authorize"),
      tokenUrl: endpoint(env, "OAUTH_GITHUB_TOKEN_URL", "https://github.com/login/oauth/access_token"),
      apiUrl: endpoint(env, "OAUTH_GITHUB_API_URL", "https://api.github.com"),
    });
  }
  const google = credentials(env, "GOOGLE");
  if (google) providers.push(oidc(env, "GOOGLE", "Google", new URL("https://accounts.google.com"), google));
  const microsoft = credentials(env, "MICROSOFT");
  if (microsoft) {
    const tenant = value(env, "OAUTH_MICROSOFT_TENANT") ?? "common";
    if (!/^[A-Za-z0-9.-]+$/.test(tenant)) throw new OAuthConfigError(`OAUTH_MICROSOFT_TENANT is not a tenant id or domain: '${tenant}'.`);
    providers.push(oidc(env, "MICROSOFT", "Microsoft", new URL(`https://login.microsoftonline.com/${tenant}/v2.0`), microsoft));
  }
  for (const key of Object.keys(env).sort()) {
    const name = /^OAUTH_([A-Z0-9_]+)_ISSUER$/.exec(key)?.[1];
    if (name === undefined || value(env, key) === undefined) continue;
    if (BUILT_IN.has(name)) throw new OAuthConfigError(`${key}: ${name.toLowerCase()} is a built-in provider; its issuer is fixed.`);
    const creds = credentials(env, name);
    if (!creds) throw new OAuthConfigError(`${key} is set but OAUTH_${name}_CLIENT_ID and OAUTH_${name}_CLIENT_SECRET are not.`);
    providers.push(oidc(env, name, name.charAt(0) + name.slice(1).toLowerCase(), endpoint(env, key, ""), creds));
  }
  return { providers, redirectOrigins: redirectOrigins(value(env, "OAUTH_REDIRECT_ORIGINS")) };
}

/** True for hosts that never leave the machine, where plain http is acceptable (development, tests). */
function isLoopbackHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(hostname);
}

function oidc(env: Env, name: string, label: string, issuer: URL, creds: Credentials): OidcProviderConfig {
  return {
    kind: "oidc",
    id: name.toLowerCase(),
    label: value(env, `OAUTH_${name}_LABEL`) ?? label,
    issuer,
    ...creds,
    scopes: value(env, `OAUTH_${name}_SCOPES`)?.split(/[\s,]+/).join(" ") ?? DEFAULT_SCOPES,
  };
}

interface Credentials {
  readonly clientId: string;
  readonly clientSecret: string;
}

function credentials(env: Env, name: string): Credentials | undefined {
  const clientId = value(env, `OAUTH_${name}_CLIENT_ID`);
  const clientSecret = value(env, `OAUTH_${name}_CLIENT_SECRET`);
  if (clientId === undefined && clientSecret === undefined) return undefined;
  if (clientId === undefined || clientSecret === undefined) {
    throw new OAuthConfigError(`OAUTH_${name}_CLIENT_ID and OAUTH_${name}_CLIENT_SECRET must be set together.`);
  }
  return { clientId, clientSecret };
}

/** An https URL, or http on a loopback host. */
function endpoint(env: Env, key: string, fallback: string): URL {
  const raw = value(env, key) ?? fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OAuthConfigError(`${key} is not a URL: '${raw}'.`);
  }
  const secure = url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname));
  if (!secure || url.search !== "" || url.hash !== "") {
    throw new OAuthConfigError(`${key} must be an https:// URL without query (http:// only on loopback hosts), got '${raw}'.`);
  }
  return url;
}

function redirectOrigins(raw: string | undefined): string[] {
  return (raw ?? "")
    .split(",")
    .map((o) => o.trim())
    .filter((o) => o.length > 0)
    .map((o) => {
      const url = URL.canParse(o) ? new URL(o) : undefined;
      if (url === undefined || !/^https?:$/.test(url.protocol) || url.origin !== o.replace(/\/+$/, "")) {
        throw new OAuthConfigError(`OAUTH_REDIRECT_ORIGINS entries must be origins like https://app.example.com, got '${o}'.`);
      }
      return url.origin;
    });
}

function value(env: Env, key: string): string | undefined {
  const trimmed = env[key]?.trim();
  return trimmed ? trimmed : undefined;
}
