// Reading a PDF's objects back through qpdf's JSON (independently of the checker under test): the trailer,
// the catalog, any object, and decoded streams.
import { qpdf } from "../support/qpdf.js";

export interface QpdfObjects {
  readonly trailer: Record<string, unknown>;
  readonly catalog: Record<string, unknown>;
  /** An object's value, or its stream dictionary. */
  get(ref: unknown): Record<string, unknown>;
  /** All objects' dictionaries. */
  all(): Record<string, unknown>[];
}

export async function readObjects(pdf: Uint8Array): Promise<QpdfObjects> {
  const out = await qpdf(pdf, ["--json=2", "--json-key=qpdf", "--json-stream-data=none"]);
  if (out.code !== 0) throw new Error(`qpdf --json failed: ${out.stderr}`);
  const objects = (JSON.parse(out.stdout) as { qpdf: [unknown, Record<string, { value?: unknown; stream?: { dict: Record<string, unknown> } }>] }).qpdf[1];
  const get = (ref: unknown): Record<string, unknown> => {
    const object = objects[`obj:${String(ref)}`];
    return (object?.stream?.dict ?? object?.value ?? {}) as Record<string, unknown>;
  };
  const trailer = (objects["trailer"]?.value ?? {}) as Record<string, unknown>;
  return { trailer, catalog: get(trailer["/Root"]), get, all: () => Object.entries(objects).filter(([k]) => k.startsWith("obj:")).map(([k]) => get(k.slice(4))) };
}

/** A stream object's decoded bytes. */
export async function streamData(pdf: Uint8Array, ref: unknown): Promise<Buffer> {
  const out = await qpdf(pdf, ["--json=2", "--json-key=qpdf", "--json-stream-data=inline", "--decode-level=generalized", `--json-object=${String(ref).split(" ")[0]}`]);
  const objects = (JSON.parse(out.stdout) as { qpdf: [unknown, Record<string, { stream?: { data?: string } }>] }).qpdf[1];
  return Buffer.from(objects[`obj:${String(ref)}`]?.stream?.data ?? "", "base64");
}
