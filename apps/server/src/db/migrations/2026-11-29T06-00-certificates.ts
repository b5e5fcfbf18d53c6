// Frozen: signing certificates (PKCS#12 uploads, one workspace each; the key and chain sealed with AES-256-GCM under
// CERTIFICATE_KEY, never stored in the clear) and the `sign` request a batch job was submitted with.
import type { Kysely } from "kysely";

/** Creates certificates; adds batch_inputs.sign (JSON, null: rows are not signed). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("certificates")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("issuer", "text", (c) => c.notNull())
    .addColumn("serial_number", "text", (c) => c.notNull())
    .addColumn("not_before", "text", (c) => c.notNull())
    .addColumn("not_after", "text", (c) => c.notNull())
    // SHA-256 of the signer certificate's DER, upper-case hex in colon-separated pairs.
    .addColumn("fingerprint", "text", (c) => c.notNull())
    // "v1." + base64(nonce | ciphertext | tag): the private key and chain, AES-256-GCM under CERTIFICATE_KEY.
    .addColumn("sealed", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("certificates_workspace").on("certificates").columns(["workspace_id", "created_at"]).execute();
  await db.schema.alterTable("batch_inputs").addColumn("sign", "text").execute();
}
