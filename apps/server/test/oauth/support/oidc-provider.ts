// A real OpenID Connect provider (the oidc-provider package) on loopback, with its development login and
// consent pages. Any login name signs in; its claims come from `accounts`.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";

/** The claims an account name signs in with. */
export interface TestAccount {
  readonly email?: string;
  readonly email_verified?: boolean;
}

/** A running provider. */
export interface TestIssuer {
  /** `http://127.0.0.1:<port>`. */
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Login name → claims; tests add to it. */
  readonly accounts: Map<string, TestAccount>;
  close(): Promise<void>;
}

/**
 * Starts a provider that knows one confidential client with `redirectUris`, on `port` (0: any free one),
 * authenticating it with `authMethod` (the only method its metadata then offers).
 */
export async function startTestIssuer(
  redirectUris: readonly string[],
  port = 0,
  authMethod: "client_secret_basic" | "client_secret_post" = "client_secret_basic",
): Promise<TestIssuer> {
  const accounts = new Map<string, TestAccount>();
  // The issuer URL (with the port) must exist before the Provider does, so the server listens first.
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server: Server = createServer((req, res) => {
    if (handler) handler(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const clientId = "docsvc-test";
  const clientSecret = "a-client-secret-long-enough-for-hs256-0123456789";
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [...redirectUris],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: authMethod,
      },
    ],
    clientAuthMethods: [authMethod],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: "RS256", use: "sig", kid: "test" }] },
    cookies: { keys: ["test-cookie-key-0123456789"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"] },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      return { accountId: id, claims: async () => ({ sub: id, ...accounts.get(id) }) };
    },
  });
  // The development pages warn on stderr about themselves; tests know.
  provider.on("server_error", () => undefined);
  const serve = provider.callback();
  // oidc-provider takes a secret either way; real issuers are stricter, so the test issuer is too: the token
  // endpoint refuses a request authenticated otherwise than the one method its metadata offers.
  handler = (req, res) => {
    const basic = req.headers.authorization?.startsWith("Basic ") === true;
    if (req.url === "/token" && basic !== (authMethod === "client_secret_basic")) {
      res.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ error: "invalid_client", error_description: `use ${authMethod}` }));
      return;
    }
    serve(req, res);
  };
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
