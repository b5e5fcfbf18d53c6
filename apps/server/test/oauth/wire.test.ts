// The listening server (startServer, as `docsvc serve` runs it) with providers configured: an issuer that is
// down at start-up is not fatal, and a sign-in works over real HTTP, cookies on the wire.
import assert from "node:assert/strict";
import { createServer, type AddressInfo } from "node:net";
import { test } from "node:test";
import { rm } from "node:fs/promises";
import { parseOAuthConfig } from "../../src/auth/oauth-config.js";
import { createLogger } from "../../src/log.js";
import { startServer } from "../../src/main.js";
import { testConfig, uniqueEmail } from "../helpers/harness.js";
import { ProviderBrowser } from "./support/browser.js";
import { startTestIssuer } from "./support/oidc-provider.js";
import { issuerEnv } from "./support/sign-in.js";

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function cookie(res: Response, name: string): string {
  const line = res.headers.getSetCookie().find((l) => l.startsWith(`${name}=`));
  assert.ok(line, `no ${name} cookie`);
  return line.split(";")[0] ?? "";
}

test("start-up survives an unreachable issuer; a sign-in completes over the wire", async () => {
  const publicUrl = "http://localhost:8080";
  const issuer = await startTestIssuer([`${publicUrl}/api/auth/oauth/acme/callback`]);
  const down = await closedPort();
  const oauth = parseOAuthConfig({
    ...issuerEnv("ACME", issuer),
    OAUTH_DOWN_ISSUER: `http://127.0.0.1:${down}`,
    OAUTH_DOWN_CLIENT_ID: "x",
    OAUTH_DOWN_CLIENT_SECRET: "y",
  });
  const config = await testConfig({ publicUrl, oauth });
  const server = await startServer(config, { log: createLogger("silent") });
  try {
    const providers = await fetch(`${server.url}/api/auth/oauth/providers`);
    assert.deepEqual(await providers.json(), [{ id: "acme", label: "Acme" }, { id: "down", label: "Down" }]);

    const unavailable = await fetch(`${server.url}/api/auth/oauth/down/start`, { redirect: "manual" });
    assert.equal(unavailable.status, 302);
    assert.match(unavailable.headers.get("location") ?? "", /^\/\?error=provider_unavailable&message=/);

    const email = uniqueEmail("wire-oidc");
    issuer.accounts.set("wire", { email, email_verified: true });
    const started = await fetch(`${server.url}/api/auth/oauth/acme/start?redirect=%2Fapp`, { redirect: "manual" });
    assert.equal(started.status, 302);
    const flowCookie = cookie(started, "docsvc_oauth_state");
    const back = await new ProviderBrowser().visit(started.headers.get("location") ?? "", `${publicUrl}/api/auth/oauth/acme/callback`, { login: "wire" });
    // The browser follows the provider's redirect to PUBLIC_URL, which is this server.
    const done = await fetch(`${server.url}${back.pathname}${back.search}`, { redirect: "manual", headers: { Cookie: flowCookie } });
    assert.equal(done.status, 302);
    assert.equal(done.headers.get("location"), "/app");
    const refresh = cookie(done, "docsvc_refresh");
    const issued = await fetch(`${server.url}/api/auth/refresh`, { method: "POST", headers: { Cookie: refresh } });
    assert.equal(issued.status, 200);
    const body = (await issued.json()) as { user: { email: string; emailVerified: boolean }; role: string };
    assert.deepEqual([body.user.email, body.user.emailVerified, body.role], [email, true, "Owner"]);
  } finally {
    await server.close();
    await issuer.close();
    await rm(config.dataDir, { recursive: true, force: true });
  }
});
