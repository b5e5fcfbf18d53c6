// A small fake of GitHub's OAuth and REST endpoints on loopback: authorize (signs in whoever `signedIn`
// names, at once), the token exchange with PKCE checked, /user and /user/emails.
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** A GitHub account as its API shows it. */
export interface FakeGitHubUser {
  readonly id: number;
  readonly login: string;
  readonly emails: readonly { email: string; primary: boolean; verified: boolean }[];
}

/** A running fake. */
export interface FakeGitHub {
  /** The base URL; the env overrides are `${url}/login/oauth/authorize`, `…/access_token` and `${url}/api`. */
  readonly url: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The account the next authorize signs in. */
  signedIn: FakeGitHubUser;
  /** When set, the token endpoint answers like GitHub does on errors: 200 with `{ error }`. */
  tokenError: string | undefined;
  /** When set, /api/* answers this instead (GitHub down, or answering nonsense). */
  apiAnswer: { status: number; body: unknown } | undefined;
  /** The query of the last authorize request. */
  lastAuthorize: URLSearchParams | undefined;
  close(): Promise<void>;
}

interface Grant {
  readonly user: FakeGitHubUser;
  readonly challenge: string | null;
  readonly redirectUri: string;
}

/** Starts the fake on a free loopback port. */
export async function startFakeGitHub(): Promise<FakeGitHub> {
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, FakeGitHubUser>();
  const fake: FakeGitHub = {
    url: "",
    clientId: "Iv1.fakeclient",
    clientSecret: "fake-github-secret",
    signedIn: { id: 1, login: "octocat", emails: [] },
    tokenError: undefined,
    apiAnswer: undefined,
    lastAuthorize: undefined,
    close: async () => undefined,
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const json = (status: number, body: unknown): void => {
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    if (req.method === "GET" && url.pathname === "/login/oauth/authorize") {
      fake.lastAuthorize = url.searchParams;
      const redirectUri = url.searchParams.get("redirect_uri") ?? "";
      const code = randomBytes(10).toString("hex");
      codes.set(code, { user: fake.signedIn, challenge: url.searchParams.get("code_challenge"), redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set("code", code);
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      res.writeHead(302, { location: back.href }).end();
      return;
    }
    if (req.method === "POST" && url.pathname === "/login/oauth/access_token") {
      const form = new URLSearchParams(await readBody(req));
      const grant = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      const verifier = form.get("code_verifier") ?? "";
      const pkceOk = grant?.challenge === createHash("sha256").update(verifier).digest("base64url");
      const clientOk = form.get("client_id") === fake.clientId && form.get("client_secret") === fake.clientSecret;
      // GitHub answers token errors with 200 and an error field, not with a 400.
      if (fake.tokenError !== undefined) return json(200, { error: fake.tokenError, error_description: "fake error" });
      if (!grant || !pkceOk || !clientOk || form.get("redirect_uri") !== grant.redirectUri) {
        return json(200, { error: "bad_verification_code", error_description: "The code passed is incorrect or expired." });
      }
      const token = `gho_${randomBytes(12).toString("hex")}`;
      tokens.set(token, grant.user);
      return json(200, { access_token: token, token_type: "bearer", scope: "read:user,user:email" });
    }
    const user = tokens.get((req.headers.authorization ?? "").replace(/^Bearer /i, ""));
    if (req.method === "GET" && url.pathname.startsWith("/api/")) {
      if (fake.apiAnswer) return json(fake.apiAnswer.status, fake.apiAnswer.body);
      if (!user) return json(401, { message: "Bad credentials" });
      if (url.pathname === "/api/user") return json(200, { id: user.id, login: user.login, email: null });
      if (url.pathname === "/api/user/emails") return json(200, user.emails.map((e) => ({ ...e, visibility: null })));
    }
    json(404, { message: "Not Found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  Object.assign(fake, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
  return fake;
}

/** The env variables that point docsvc at the fake. */
export function fakeGitHubEnv(fake: FakeGitHub): Record<string, string> {
  return {
    OAUTH_GITHUB_CLIENT_ID: fake.clientId,
    OAUTH_GITHUB_CLIENT_SECRET: fake.clientSecret,
    OAUTH_GITHUB_AUTH_URL: `${fake.url}/login/oauth/authorize`,
    OAUTH_GITHUB_TOKEN_URL: `${fake.url}/login/oauth/access_token`,
    OAUTH_GITHUB_API_URL: `${fake.url}/api`,
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
