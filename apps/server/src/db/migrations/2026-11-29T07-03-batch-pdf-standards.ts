// Frozen: a batch job's `pdfStandards` render option (JSON text: ["a-3b", "ua-1"]).
import type { Kysely } from "kysely";

/** Adds pdf_standards (JSON text, nullable) to batch_inputs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("batch_inputs").addColumn("pdf_standards", "text").execute();
}
