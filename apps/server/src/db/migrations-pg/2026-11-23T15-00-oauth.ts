// Frozen: the PostgreSQL twin of migrations/2026-11-23T15-00-oauth.ts; `real` is double precision, `blob` bytea.
// sign-in through OAuth / OpenID Connect providers. oauth_identities links a provider's subject to a
// user; oauth_states holds a started flow (state, PKCE verifier, nonce, where to go back) for ten minutes.
// Users created through a provider have no password: users.password_hash stays NOT NULL and holds '' for them
// (rebuilding users to drop the constraint would mean recreating every table that references it).
import type { Kysely } from "kysely";

/** Creates oauth_identities and oauth_states. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("oauth_identities")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("provider", "text", (c) => c.notNull())
    /** The provider's stable id of the account (`sub`, or GitHub's numeric id). */
    .addColumn("subject", "text", (c) => c.notNull())
    /** The address the provider reported when the identity was linked. */
    .addColumn("email", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("oauth_identities_provider_subject").unique().on("oauth_identities").columns(["provider", "subject"]).execute();
  await db.schema.createIndex("oauth_identities_user").on("oauth_identities").column("user_id").execute();

  await db.schema
    .createTable("oauth_states")
    /** SHA-256 of the state parameter, hex. */
    .addColumn("state_hash", "text", (c) => c.primaryKey())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("code_verifier", "text", (c) => c.notNull())
    /** OpenID Connect only. */
    .addColumn("nonce", "text")
    /** Validated at start: a relative path or a URL on an allowed origin. */
    .addColumn("redirect", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("oauth_states_expires").on("oauth_states").column("expires_at").execute();
}
