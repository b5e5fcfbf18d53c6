// Which docsvc user a provider's profile signs in as: a linked identity, an account with the same verified
// address (linked now), or a new account. An address the provider has not verified never reaches an account.
import { NO_PASSWORD } from "../../auth/password.js";
import type { Db } from "../../db/database.js";
import { isUniqueViolation } from "../../db/dialect.js";
import type { Plan } from "../../db/schema.js";
import { findIdentity, insertIdentity } from "../../db/oauth.js";
import { revokeUserSessions } from "../../db/sessions.js";
import { findUserByEmail, findUserById, markEmailVerified, setPasswordHash, type UserRow } from "../../db/users.js";
import { uuidv7 } from "../../ids.js";
import { nowIso } from "../../time.js";
import { insertAccount, isDuplicateEmail, normaliseEmail } from "../accounts.js";
import type { ServiceDeps } from "../deps.js";
import { SignInFailure } from "./failure.js";
import type { ProviderProfile } from "./profile.js";

/** The user `profile` signs in as, linking or creating the account when needed. */
export async function userForProfile(deps: ServiceDeps, provider: string, profile: ProviderProfile): Promise<UserRow> {
  const linked = await findIdentity(deps.db, provider, profile.subject);
  const linkedUser = linked && (await findUserById(deps.db, linked.user_id));
  if (linkedUser) return linkedUser;
  if (profile.email === undefined) {
    throw new SignInFailure("email_missing", "The provider did not share an email address, so no account can be matched or created.");
  }
  const email = normaliseEmail(profile.email);
  const existing = await findUserByEmail(deps.db, email);
  if (!profile.emailVerified) {
    throw new SignInFailure(
      "email_unverified",
      existing
        ? "An account with this email exists, but the provider has not verified the address, so it cannot be linked. Sign in with your password, or verify the address with the provider first."
        : "The provider has not verified this email address. Verify it with the provider, then sign in again.",
    );
  }
  try {
    return existing ? await linkExisting(deps.db, existing, provider, profile.subject) : await createAccount(deps.db, deps.config.defaultPlan, email, provider, profile.subject);
  } catch (err) {
    // A parallel sign-in with the same account or address won the race; the next attempt finds its result.
    if (isDuplicateEmail(err) || isUniqueViolation(err, "oauth_identities.provider, oauth_identities.subject", "oauth_identities_provider_subject")) {
      throw new SignInFailure("account_conflict", "Another sign-in for this account was in progress. Try again.");
    }
    throw err;
  }
}

/**
 * Links the identity to the account with the same (provider-verified) address. If the account had never
 * proved its address, its password was set by someone who may not own it: the password is dropped and its
 * sessions end, so an account registered in advance under someone else's address cannot be kept.
 */
async function linkExisting(db: Db, user: UserRow, provider: string, subject: string): Promise<UserRow> {
  const now = Date.now();
  const at = nowIso(now);
  await db.transaction().execute(async (trx) => {
    await insertIdentity(trx, { id: uuidv7(now), user_id: user.id, provider, subject, email: user.email, created_at: at });
    if (user.email_verified_at === null) {
      await setPasswordHash(trx, user.id, NO_PASSWORD, at);
      await revokeUserSessions(trx, user.id, at);
      await markEmailVerified(trx, user.id, at);
    }
  });
  return (await findUserById(db, user.id)) ?? user;
}

/** A new user (address verified by the provider, no password) with a first workspace, and the identity. */
async function createAccount(db: Db, plan: Plan, email: string, provider: string, subject: string): Promise<UserRow> {
  const now = Date.now();
  const at = nowIso(now);
  const user: UserRow = {
    id: uuidv7(now),
    email,
    password_hash: NO_PASSWORD,
    email_verified_at: at,
    last_workspace_id: null,
    created_at: at,
    updated_at: at,
  };
  const workspaceId = await db.transaction().execute(async (trx) => {
    const id = await insertAccount(trx, user, plan, now);
    await insertIdentity(trx, { id: uuidv7(now), user_id: user.id, provider, subject, email, created_at: at });
    return id;
  });
  return { ...user, last_workspace_id: workspaceId };
}
