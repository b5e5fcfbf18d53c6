// Signing certificates, workspace-scoped: every query names the workspace.
import type { Db } from "./database.js";
import type { CertificatesTable } from "./schema.js";

export type CertificateRow = CertificatesTable;

/** Stores a certificate. */
export async function insertCertificate(db: Db, row: CertificateRow): Promise<void> {
  await db.insertInto("certificates").values(row).execute();
}

/** The workspace's certificates (without their sealed keys), newest first. */
export function listCertificates(db: Db, workspaceId: string): Promise<Omit<CertificateRow, "sealed">[]> {
  return db
    .selectFrom("certificates")
    .select(["id", "workspace_id", "name", "subject", "issuer", "serial_number", "not_before", "not_after", "fingerprint", "created_by", "created_at"])
    .where("workspace_id", "=", workspaceId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** One certificate of this workspace, with its sealed key (to sign with). */
export function findCertificate(db: Db, workspaceId: string, id: string): Promise<CertificateRow | undefined> {
  return db.selectFrom("certificates").selectAll().where("workspace_id", "=", workspaceId).where("id", "=", id).executeTakeFirst();
}

/** How many certificates the workspace holds. */
export async function countCertificates(db: Db, workspaceId: string): Promise<number> {
  const row = await db.selectFrom("certificates").select((eb) => eb.fn.countAll<string | number | bigint>().as("n")).where("workspace_id", "=", workspaceId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Deletes a certificate of this workspace; false when there is none with that id here. */
export async function deleteCertificate(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom("certificates").where("workspace_id", "=", workspaceId).where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
