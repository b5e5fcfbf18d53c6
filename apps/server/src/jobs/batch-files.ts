// Where a batch job's files live in the blob store, and the file names inside a ZIP.
import { resolveText } from "@docsvc/layout";

/** The default ZIP entry name pattern (`$index` counts rows from 1). */
export const DEFAULT_FILE_NAME_PATTERN = "document-{{$index}}";

/** The blob folder of a job's files: `batch/<jobId>/`. */
export function jobPrefix(jobId: string): string {
  return `batch/${jobId}/`;
}

/** A row's PDF while the job runs. */
export function rowKey(jobId: string, index: number): string {
  return `${jobPrefix(jobId)}rows/${index}.pdf`;
}

/** A merged job's row, laid out, while the job runs (painted into the merged PDF at the end). */
export function rowLayoutKey(jobId: string, index: number): string {
  return `${jobPrefix(jobId)}rows/${index}.layout`;
}

/** The finished result. */
export function resultKey(jobId: string, output: "zip" | "merged"): string {
  return `${jobPrefix(jobId)}${output === "zip" ? "result.zip" : "result.pdf"}`;
}

// `$name` tokens are the renderer's own ($page, $now); `$index` is the batch's, so it is handed to
// resolveText as an ordinary field under a name no data row uses.
const INDEX_KEY = "__docsvcBatchIndex";

/** A row's file stem from the pattern: tokens resolved, unsafe characters replaced, at most 120 characters. */
export function fileStem(pattern: string, row: unknown, index: number, now: Date): string {
  const source = pattern.replace(/\{\{(\s*)\$index\b/g, `{{$1${INDEX_KEY}`);
  const root = typeof row === "object" && row !== null ? { ...row, [INDEX_KEY]: index + 1 } : { [INDEX_KEY]: index + 1 };
  const text = resolveText(source, { root, locale: "en-US", timezone: "UTC", now });
  const stem = text
    .normalize("NFC")
    // Path separators, reserved characters on Windows, control characters.
    .replace(/[/\\:*?"<>|\u0000-\u001f\u007f]+/g, "-")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[.\s-]+|[.\s]+$/g, "")
    .slice(0, 120)
    .trim();
  const reserved = /^(con|prn|aux|nul|com\d|lpt\d)$/i.test(stem);
  return stem === "" || reserved ? `document-${index + 1}` : stem;
}

/** Makes names unique in row order (`name`, `name-2`, …) compared case-insensitively, and adds `.pdf`. */
export function uniqueNames(stems: readonly string[]): string[] {
  const taken = new Set<string>();
  return stems.map((stem) => {
    let name = `${stem}.pdf`;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${stem}-${n}.pdf`;
    taken.add(name.toLowerCase());
    return name;
  });
}
