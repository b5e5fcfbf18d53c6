// Checks of a signed PDF: poppler's pdfsig, and a byte-range/hash check of our own (independent of the signer's
// code paths: it reads the PDF's last /ByteRange and /Contents, hashes the ranges, and verifies the CMS with pkijs
// structures and node:crypto).
import { execFile } from "node:child_process";
import { createHash, verify, X509Certificate } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { skipUnlessCi } from "../../helpers/ci.js";

const run = promisify(execFile);

/** Why pdfsig tests cannot run here (undefined: they can); under CI=true a missing pdfsig fails. */
export const PDFSIG_MISSING: string | undefined = await run("pdfsig", ["-v"]).then(
  () => undefined,
  () => skipUnlessCi("pdfsig (poppler-utils) is not installed"),
);

/** pdfsig's report of every signature in the PDF (stdout; it exits non-zero for an invalid one). */
export async function pdfsig(pdf: Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "docsvc-pdfsig-"));
  try {
    const file = join(dir, "signed.pdf");
    await writeFile(file, pdf);
    const result = await run("pdfsig", ["-no-ocsp", file]).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: `${error.stdout ?? ""}${error.stderr ?? ""}` }));
    return result.stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** pdftotext's text of the PDF (poppler-utils, like pdfsig). */
export async function pdftotext(pdf: Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "docsvc-pdftotext-"));
  try {
    const file = join(dir, "doc.pdf");
    await writeFile(file, pdf);
    return (await run("pdftotext", [file, "-"])).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What our own check finds about the PDF's last signature. */
export interface OwnCheck {
  readonly byteRange: readonly number[];
  /** The ranges start at 0, end at the file's end, and leave out exactly the /Contents hex string. */
  readonly coversFile: boolean;
  /** SHA-256 of the ranges equals the CMS message-digest attribute. */
  readonly digestMatches: boolean;
  /** The CMS signature over the signed attributes verifies with the signer certificate's public key. */
  readonly signatureValid: boolean;
  readonly subFilter: string | undefined;
  readonly signedData: pkijs.SignedData;
}

export function lastSignature(pdf: Uint8Array): { byteRange: number[]; contents: Uint8Array; dictionary: string } {
  const text = Buffer.from(pdf).toString("latin1");
  const at = text.lastIndexOf("/ByteRange");
  if (at < 0) throw new Error("no signature");
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text.slice(at));
  if (match === null) throw new Error("no ByteRange");
  const byteRange = match.slice(1, 5).map(Number);
  const hex = text.slice((byteRange[1] as number) + 1, (byteRange[2] as number) - 1);
  const dictStart = text.lastIndexOf("<<", at);
  return { byteRange, contents: new Uint8Array(Buffer.from(hex.replace(/0+$/, (z) => (z.length % 2 === 0 ? z : z.slice(1))), "hex")), dictionary: text.slice(dictStart, text.indexOf(">>", (byteRange[2] as number)) + 2) };
}

export function ownCheck(pdf: Uint8Array): OwnCheck {
  const { byteRange, contents, dictionary } = lastSignature(pdf);
  const [a0, a, b, c] = byteRange as [number, number, number, number];
  const text = Buffer.from(pdf).toString("latin1");
  const coversFile = a0 === 0 && b + c === pdf.length && text[a] === "<" && text[b - 1] === ">" && /^[0-9A-Fa-f]*$/.test(text.slice(a + 1, b - 1));
  const digest = createHash("sha256").update(pdf.subarray(0, a)).update(pdf.subarray(b, b + c)).digest();
  const parsed = asn1js.fromBER(contents.slice().buffer as ArrayBuffer);
  const info = new pkijs.ContentInfo({ schema: parsed.result });
  const signedData = new pkijs.SignedData({ schema: info.content });
  const signer = signedData.signerInfos[0] as pkijs.SignerInfo;
  const attrs = signer.signedAttrs?.attributes ?? [];
  const md = attrs.find((x) => x.type === "1.2.840.113549.1.9.4")?.values[0] as asn1js.OctetString | undefined;
  const digestMatches = md !== undefined && Buffer.from(md.valueBlock.valueHexView).equals(digest);
  const leaf = (signedData.certificates ?? [])[0] as pkijs.Certificate;
  const leafDer = Buffer.from(leaf.toSchema().toBER());
  const signedAttrsDer = new Uint8Array(new asn1js.Set({ value: attrs.map((x) => x.toSchema()) }).toBER());
  const signatureValid = verify("sha256", signedAttrsDer, new X509Certificate(leafDer).publicKey, Buffer.from(signer.signature.valueBlock.valueHexView));
  const subFilter = /\/SubFilter\s*\/([A-Za-z0-9.]+)/.exec(dictionary)?.[1];
  return { byteRange, coversFile, digestMatches, signatureValid, subFilter, signedData };
}

/** A copy with one byte inside the signed range changed (in the original content, not the signature). */
export function tampered(pdf: Uint8Array): Uint8Array {
  const copy = new Uint8Array(pdf);
  const text = Buffer.from(copy).toString("latin1");
  // A digit in the first page's content would be ideal but streams are compressed; the document's /Producer or
  // any byte of the body changes the digest alike. Take the byte in the middle of the first signed range.
  const at = Math.floor(lastSignature(copy).byteRange[1]! / 2);
  copy[at] = text.charCodeAt(at) === 0x41 ? 0x42 : 0x41;
  return copy;
}
