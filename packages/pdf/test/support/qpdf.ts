// qpdf, when installed: reads encrypted PDFs back (passwords, permissions, decryption) independently of our code.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { skipUnlessCi } from "./ci.js";

/** Why qpdf tests are skipped on this machine, or undefined when `qpdf --version` runs (rejects under CI=true). */
export const qpdfMissing: Promise<string | undefined> = new Promise((resolve, reject) => {
  execFile("qpdf", ["--version"], (error) => {
    try {
      resolve(skipUnlessCi(error ? "qpdf is not installed (apt-get install qpdf); .ci/run installs it" : undefined));
    } catch (failure) {
      reject(failure);
    }
  });
});
qpdfMissing.catch(() => undefined);

/** qpdf's exit code and output for `args` with the PDF as its input file (`{out}` in args: an output file, read back). */
export async function qpdf(pdf: Uint8Array, args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string; out?: Uint8Array }> {
  const dir = await mkdtemp(join(tmpdir(), "docsvc-qpdf-"));
  try {
    const input = join(dir, "in.pdf");
    const output = join(dir, "out.pdf");
    await writeFile(input, pdf);
    const argv = args.map((a) => (a === "{out}" ? output : a));
    argv.splice(args.includes("{out}") ? argv.indexOf(output) : argv.length, 0, input);
    const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
      execFile("qpdf", argv, (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr })));
    return args.includes("{out}") && result.code === 0 ? { ...result, out: new Uint8Array(await readFile(output)) } : result;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
