// A batch's ZIP: written entry by entry to a local file and handed to the blob store (renamed into place on disk,
// streamed to S3), so assembling it holds one row's PDF (and the packs being read), never every PDF and the
// whole archive at once.
import { join } from "node:path";
import { putLocalFile } from "../blobs/put-file.js";
import type { BlobStore } from "../blobs/store.js";
import { withTempDir } from "./temp-dir.js";
import { ZipFileWriter } from "./zip-file.js";

/** One row's file in the ZIP, read when its turn comes. */
export interface ZipRow {
  readonly name: string;
  read(): Promise<Uint8Array>;
}

/** Writes the rows' PDFs (stored) and report.json (deflated) as the ZIP under `key`. */
export async function writeBatchZip(blobs: BlobStore, key: string, rows: readonly ZipRow[], report: string, now: Date): Promise<void> {
  await withTempDir("docsvc-zip-", async (dir) => {
    const path = join(dir, "result.zip");
    const zip = await ZipFileWriter.create(path, now);
    try {
      // PDFs are compressed already; storing them keeps assembly fast.
      for (const row of rows) await zip.add(row.name, await row.read(), true);
      await zip.add("report.json", Buffer.from(report, "utf8"), false);
    } catch (err) {
      await zip.abandon();
      throw err;
    }
    await zip.close();
    await putLocalFile(blobs, key, path);
  });
}
