// poppler's pdftotext, when installed: the extractor behind many search indexes and command-line tools.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { skipUnlessCi } from "./ci.js";

/** Why pdftotext tests are skipped on this machine, or undefined when `pdftotext -v` runs (rejects under CI=true). */
export const pdftotextMissing: Promise<string | undefined> = new Promise((resolve, reject) => {
  execFile("pdftotext", ["-v"], (error) => {
    try {
      resolve(skipUnlessCi(error ? "pdftotext is not installed (apt-get install poppler-utils); .ci/run installs it" : undefined));
    } catch (failure) {
      reject(failure);
    }
  });
});
// Handled here so that a file which imports it without awaiting it has no unhandled rejection; awaiting it still throws.
pdftotextMissing.catch(() => undefined);

/** The text of each page as pdftotext reads it (reading order, its bidi marks removed), one entry per line. */
export async function pdftotextLines(pdf: Uint8Array): Promise<string[][]> {
  const dir = await mkdtemp(join(tmpdir(), "docsvc-pdftotext-"));
  try {
    const file = join(dir, "in.pdf");
    await writeFile(file, pdf);
    const text = await new Promise<string>((resolve, reject) =>
      execFile("pdftotext", ["-enc", "UTF-8", file, "-"], (error, stdout) => (error ? reject(error) : resolve(stdout))));
    return text.split("\f").slice(0, -1).map((page) =>
      page.split("\n").map((line) => line.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "").trim()).filter((line) => line !== ""));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
