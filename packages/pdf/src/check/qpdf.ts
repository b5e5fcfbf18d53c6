// Reading any PDF's objects through qpdf's JSON (qpdf 11, `--json=2`): qpdf parses what pdf.js and our own
// writer never see (object and xref streams, broken xref tables it repairs, encryption) and runs as a child
// process, so a hostile file costs a bounded subprocess rather than the event loop. Two passes: every object
// without stream data, then the few streams the rules read (XMP packet, ICC profiles), decoded.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Bounds of one qpdf run. */
export interface QpdfLimits {
  /** Wall-clock time of each qpdf run, in ms. */
  readonly timeoutMs: number;
  /** Bytes of JSON qpdf may print per run; a file with more objects is refused. */
  readonly maxJsonBytes: number;
  /** The qpdf binary (default `qpdf` on PATH). */
  readonly binary?: string;
}

/** Thrown when qpdf is missing, fails on the file, or exceeds a limit; `reason` says which. */
export class QpdfError extends Error {
  constructor(
    readonly reason: "missing" | "unreadable" | "timeout" | "too-large" | "password",
    message: string,
  ) {
    super(message);
    this.name = "QpdfError";
  }
}

/** One object as qpdf's JSON gives it: a value, or a stream with its dictionary (and data when asked for). */
export interface QpdfObject {
  readonly value?: unknown;
  readonly stream?: { readonly dict: Record<string, unknown>; readonly data?: string };
}

/** The file's objects by `N G R`, its trailer, and whether qpdf found it encrypted. */
export interface QpdfFile {
  readonly objects: ReadonlyMap<string, QpdfObject>;
  readonly trailer: Record<string, unknown>;
  readonly encrypted: boolean;
}

function run(binary: string, args: readonly string[], limits: QpdfLimits): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(binary, args, { timeout: limits.timeoutMs, maxBuffer: limits.maxJsonBytes, encoding: "utf8", killSignal: "SIGKILL" }, (error, stdout, stderr) => {
      if (error === null) return resolve(stdout);
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") return reject(new QpdfError("missing", "qpdf is not installed on this server (apt-get install qpdf)"));
      if (code === "ERR_CHILD_PROCESS_STDIO_MAXBUFFER") return reject(new QpdfError("too-large", `the file has too many objects to check (over ${limits.maxJsonBytes} bytes of object data)`));
      if (error.killed) return reject(new QpdfError("timeout", `reading the file took longer than ${limits.timeoutMs} ms`));
      if (/invalid password/i.test(stderr)) return reject(new QpdfError("password", "the file is encrypted with a user password"));
      // Exit code 3: warnings only (a repaired xref table): the JSON is complete.
      if (error.code === 3 && stdout !== "") return resolve(stdout);
      reject(new QpdfError("unreadable", `the file is not a readable PDF: ${stderr.trim().split("\n")[0] ?? "qpdf failed"}`));
    });
  });
}

function objectsOf(json: string): { objects: Map<string, QpdfObject>; trailer: Record<string, unknown>; encrypted: boolean } {
  const parsed = JSON.parse(json) as { qpdf?: [unknown, Record<string, QpdfObject>]; encrypt?: { encrypted?: boolean } };
  const objects = new Map<string, QpdfObject>();
  let trailer: Record<string, unknown> = {};
  for (const [key, object] of Object.entries(parsed.qpdf?.[1] ?? {})) {
    if (key === "trailer") trailer = (object.value as Record<string, unknown> | undefined) ?? {};
    else if (key.startsWith("obj:")) objects.set(key.slice(4), object);
  }
  return { objects, trailer, encrypted: parsed.encrypt?.encrypted === true };
}

/** A PDF read through qpdf in a temporary directory (removed afterwards). `streams` lists objects to decode. */
export class QpdfReader {
  private constructor(
    private readonly dir: string,
    private readonly file: string,
    private readonly limits: QpdfLimits,
  ) {}

  static async open(pdf: Uint8Array, limits: QpdfLimits): Promise<QpdfReader> {
    const dir = await mkdtemp(join(tmpdir(), "docsvc-check-"));
    const file = join(dir, "in.pdf");
    await writeFile(file, pdf);
    return new QpdfReader(dir, file, limits);
  }

  /** Every object (no stream data), the trailer, and the encryption flag. */
  async read(): Promise<QpdfFile> {
    const json = await run(this.limits.binary ?? "qpdf", ["--json=2", "--json-key=qpdf", "--json-key=encrypt", "--json-stream-data=none", this.file], this.limits);
    return objectsOf(json);
  }

  /** The decoded data of the given stream objects (`N G R` → bytes); streams qpdf cannot decode are left out. */
  async streams(refs: readonly string[]): Promise<Map<string, Uint8Array>> {
    const out = new Map<string, Uint8Array>();
    if (refs.length === 0) return out;
    const args = ["--json=2", "--json-key=qpdf", "--json-stream-data=inline", "--decode-level=generalized", ...refs.map((ref) => `--json-object=${ref.split(" ")[0]}`), this.file];
    const { objects } = objectsOf(await run(this.limits.binary ?? "qpdf", args, this.limits));
    for (const [ref, object] of objects) if (object.stream?.data !== undefined) out.set(ref, new Uint8Array(Buffer.from(object.stream.data, "base64")));
    return out;
  }

  async close(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}
