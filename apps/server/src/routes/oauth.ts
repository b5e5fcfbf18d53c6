// /api/auth/oauth/* and /api/auth/identities: sign-in through OAuth / OpenID Connect providers (Beta).
import { Hono, type Context } from "hono";
import { sessionAuth } from "../http/auth.js";
import type { AppEnv } from "../http/env.js";
import { uuidParam } from "../http/validate.js";
import type { ServiceDeps } from "../services/deps.js";
import { SignInFailure } from "../services/oauth/failure.js";
import { finishFlow, FLOW_MS, startFlow, takeFlow } from "../services/oauth/flow.js";
import { listUserIdentities, unlinkIdentity } from "../services/oauth/identities.js";
import { redirectWithError, safeRedirect } from "../services/oauth/redirect.js";
import { clearOAuthStateCookie, readOAuthStateCookie, setOAuthStateCookie, setRefreshCookie } from "./cookies.js";

/** The provider list, the two legs of the flow, and the caller's linked identities. */
export function oauthRoutes(deps: ServiceDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/oauth/providers", (c) => c.json(deps.oauth.list()));

  app.get("/oauth/:provider/start", async (c) => {
    const provider = deps.oauth.find(c.req.param("provider"));
    const redirect = safeRedirect(c.req.query("redirect"), deps.config.publicUrl, deps.oauth.redirectOrigins);
    try {
      const started = await startFlow(deps, provider, redirect);
      setOAuthStateCookie(c, deps, started.state, FLOW_MS);
      return c.redirect(started.authorizationUrl.href, 302);
    } catch (err) {
      return failed(c, redirect, err);
    }
  });

  app.get("/oauth/:provider/callback", async (c) => {
    const provider = deps.oauth.find(c.req.param("provider"));
    const query = new URL(c.req.url).searchParams;
    const flow = await takeFlow(deps, provider, query.get("state") ?? undefined);
    const browserState = readOAuthStateCookie(c);
    clearOAuthStateCookie(c, deps);
    try {
      const issued = await finishFlow(deps, provider, flow, query, browserState);
      setRefreshCookie(c, deps, issued.refreshToken);
      return c.redirect(flow.redirect, 302);
    } catch (err) {
      return failed(c, flow.redirect, err);
    }
  });

  const session = sessionAuth(deps);

  app.get("/identities", session, async (c) => c.json(await listUserIdentities(deps, c.get("principal"))));

  app.delete("/identities/:id", session, uuidParam("id", "Identity"), async (c) => {
    await unlinkIdentity(deps, c.get("principal"), c.req.param("id"));
    return c.json({ ok: true } as const);
  });

  return app;
}

/** A failure the user should see goes back to `redirect` as ?error=&message=; anything else is the server's. */
function failed(c: Context<AppEnv>, redirect: string, err: unknown): Response {
  if (!(err instanceof SignInFailure)) throw err;
  return c.redirect(redirectWithError(redirect, err.code, err.message), 302);
}
