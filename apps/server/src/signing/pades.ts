// PAdES signing of a finished PDF (ETSI EN 319 142-1): B-B (a CAdES detached CMS over the byte ranges, in an
// incremental update after everything else) and, with a timestamp, B-T (the TSA's token over the signature value as
// an unsigned attribute). Certification (DocMDP) is an option. `createSignature` runs in a render worker: parsing
// and hashing a large PDF and signing are CPU work the event loop must not do. The timestamp is asked for by the
// main thread afterwards (network I/O must not hold a render worker), and `addTimestamp` only re-encodes the few
// kilobytes of CMS into the room already reserved for them.
import { createPrivateKey, X509Certificate } from "node:crypto";
import { appearanceLines, signatureAppearance } from "./appearance.js";
import * as pkijs from "pkijs";
import { addSignatureTimestamp, bufferOf, contentInfoDer, sha256, signContent } from "./cms.js";
import { embedSignature, pdfDate, pdfText, prepareSignature } from "./pdf-update.js";
import { requestTimestamp, type TsaSettings } from "./tsa-client.js";

/** What the caller asks of the signature (the request's `sign`, without the certificate id). */
export interface SignatureOptions {
  readonly reason?: string | undefined;
  readonly location?: string | undefined;
  readonly contactInfo?: string | undefined;
  /** A visible box: 1-based page, points from the page's top-left corner. */
  readonly visible?: { readonly page: number; readonly x: number; readonly y: number; readonly width: number; readonly height: number } | undefined;
  /** PAdES B-T: a timestamp from the configured TSA. */
  readonly timestamp?: boolean | undefined;
  /** DocMDP certification and what it still allows. */
  readonly certify?: "no-changes" | "form-filling" | "annotations" | undefined;
}

/** One PDF to sign, as the worker receives it. */
export interface SignTask {
  readonly pdf: Uint8Array;
  /** The signer's private key, PKCS#8 DER (decrypted on the main thread for this job only). */
  readonly key: Uint8Array;
  /** The signer's certificate first, then its chain (DER). */
  readonly chain: readonly Uint8Array[];
  readonly options: SignatureOptions;
  /** ISO instant of the signature's /M; absent: now. */
  readonly now?: string | undefined;
}

/** A signed PDF (B-B), with what a timestamp needs: the CMS, its signature value and where it sits. */
export interface CreatedSignature {
  readonly pdf: Uint8Array;
  readonly byteRange: readonly [number, number, number, number];
  /** The ContentInfo (DER) written into /Contents. */
  readonly cms: Uint8Array;
  /** What an RFC 3161 timestamp covers (its SHA-256 is the request's imprint). */
  readonly signatureValue: Uint8Array;
}

const DOC_MDP: Record<NonNullable<SignatureOptions["certify"]>, 1 | 2 | 3> = { "no-changes": 1, "form-filling": 2, annotations: 3 };

/** Room for the CMS besides the certificates: the signed attributes, the signature value, the structure. */
const CMS_OVERHEAD = 4096;
/** Room for a timestamp token (a TSA's SignedData usually carries its certificate chain: 2–8 KB). */
const TIMESTAMP_ROOM = 24 * 1024;

/** The common name of a certificate's subject (or the whole subject when it has none). */
export function signerName(certificateDer: Uint8Array): string {
  const subject = new X509Certificate(certificateDer).subject;
  const cn = subject.split("\n").find((line) => line.startsWith("CN="));
  return cn !== undefined ? cn.slice(3) : subject.replace(/\n/g, ", ");
}

/** Signs the PDF (B-B); answers the document with the signature appended. Room for a timestamp is reserved when asked. */
export async function createSignature(task: SignTask): Promise<CreatedSignature> {
  const { options } = task;
  const [leaf] = task.chain;
  if (leaf === undefined) throw new Error("The certificate is missing.");
  const at = task.now === undefined ? new Date() : new Date(task.now);
  const name = signerName(leaf);
  const entries = [
    `/M ${pdfText(pdfDate(at))}`,
    `/Name ${pdfText(name)}`,
    options.reason ? `/Reason ${pdfText(options.reason)}` : "",
    options.location ? `/Location ${pdfText(options.location)}` : "",
    options.contactInfo ? `/ContactInfo ${pdfText(options.contactInfo)}` : "",
  ].filter((e) => e !== "").join(" ");
  const visible = options.visible;
  const chainBytes = task.chain.reduce((sum, c) => sum + c.byteLength, 0);
  // 1. The incremental update with the field, its widget and a zeroed /Contents of the reserved size.
  const prepared = await prepareSignature(task.pdf, {
    pageIndex: visible === undefined ? 0 : visible.page - 1,
    box: visible,
    appearance: visible === undefined ? undefined : signatureAppearance(visible.width, visible.height, appearanceLines({ signer: name, at, reason: options.reason, location: options.location })),
    entries,
    contentsBytes: chainBytes + CMS_OVERHEAD + (options.timestamp === true ? TIMESTAMP_ROOM : 0),
    certify: options.certify === undefined ? undefined : DOC_MDP[options.certify],
  });
  // 2. The digest of everything but /Contents.
  const [, a, b, c] = prepared.byteRange;
  const digest = sha256(prepared.pdf.subarray(0, a), prepared.pdf.subarray(b, b + c));
  // 3. The CMS, into the reserved room.
  const { signedData, signatureValue } = signContent({ digest }, { key: createPrivateKey({ key: Buffer.from(task.key), format: "der", type: "pkcs8" }), chain: task.chain });
  const cms = contentInfoDer(signedData);
  return { pdf: embedSignature(prepared, cms), byteRange: prepared.byteRange, cms, signatureValue };
}

/** B-T: the TSA's token (over the signature value) added to the CMS as an unsigned attribute, written again. */
export function addTimestamp(created: CreatedSignature, token: Uint8Array): Uint8Array {
  const info = pkijs.ContentInfo.fromBER(bufferOf(created.cms));
  const signedData = new pkijs.SignedData({ schema: info.content });
  addSignatureTimestamp(signedData, token);
  return embedSignature(created, contentInfoDer(signedData));
}

/** Signs in one go (B-T when `options.timestamp`, asking `tsa`): for callers that are not the server's event loop. */
export async function signPdf(task: SignTask, tsa?: TsaSettings): Promise<Uint8Array> {
  const created = await createSignature(task);
  if (task.options.timestamp !== true) return created.pdf;
  if (tsa === undefined) throw new Error("A timestamp was asked for without a timestamp authority.");
  return addTimestamp(created, await requestTimestamp(tsa, sha256(created.signatureValue)));
}
