// The configured sign-in providers and their openid-client configurations: OpenID Connect issuers are
// discovered once and cached; GitHub's plain OAuth 2 gets a hand-made configuration.
import type * as Oidc from "openid-client";
import { openidClient } from "./oidc.js";
import type { OAuthConfig, OAuthProviderConfig, OidcProviderConfig } from "../../auth/oauth-config.js";
import { NotFoundError } from "../../errors.js";
import { errorFields, type Logger } from "../../log.js";
import { providerFailure, unavailable } from "./failure.js";

/** How long a failed discovery is remembered before the next `start` tries again. */
const DISCOVERY_RETRY_MS = 5_000;
/** Every request to a provider gives up after this many seconds. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** A provider as the sign-in page lists it. */
export interface ProviderView {
  readonly id: string;
  readonly label: string;
}

interface Discovered {
  configuration?: Oidc.Configuration;
  pending?: Promise<Oidc.Configuration>;
  failedAt?: number;
}

/** The providers of one running service. */
export class OAuthProviders {
  private readonly discovered = new Map<string, Discovered>();

  constructor(
    private readonly config: OAuthConfig,
    private readonly publicUrl: string,
    private readonly log: Logger,
    private readonly retryMs = DISCOVERY_RETRY_MS,
  ) {}

  /** Origins besides PUBLIC_URL's that a `redirect` may point at. */
  get redirectOrigins(): readonly string[] {
    return this.config.redirectOrigins;
  }

  /** The configured providers, in configuration order. */
  list(): ProviderView[] {
    return this.config.providers.map((p) => ({ id: p.id, label: p.label }));
  }

  /** The provider with this path segment; 404 when none is configured. */
  find(id: string): OAuthProviderConfig {
    const provider = this.config.providers.find((p) => p.id === id);
    if (provider === undefined) throw new NotFoundError("Sign-in provider");
    return provider;
  }

  /** The label of a provider id, or the id itself for a provider no longer configured. */
  label(id: string): string {
    return this.config.providers.find((p) => p.id === id)?.label ?? id;
  }

  /** The callback URL registered with the provider. */
  callbackUrl(provider: OAuthProviderConfig): URL {
    return new URL(`${this.publicUrl}/api/auth/oauth/${provider.id}/callback`);
  }

  /** Starts discovery of every issuer in the background (failures are retried on the next sign-in). */
  warmUp(): void {
    for (const p of this.config.providers) {
      if (p.kind === "oidc") this.configuration(p).catch(() => undefined);
    }
  }

  /** The openid-client configuration; SignInFailure("provider_unavailable") while the issuer is unreachable. */
  async configuration(provider: OAuthProviderConfig): Promise<Oidc.Configuration> {
    if (provider.kind === "github") return this.github(await openidClient(), provider);
    const entry = this.discovered.get(provider.id) ?? {};
    this.discovered.set(provider.id, entry);
    if (entry.configuration) return entry.configuration;
    if (entry.pending) return entry.pending;
    if (entry.failedAt !== undefined && Date.now() - entry.failedAt < this.retryMs) {
      throw unavailable();
    }
    entry.pending = this.discover(provider).then(
      (configuration) => {
        entry.configuration = configuration;
        entry.pending = undefined;
        return configuration;
      },
      (err: unknown) => {
        entry.failedAt = Date.now();
        entry.pending = undefined;
        this.log.warn("oauth: issuer discovery failed", { provider: provider.id, issuer: provider.issuer.href, ...errorFields(err) });
        throw providerFailure(err);
      },
    );
    return entry.pending;
  }

  private async discover(provider: OidcProviderConfig): Promise<Oidc.Configuration> {
    const client = await openidClient();
    const insecure = provider.issuer.protocol === "http:";
    return client.discovery(provider.issuer, provider.clientId, undefined, secretAuthentication(client, provider.clientSecret), {
      timeout: PROVIDER_TIMEOUT_SECONDS,
      ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
    });
  }

  private github(client: typeof Oidc, provider: Extract<OAuthProviderConfig, { kind: "github" }>): Oidc.Configuration {
    const configuration = new client.Configuration(
      {
        issuer: new URL("/", provider.authorizeUrl).href,
        authorization_endpoint: provider.authorizeUrl.href,
        token_endpoint: provider.tokenUrl.href,
      },
      provider.clientId,
      provider.clientSecret,
    );
    configuration.timeout = PROVIDER_TIMEOUT_SECONDS;
    // Only reachable through the loopback-only test overrides (oauth-config checks the URLs).
    if ([provider.authorizeUrl, provider.tokenUrl, provider.apiUrl].some((u) => u.protocol === "http:")) {
      client.allowInsecureRequests(configuration);
    }
    return configuration;
  }
}

/**
 * client_secret_basic, the OpenID Connect default, unless the issuer's metadata offers only client_secret_post.
 * Decided per request from the discovered metadata, which does not exist yet when the configuration is built.
 */
function secretAuthentication(client: typeof Oidc, secret: string): Oidc.ClientAuth {
  const basic = client.ClientSecretBasic(secret);
  const post = client.ClientSecretPost(secret);
  return (as, metadata, body, headers) => {
    const methods = as.token_endpoint_auth_methods_supported;
    const postOnly = methods !== undefined && !methods.includes("client_secret_basic") && methods.includes("client_secret_post");
    (postOnly ? post : basic)(as, metadata, body, headers);
  };
}
