// /api/auth: accounts and sessions (sign-in through providers: routes/oauth.ts).
import { Hono } from "hono";
import { bearerToken, sessionAuth } from "../http/auth.js";
import { clientAddressOf } from "../http/client-address.js";
import type { AppEnv } from "../http/env.js";
import { jsonBody, uuidParam } from "../http/validate.js";
import { UnauthorizedError } from "../errors.js";
import * as accounts from "../services/accounts.js";
import { authenticateBearer } from "../services/authenticate.js";
import type { ServiceDeps } from "../services/deps.js";
import * as sessions from "../services/sessions.js";
import { ChangePasswordBody, EmailBody, LoginBody, ResetPasswordBody, SignUpBody, VerifyEmailBody } from "../schemas/auth.js";
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from "./cookies.js";
import { withRequestLinks } from "../http/request-links.js";

const OK = { ok: true } as const;

/** The public and session-lane auth endpoints. */
export function authRoutes(deps: ServiceDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post("/signup", jsonBody(SignUpBody), async (c) => {
    const { email, password } = c.req.valid("json");
    const issued = await accounts.signup(withRequestLinks(c, deps), email, password);
    setRefreshCookie(c, deps, issued.refreshToken);
    return c.json(issued.response);
  });

  app.post("/login", jsonBody(LoginBody), async (c) => {
    const { email, password } = c.req.valid("json");
    const issued = await accounts.login(deps, email, password, clientAddressOf(c));
    setRefreshCookie(c, deps, issued.refreshToken);
    return c.json(issued.response);
  });

  app.post("/verify-email", jsonBody(VerifyEmailBody), async (c) => {
    const user = await accounts.verifyEmail(deps, c.req.valid("json").token);
    return c.json({ ok: true, user });
  });

  app.post("/resend-verification", jsonBody(EmailBody), async (c) => {
    await accounts.resendVerification(withRequestLinks(c, deps), c.req.valid("json").email);
    return c.json(OK);
  });

  app.post("/forgot-password", jsonBody(EmailBody), async (c) => {
    await accounts.forgotPassword(withRequestLinks(c, deps), c.req.valid("json").email);
    return c.json(OK);
  });

  app.post("/reset-password", jsonBody(ResetPasswordBody), async (c) => {
    const { token, newPassword } = c.req.valid("json");
    await accounts.resetPassword(deps, token, newPassword);
    return c.json(OK);
  });

  // Cookie first (browsers); otherwise a live Bearer token (clients without a cookie jar).
  app.post("/refresh", async (c) => {
    const cookie = readRefreshCookie(c);
    const bearer = bearerToken(c.req.header("Authorization"));
    let issued: sessions.IssuedSession;
    if (cookie !== undefined) {
      try {
        issued = await sessions.refreshWithToken(deps, cookie);
      } catch (err) {
        clearRefreshCookie(c, deps);
        throw err;
      }
    } else if (bearer !== undefined) {
      issued = await sessions.refreshWithSession(deps, await authenticateBearer(deps, bearer));
    } else {
      throw new UnauthorizedError("A refresh cookie or a live session token is required.");
    }
    setRefreshCookie(c, deps, issued.refreshToken);
    return c.json(issued.response);
  });

  // Per-route (not `use`): middleware of a sub-app mounted at "/" would also run for the public routes.
  const session = sessionAuth(deps);

  app.post("/logout", session, async (c) => {
    await sessions.logout(deps, c.get("principal"));
    clearRefreshCookie(c, deps);
    return c.json(OK);
  });

  app.post("/logout-all", session, async (c) => {
    await sessions.logoutAll(deps, c.get("principal"));
    clearRefreshCookie(c, deps);
    return c.json(OK);
  });

  app.post("/change-password", session, jsonBody(ChangePasswordBody), async (c) => {
    const { currentPassword, newPassword } = c.req.valid("json");
    await accounts.changePassword(deps, c.get("principal"), currentPassword, newPassword);
    return c.json(OK);
  });

  app.get("/me", session, async (c) => c.json(await accounts.me(deps, c.get("principal"))));

  app.get("/session", session, async (c) => c.json(await sessions.describeSession(deps, c.get("principal"))));

  app.post("/switch-workspace/:workspaceId", session, uuidParam("workspaceId", "Workspace"), async (c) =>
    c.json(await sessions.switchWorkspace(deps, c.get("principal"), c.req.param("workspaceId"))),
  );

  return app;
}
