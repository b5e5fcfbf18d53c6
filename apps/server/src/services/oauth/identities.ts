// A user's linked provider identities: listing and unlinking (never the last way to sign in).
import { hasPassword } from "../../auth/password.js";
import type { SessionPrincipal } from "../../auth/principal.js";
import { deleteIdentity, listIdentities, type OAuthIdentityRow } from "../../db/oauth.js";
import { findUserById } from "../../db/users.js";
import { NotFoundError, UnauthorizedError, ValidationError } from "../../errors.js";
import type { ServiceDeps } from "../deps.js";

/** A linked identity as the API shows it. */
export interface IdentityView {
  readonly id: string;
  /** The `{provider}` id. */
  readonly provider: string;
  readonly label: string;
  /** The address the provider reported when it was linked. */
  readonly email: string | null;
  readonly createdAt: string;
}

function identityView(deps: ServiceDeps, row: OAuthIdentityRow): IdentityView {
  return { id: row.id, provider: row.provider, label: deps.oauth.label(row.provider), email: row.email, createdAt: row.created_at };
}

/** The caller's linked identities, oldest first. */
export async function listUserIdentities(deps: ServiceDeps, principal: SessionPrincipal): Promise<IdentityView[]> {
  return (await listIdentities(deps.db, principal.userId)).map((row) => identityView(deps, row));
}

/**
 * Unlinks one of the caller's identities; refused (400) when it is their last way to sign in (no password and
 * no other identity). The check and the delete share a transaction, so two unlinks cannot both pass it.
 */
export async function unlinkIdentity(deps: ServiceDeps, principal: SessionPrincipal, identityId: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const user = await findUserById(trx, principal.userId);
    if (user === undefined) throw new UnauthorizedError("The session has ended.");
    const identities = await listIdentities(trx, user.id);
    if (!identities.some((i) => i.id === identityId)) throw new NotFoundError("Identity");
    if (!hasPassword(user.password_hash) && identities.length === 1) {
      throw new ValidationError("This is your only way to sign in. Set a password (through forgot-password) or link another provider first.");
    }
    await deleteIdentity(trx, user.id, identityId);
  });
}
