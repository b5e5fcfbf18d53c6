// Base PDFs, one per template; queries are scoped by workspace.
import type { Db } from "./database.js";
import type { BasePdfsTable } from "./schema.js";

export type BasePdfRow = BasePdfsTable;

/** The base PDF of a template of this workspace. */
export function findBasePdf(db: Db, workspaceId: string, templateId: string): Promise<BasePdfRow | undefined> {
  return db.selectFrom("base_pdfs").selectAll().where("workspace_id", "=", workspaceId).where("template_id", "=", templateId).executeTakeFirst();
}

/** Stores (or replaces) a template's base PDF; answers the replaced row, if any. */
export async function upsertBasePdf(db: Db, row: BasePdfRow): Promise<BasePdfRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const previous = await trx.selectFrom("base_pdfs").selectAll().where("template_id", "=", row.template_id).executeTakeFirst();
    await trx.deleteFrom("base_pdfs").where("template_id", "=", row.template_id).execute();
    await trx.insertInto("base_pdfs").values(row).execute();
    return previous;
  });
}

/** Removes a template's base PDF; answers the removed row. */
export async function deleteBasePdf(db: Db, workspaceId: string, templateId: string): Promise<BasePdfRow | undefined> {
  const row = await findBasePdf(db, workspaceId, templateId);
  if (row !== undefined) await db.deleteFrom("base_pdfs").where("template_id", "=", templateId).execute();
  return row;
}
