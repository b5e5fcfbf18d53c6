// RFC 3161 timestamps for PAdES B-T: the signature value's SHA-256 is sent to the configured Time Stamping
// Authority, whose signed token goes into the signature as an unsigned attribute. This is the one network call of
// a render: only to the configured URL (redirects refused), bounded in time and in the size of the answer.
import { randomBytes } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { bufferOf, OID } from "./cms.js";

/** Where timestamps come from (TSA_URL) and how long one may take (TSA_TIMEOUT_MS). */
export interface TsaSettings {
  readonly url: string;
  readonly timeoutMs: number;
}

/** A TSA answers a few kilobytes (its token and certificates); more is refused unread. */
export const TSA_RESPONSE_LIMIT = 256 * 1024;

/** The TSA could not give a timestamp; the message says why (shown to the caller as a 502). */
export class TimestampError extends Error {}

function nonceBytes(): Uint8Array {
  const bytes = randomBytes(8);
  bytes[0] = ((bytes[0] as number) & 0x7f) | 0x01; // a positive INTEGER in minimal DER (no leading zero byte)
  return new Uint8Array(bytes);
}

async function readLimited(response: Response): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > TSA_RESPONSE_LIMIT) throw new TimestampError(`The timestamp authority answered more than ${TSA_RESPONSE_LIMIT} bytes.`);
  const reader = response.body?.getReader();
  if (reader === undefined) return new Uint8Array(0);
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > TSA_RESPONSE_LIMIT) {
      await reader.cancel();
      throw new TimestampError(`The timestamp authority answered more than ${TSA_RESPONSE_LIMIT} bytes.`);
    }
    parts.push(value);
  }
  return new Uint8Array(Buffer.concat(parts));
}

/** The TSTInfo inside a timestamp token (a ContentInfo holding SignedData). */
export function tstInfoOf(token: Uint8Array): pkijs.TSTInfo {
  const info = pkijs.ContentInfo.fromBER(bufferOf(token));
  const signed = new pkijs.SignedData({ schema: info.content });
  const content = signed.encapContentInfo.eContent;
  if (signed.encapContentInfo.eContentType !== OID.tstInfo || content === undefined) throw new TimestampError("The timestamp token holds no TSTInfo.");
  return pkijs.TSTInfo.fromBER(content.getValue());
}

/** Asks the TSA to timestamp `digest` (SHA-256); answers the token (ContentInfo, DER). */
export async function requestTimestamp(settings: TsaSettings, digest: Uint8Array, cancel?: AbortSignal): Promise<Uint8Array> {
  const nonce = nonceBytes();
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: bufferOf(digest) }),
    }),
    nonce: new asn1js.Integer({ valueHex: bufferOf(nonce) }),
    certReq: true,
  });
  let response: Response;
  try {
    response = await fetch(settings.url, {
      method: "POST",
      headers: { "Content-Type": "application/timestamp-query", Accept: "application/timestamp-reply" },
      body: new Uint8Array(request.toSchema().toBER()),
      redirect: "error",
      signal: cancel === undefined ? AbortSignal.timeout(settings.timeoutMs) : AbortSignal.any([cancel, AbortSignal.timeout(settings.timeoutMs)]),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new TimestampError(timedOut ? `The timestamp authority did not answer within ${settings.timeoutMs} ms.` : "The timestamp authority could not be reached.");
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new TimestampError(`The timestamp authority answered HTTP ${response.status}.`);
  }
  const bytes = await readLimited(response);
  let reply: pkijs.TimeStampResp;
  try {
    reply = pkijs.TimeStampResp.fromBER(bufferOf(bytes));
  } catch {
    throw new TimestampError("The timestamp authority's answer is not a timestamp response.");
  }
  // 0 granted, 1 granted with modifications; anything else is a refusal.
  if (reply.status.status > 1 || reply.timeStampToken === undefined) {
    const why = reply.status.statusStrings?.map((s) => s.valueBlock.value).join("; ");
    throw new TimestampError(`The timestamp authority refused the request (status ${reply.status.status}${why ? `: ${why}` : ""}).`);
  }
  const token = new Uint8Array(reply.timeStampToken.toSchema().toBER());
  let tst: pkijs.TSTInfo;
  try {
    tst = tstInfoOf(token);
  } catch (error) {
    throw error instanceof TimestampError ? error : new TimestampError("The timestamp token cannot be read.");
  }
  // The token must be for this request: our digest, and our nonce echoed back.
  const imprint = new Uint8Array(tst.messageImprint.hashedMessage.valueBlock.valueHexView);
  if (tst.messageImprint.hashAlgorithm.algorithmId !== OID.sha256 || !Buffer.from(imprint).equals(Buffer.from(digest))) {
    throw new TimestampError("The timestamp token is not for this signature (its message imprint differs).");
  }
  if (tst.nonce === undefined || !Buffer.from(tst.nonce.valueBlock.valueHexView).equals(Buffer.from(nonce))) {
    throw new TimestampError("The timestamp token does not carry the request's nonce.");
  }
  return token;
}
