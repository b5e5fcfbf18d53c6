// Invites: an Owner invites an address; the holder of that address accepts while signed in.
import type { SessionPrincipal } from "../auth/principal.js";
import { hashToken, randomToken } from "../auth/tokens.js";
import type { Role } from "../db/schema.js";
import { findUserById, setLastWorkspace } from "../db/users.js";
import { expirePendingInvites, findInviteByTokenHash, insertInvite, markInviteAccepted } from "../db/invites.js";
import { setSessionWorkspace } from "../db/sessions.js";
import { findMember, findMemberByEmail, findMembership, findWorkspace, insertMembership } from "../db/workspaces.js";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors.js";
import { uuidv7 } from "../ids.js";
import { inviteMessage } from "../mail/templates/invite.js";
import { DAY, isoAfter, nowIso } from "../time.js";
import { normaliseEmail } from "./accounts.js";
import type { ServiceDeps } from "./deps.js";
import { tokenResponse } from "./sessions.js";
import type { TokenResponse } from "./views.js";
import { requireRole } from "./workspaces.js";

const INVITE_MS = 7 * DAY;

/** A created invite; `token` and `url` let an Owner without mail pass the link on. */
export interface InviteView {
  readonly id: string;
  readonly email: string;
  readonly role: Role;
  readonly expiresAt: string;
  readonly token: string;
  readonly url: string;
}

/** What anyone holding the link may see. */
export interface InvitePreview {
  readonly workspaceName: string;
  readonly role: Role;
  readonly inviterEmail: string | null;
  readonly redeemable: boolean;
  readonly expiresAt: string;
}

/** Invites an address to the caller's workspace (Owner only) and emails the link. */
export async function createInvite(deps: ServiceDeps, principal: SessionPrincipal, emailInput: string, role: Role): Promise<InviteView> {
  requireRole(principal, "Owner");
  const email = normaliseEmail(emailInput);
  const workspace = await findWorkspace(deps.db, principal.workspaceId);
  if (workspace === undefined) throw new NotFoundError("Workspace");
  if ((await findMemberByEmail(deps.db, principal.workspaceId, email)) !== undefined) throw ValidationError.field("email", "This address already belongs to a member of the workspace.");
  const token = randomToken();
  const now = Date.now();
  const id = uuidv7(now);
  const expiresAt = isoAfter(INVITE_MS, now);
  await deps.db.transaction().execute(async (trx) => {
    await expirePendingInvites(trx, principal.workspaceId, email, nowIso(now));
    await insertInvite(trx, {
      id,
      workspace_id: principal.workspaceId,
      email,
      role,
      token_hash: hashToken(token),
      invited_by: principal.userId,
      created_at: nowIso(now),
      expires_at: expiresAt,
      accepted_at: null,
      accepted_by: null,
    });
  });
  const url = `${deps.config.publicUrl}/invites/${encodeURIComponent(token)}`;
  deps.mailer.dispatch(inviteMessage(email, url, workspace.name, principal.email, role));
  return { id, email, role, expiresAt, token, url };
}

/** The public preview of an invite; 404 for an unknown token. */
export async function previewInvite(deps: ServiceDeps, token: string): Promise<InvitePreview> {
  const invite = await findInviteByTokenHash(deps.db, hashToken(token));
  if (invite === undefined) throw new NotFoundError("Invite");
  return {
    workspaceName: invite.workspace_name,
    role: invite.role,
    inviterEmail: invite.inviter_email,
    redeemable: invite.accepted_at === null && invite.expires_at > nowIso(),
    expiresAt: invite.expires_at,
  };
}

/** Joins the invite's workspace (the caller's email must match) and answers like login, scoped to it. */
export async function acceptInvite(deps: ServiceDeps, principal: SessionPrincipal, token: string): Promise<TokenResponse> {
  const invite = await findInviteByTokenHash(deps.db, hashToken(token));
  if (invite === undefined) throw new NotFoundError("Invite");
  if (invite.email !== principal.email) {
    throw new ForbiddenError("This invite was sent to a different email address; sign in with that address to accept it.");
  }
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await markInviteAccepted(trx, invite.id, principal.userId, now))) {
      throw ValidationError.field("token", "This invite has expired or was already used.");
    }
    // Already a member: keep the existing role rather than silently changing it.
    if ((await findMember(trx, invite.workspace_id, principal.userId)) === undefined) {
      await insertMembership(trx, invite.workspace_id, principal.userId, invite.role, now);
    }
    await setSessionWorkspace(trx, principal.sessionId, invite.workspace_id);
    await setLastWorkspace(trx, principal.userId, invite.workspace_id);
  });
  const user = await findUserById(deps.db, principal.userId);
  const membership = await findMembership(deps.db, invite.workspace_id, principal.userId);
  if (user === undefined || membership === undefined) throw new NotFoundError("Invite");
  return tokenResponse(deps, user, membership, principal.sessionId);
}
