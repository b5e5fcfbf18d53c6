// openid-client (with oauth4webapi and parts of jose) loads when a sign-in provider is first used, not with the
// server: most deployments configure none, and those that do use it for sign-ins only.
type OpenIdClient = typeof import("openid-client");

let loaded: Promise<OpenIdClient> | undefined;

/** The openid-client module, imported on first use. */
export function openidClient(): Promise<OpenIdClient> {
  return (loaded ??= import("openid-client"));
}
