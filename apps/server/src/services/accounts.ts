// Account use cases: signup, email verification, password reset and change, the current user.
import { burnPasswordCheck, hashPassword, hasPassword, passwordProblem, verifyPassword } from "../auth/password.js";
import type { SessionPrincipal } from "../auth/principal.js";
import { hashToken, randomToken } from "../auth/tokens.js";
import type { Db } from "../db/database.js";
import { isUniqueViolation } from "../db/dialect.js";
import { consumeEmailToken, expireEmailTokens, insertEmailToken } from "../db/email-tokens.js";
import type { EmailTokenKind, Plan } from "../db/schema.js";
import { revokeUserSessions } from "../db/sessions.js";
import { findUserByEmail, findUserById, insertUser, markEmailVerified, setPasswordHash, type UserRow } from "../db/users.js";
import { findMembership, insertMembership, insertWorkspace, listMemberships } from "../db/workspaces.js";
import { TooManyRequestsError, UnauthorizedError, ValidationError } from "../errors.js";
import { uuidv7 } from "../ids.js";
import { resetPasswordMessage } from "../mail/templates/reset-password.js";
import { verifyEmailMessage } from "../mail/templates/verify-email.js";
import { HOUR, isoAfter, nowIso } from "../time.js";
import type { ServiceDeps } from "./deps.js";
import { startSession, type IssuedSession } from "./sessions.js";
import { userView, workspaceView, type UserView, type WorkspaceView } from "./views.js";

const VERIFY_TOKEN_MS = 24 * HOUR;
const RESET_TOKEN_MS = HOUR;
const BAD_LINK = "The link is invalid, has expired, or was already used.";

/** Emails are compared trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function checkPassword(field: string, password: string): void {
  const problem = passwordProblem(password);
  if (problem !== undefined) throw ValidationError.field(field, problem);
}

/** Creates the user, their first workspace (as Owner) and a session; emails a verification link. */
export async function signup(deps: ServiceDeps, emailInput: string, password: string): Promise<IssuedSession> {
  const email = normaliseEmail(emailInput);
  checkPassword("password", password);
  if (await findUserByEmail(deps.db, email)) throw ValidationError.field("email", "An account with this email already exists.");
  const passwordHash = await hashPassword(password);
  const now = Date.now();
  const at = nowIso(now);
  const user: UserRow = {
    id: uuidv7(now),
    email,
    password_hash: passwordHash,
    email_verified_at: null,
    last_workspace_id: null,
    created_at: at,
    updated_at: at,
  };
  const verifyToken = randomToken();
  let workspaceId: string;
  try {
    workspaceId = await deps.db.transaction().execute(async (trx) => {
      const id = await insertAccount(trx, user, deps.config.defaultPlan, now);
      await insertEmailToken(trx, emailToken(verifyToken, user.id, "verify", VERIFY_TOKEN_MS, now));
      return id;
    });
  } catch (err) {
    // Two signups for one address racing past the check above: the unique index decides.
    if (isDuplicateEmail(err)) throw ValidationError.field("email", "An account with this email already exists.");
    throw err;
  }
  deps.mailer.dispatch(verifyEmailMessage(email, link(deps, "verify-email", verifyToken)));
  const membership = await findMembership(deps.db, workspaceId, user.id);
  if (membership === undefined) throw new Error("signup: membership missing after insert");
  return startSession(deps, { ...user, last_workspace_id: workspaceId }, membership);
}

/**
 * Inserts the user, their first workspace (named after the address) and their Owner membership; answers the
 * workspace id. Runs inside the caller's transaction.
 */
export async function insertAccount(db: Db, user: UserRow, plan: Plan, now: number): Promise<string> {
  const at = nowIso(now);
  const workspaceId = uuidv7(now);
  const localPart = user.email.split("@")[0] ?? user.email;
  await insertUser(db, { ...user, last_workspace_id: workspaceId });
  await insertWorkspace(db, { id: workspaceId, name: `${localPart}'s workspace`, plan, created_at: at });
  await insertMembership(db, workspaceId, user.id, "Owner", at);
  return workspaceId;
}

/** True for the unique-index failure of a second account with the same address. */
export function isDuplicateEmail(err: unknown): boolean {
  return isUniqueViolation(err, "users.email", "users_email_key");
}

/** Starts a session in the workspace the user last used (else their first one), as a login does. */
export async function signIn(deps: ServiceDeps, user: UserRow): Promise<IssuedSession> {
  const memberships = await listMemberships(deps.db, user.id);
  const membership = memberships.find((m) => m.workspace_id === user.last_workspace_id) ?? memberships[0];
  if (membership === undefined) throw new UnauthorizedError("This account belongs to no workspace.");
  return startSession(deps, user, membership);
}

/** What a refused login says, per bucket (services/login-throttle.ts). */
const REFUSED = {
  email: "Too many failed logins for this address; try again later.",
  pair: "Too many failed logins for this address from your network address; try again later.",
  address: "Too many logins from your network address; try again later.",
} as const;

/**
 * Checks email and password (throttled per email, per address and email, and per address: see LoginThrottle) and
 * starts a session in the last-used workspace. `client` is the client's address after TRUST_PROXY.
 */
export async function login(deps: ServiceDeps, emailInput: string, password: string, client: string): Promise<IssuedSession> {
  const email = normaliseEmail(emailInput);
  const attempt = await deps.loginThrottle.begin(client, email);
  if (attempt.refused !== undefined) {
    deps.metrics.rateLimitRejections.inc({ limit: "login" });
    throw new TooManyRequestsError(REFUSED[attempt.refused], attempt.retryAfter);
  }
  const user = await findUserByEmail(deps.db, email);
  // A user without a password costs the same time as a wrong one: timing reveals neither case.
  const ok = user && hasPassword(user.password_hash) ? await verifyPassword(password, user.password_hash) : (await burnPasswordCheck(password), false);
  if (!user || !ok) {
    await attempt.failed();
    throw new UnauthorizedError("Email or password is incorrect.");
  }
  await attempt.succeeded();
  return signIn(deps, user);
}

/** Confirms an address with the token from the verification email. */
export async function verifyEmail(deps: ServiceDeps, token: string): Promise<UserView> {
  const now = nowIso();
  const userId = await consumeEmailToken(deps.db, hashToken(token), "verify", now);
  if (userId === undefined) throw ValidationError.field("token", BAD_LINK);
  await markEmailVerified(deps.db, userId, now);
  const user = await findUserById(deps.db, userId);
  if (user === undefined) throw ValidationError.field("token", BAD_LINK);
  return userView(user);
}

/** Sends a fresh verification link when the address has an unverified account; silent otherwise. */
export async function resendVerification(deps: ServiceDeps, emailInput: string): Promise<void> {
  const user = await findUserByEmail(deps.db, normaliseEmail(emailInput));
  if (user === undefined || user.email_verified_at !== null) return;
  const token = await replaceEmailToken(deps, user.id, "verify", VERIFY_TOKEN_MS);
  deps.mailer.dispatch(verifyEmailMessage(user.email, link(deps, "verify-email", token)));
}

/** Sends a reset link when the address has an account; silent otherwise (no account enumeration). */
export async function forgotPassword(deps: ServiceDeps, emailInput: string): Promise<void> {
  const user = await findUserByEmail(deps.db, normaliseEmail(emailInput));
  if (user === undefined) return;
  const token = await replaceEmailToken(deps, user.id, "reset", RESET_TOKEN_MS);
  deps.mailer.dispatch(resetPasswordMessage(user.email, link(deps, "reset-password", token)));
}

/** Sets a new password from a reset link; every session of the user ends. */
export async function resetPassword(deps: ServiceDeps, token: string, newPassword: string): Promise<void> {
  checkPassword("newPassword", newPassword);
  const passwordHash = await hashPassword(newPassword);
  const now = nowIso();
  const userId = await deps.db.transaction().execute(async (trx) => {
    const id = await consumeEmailToken(trx, hashToken(token), "reset", now);
    if (id === undefined) return undefined;
    await setPasswordHash(trx, id, passwordHash, now);
    // Receiving the link proves the address, as a verification link would.
    await markEmailVerified(trx, id, now);
    await revokeUserSessions(trx, id, now);
    return id;
  });
  if (userId === undefined) throw ValidationError.field("token", BAD_LINK);
  deps.collab.endAccess({ userId });
  const user = await findUserById(deps.db, userId);
  if (user) await deps.loginThrottle.clear(user.email);
}

/** Changes the password after checking the current one; the user's other sessions end. */
export async function changePassword(
  deps: ServiceDeps,
  principal: SessionPrincipal,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  checkPassword("newPassword", newPassword);
  const user = await findUserById(deps.db, principal.userId);
  if (user === undefined) throw new UnauthorizedError("The session has ended.");
  if (!hasPassword(user.password_hash)) {
    throw ValidationError.field("currentPassword", "This account has no password yet; set one through forgot-password.");
  }
  if (!(await verifyPassword(currentPassword, user.password_hash))) {
    throw ValidationError.field("currentPassword", "The current password is incorrect.");
  }
  const passwordHash = await hashPassword(newPassword);
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, user.id, passwordHash, now);
    await revokeUserSessions(trx, user.id, now, principal.sessionId);
  });
  deps.collab.endAccess({ userId: user.id, exceptSessionId: principal.sessionId });
}

/** What `GET /api/auth/me` answers. */
export interface MeView {
  readonly user: UserView;
  readonly workspace: WorkspaceView;
  readonly role: string;
  /** Listed in ADMIN_EMAILS with a verified address. */
  readonly isAdmin: boolean;
}

/** The current user, active workspace and role. */
export async function me(deps: ServiceDeps, principal: SessionPrincipal): Promise<MeView> {
  const user = await findUserById(deps.db, principal.userId);
  const membership = await findMembership(deps.db, principal.workspaceId, principal.userId);
  if (user === undefined || membership === undefined) throw new UnauthorizedError("The session has ended.");
  return {
    user: userView(user),
    workspace: workspaceView(membership),
    role: membership.role,
    isAdmin: isAdmin(deps, principal),
  };
}

/** True for a verified address listed in ADMIN_EMAILS (unverified: anyone could sign up with it first). */
export function isAdmin(deps: ServiceDeps, principal: SessionPrincipal): boolean {
  return principal.emailVerified && deps.config.adminEmails.has(principal.email);
}

function emailToken(token: string, userId: string, kind: EmailTokenKind, lifetimeMs: number, now: number) {
  return { token_hash: hashToken(token), user_id: userId, kind, created_at: nowIso(now), expires_at: isoAfter(lifetimeMs, now), used_at: null };
}

async function replaceEmailToken(deps: ServiceDeps, userId: string, kind: EmailTokenKind, lifetimeMs: number): Promise<string> {
  const token = randomToken();
  const now = Date.now();
  await deps.db.transaction().execute(async (trx) => {
    await expireEmailTokens(trx, userId, kind, nowIso(now));
    await insertEmailToken(trx, emailToken(token, userId, kind, lifetimeMs, now));
  });
  return token;
}

function link(deps: ServiceDeps, path: string, token: string): string {
  return `${deps.config.publicUrl}/${path}?token=${encodeURIComponent(token)}`;
}
