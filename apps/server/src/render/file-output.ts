// A file a render worker writes a PDF into piece by piece (a merged batch's PDF, see MergeRowsTask.outputFile).
import { open } from "node:fs/promises";
import type { PdfOutput } from "@docsvc/pdf";

/** The file at `path` (created or truncated) as a PdfOutput; close() once the PDF is written or abandoned. */
export async function fileOutput(path: string): Promise<{ readonly output: PdfOutput; close(): Promise<void> }> {
  const handle = await open(path, "w");
  let offset = 0;
  return {
    output: {
      async write(bytes) {
        // A write may take fewer bytes than asked: the rest follows, so the file is the pieces in order.
        for (let done = 0; done < bytes.byteLength; ) {
          const { bytesWritten } = await handle.write(bytes, done, bytes.byteLength - done, offset);
          done += bytesWritten;
          offset += bytesWritten;
        }
      },
    },
    close: () => handle.close(),
  };
}
