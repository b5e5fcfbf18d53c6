// OAUTH_* parsing and redirect validation, without any provider.
import assert from "node:assert/strict";
import { rm } from "node:fs/promises";
import { describe, test } from "node:test";
import { parseOAuthConfig, type OAuthProviderConfig } from "../../src/auth/oauth-config.js";
import { ConfigError, loadConfig } from "../../src/config.js";
import { ValidationError } from "../../src/errors.js";
import { redirectWithError, safeRedirect } from "../../src/services/oauth/redirect.js";
import { testConfig } from "../helpers/harness.js";

const pair = (name: string) => ({ [`OAUTH_${name}_CLIENT_ID`]: `${name}-id`, [`OAUTH_${name}_CLIENT_SECRET`]: `${name}-secret` });

function summary(p: OAuthProviderConfig): string[] {
  return [p.id, p.label, p.kind === "github" ? p.tokenUrl.href : p.issuer.href, p.kind === "oidc" ? p.scopes : ""];
}

describe("OAUTH_* configuration", () => {
  test("nothing set: no providers", () => {
    assert.deepEqual(parseOAuthConfig({}), { providers: [], redirectOrigins: [] });
  });

  test("the built-in providers and named issuers, each only when its variables are set", () => {
    const config = parseOAuthConfig({
      ...pair("GITHUB"),
      ...pair("GOOGLE"),
      ...pair("MICROSOFT"),
      OAUTH_MICROSOFT_TENANT: "contoso.onmicrosoft.com",
      OAUTH_ACME_ISSUER: "https://sso.acme.example/realms/staff",
      ...pair("ACME"),
      OAUTH_ACME_SCOPES: "openid,email",
      OAUTH_ACME_LABEL: "Acme staff",
      OAUTH_DEV_IDP_ISSUER: "http://127.0.0.1:9000",
      ...pair("DEV_IDP"),
      OAUTH_EMPTY_ISSUER: "  ",
      OAUTH_REDIRECT_ORIGINS: "https://app.example.com, http://localhost:5173/",
    });
    assert.deepEqual(config.providers.map(summary), [
      ["github", "GitHub", "https://github.com/login/oauth/access_token", ""],
      ["google", "Google", "https://accounts.google.com/", "openid email profile"],
      ["microsoft", "Microsoft", "https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0", "openid email profile"],
      ["acme", "Acme staff", "https://sso.acme.example/realms/staff", "openid email"],
      ["dev_idp", "Dev_idp", "http://127.0.0.1:9000/", "openid email profile"],
    ]);
    assert.deepEqual(config.redirectOrigins, ["https://app.example.com", "http://localhost:5173"]);
    const microsoft = parseOAuthConfig(pair("MICROSOFT")).providers[0];
    assert.equal(microsoft?.kind === "oidc" && microsoft.issuer.href, "https://login.microsoftonline.com/common/v2.0");
  });

  test("half-configured providers, http issuers off loopback and bad origins stop start-up with a ConfigError", async () => {
    const bad: Record<string, string>[] = [
      { OAUTH_GITHUB_CLIENT_ID: "only-the-id" },
      { OAUTH_ACME_ISSUER: "https://sso.acme.example" },
      { OAUTH_ACME_ISSUER: "http://sso.acme.example", ...pair("ACME") },
      { OAUTH_ACME_ISSUER: "not a url", ...pair("ACME") },
      { OAUTH_GOOGLE_ISSUER: "https://elsewhere.example", ...pair("GOOGLE") },
      { ...pair("GITHUB"), OAUTH_GITHUB_TOKEN_URL: "http://github.internal.example/token" },
      { ...pair("MICROSOFT"), OAUTH_MICROSOFT_TENANT: "../evil" },
      { OAUTH_REDIRECT_ORIGINS: "https://app.example.com/path" },
      { OAUTH_REDIRECT_ORIGINS: "ftp://files.example.com" },
    ];
    const { dataDir } = await testConfig();
    for (const env of bad) {
      await assert.rejects(loadConfig({ DATA_DIR: dataDir, ...env }), ConfigError, JSON.stringify(env));
    }
    const ok = await loadConfig({ DATA_DIR: dataDir, OAUTH_ACME_ISSUER: "http://localhost:8081/realms/dev", ...pair("ACME") });
    assert.equal(ok.oauth.providers[0]?.id, "acme");
    await rm(dataDir, { recursive: true, force: true });
  });
});

describe("redirect", () => {
  const check = (input: string | undefined) => safeRedirect(input, "https://docs.example.com", ["https://app.example.com"]);

  test("paths and allowed origins pass; the default is /", () => {
    assert.equal(check(undefined), "/");
    assert.equal(check(""), "/");
    assert.equal(check("/templates/1?x=y#z"), "/templates/1?x=y#z");
    assert.equal(check("https://docs.example.com/a"), "https://docs.example.com/a");
    assert.equal(check("https://app.example.com"), "https://app.example.com/");
  });

  test("open redirects are refused", () => {
    for (const input of ["https://evil.example", "//evil.example", "/\\evil.example", "\\\\evil.example", "/\n/evil.example", "http://docs.example.com/", "https://docs.example.com.evil.example/", "https://a@docs.example.com/", "javascript:alert(1)", "templates", `/${"a".repeat(3000)}`]) {
      assert.throws(() => check(input), ValidationError, JSON.stringify(input));
    }
  });

  test("errors are added to the query, keeping relative paths relative", () => {
    assert.equal(redirectWithError("/signin?next=%2Fx#top", "access_denied", "Sign-in was cancelled."), "/signin?next=%2Fx&error=access_denied&message=Sign-in+was+cancelled.#top");
    assert.equal(redirectWithError("https://app.example.com/", "provider_error", "No."), "https://app.example.com/?error=provider_error&message=No.");
  });
});
