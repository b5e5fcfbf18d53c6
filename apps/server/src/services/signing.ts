// Signing rendered PDFs with a workspace's certificate: checked before the render (so a request that cannot be
// signed is refused before anything is rendered or metered), then the finished PDF goes to a render worker, which
// signs it off the event loop; a timestamp, when asked for, is then requested from here (network I/O only).
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { findCertificate, type CertificateRow } from "../db/certificates.js";
import { HttpError, NotFoundError, ServiceUnavailableError, ValidationError } from "../errors.js";
import type { JobOptions, Renderer } from "../render/renderer.js";
import type { SignatureOptions } from "../signing/pades.js";
import { decodeMaterial, unseal, type SigningMaterial } from "../signing/sealed.js";
import type { SignInput } from "../schemas/sign.js";
import { clockNow } from "../time.js";

/** The message of the 503 every signing path answers while CERTIFICATE_KEY is unset. */
export const SIGNING_NOT_CONFIGURED = "Signing is not set up on this server: set CERTIFICATE_KEY (32 random bytes, hex or base64) and restart.";
const TSA_NOT_CONFIGURED = "Timestamps are not set up on this server: set TSA_URL to an RFC 3161 timestamp authority, or sign without `timestamp`.";

/** A `sign` request as a batch job stores it (JSON in batch_inputs.sign). */
export type StoredSignRequest = SignInput;

/** 400 when a body asks for both `sign` and `protect` (an encrypted PDF cannot take this signature yet). */
export function refuseSignWithProtect(body: Readonly<Record<string, unknown>>): void {
  const given = (value: unknown): boolean => value !== undefined && value !== null;
  if (given(body["sign"]) && given(body["protect"])) {
    throw ValidationError.field("sign", "sign and protect cannot be combined yet: a signed PDF cannot be encrypted afterwards (the signature would break), and signing an encrypted PDF is not supported. Ask for one of them.");
  }
}

function options(request: SignInput): SignatureOptions {
  return {
    reason: request.reason ?? undefined,
    location: request.location ?? undefined,
    contactInfo: request.contactInfo ?? undefined,
    visible: request.visible ?? undefined,
    timestamp: request.timestamp ?? undefined,
    certify: request.certify ?? undefined,
  };
}

/** Signs PDFs for the render paths (single renders, send-email, batch rows and merged batches). */
export class DocumentSigner {
  constructor(private readonly deps: { readonly db: Db; readonly renderer: Renderer; readonly config: Pick<Config, "certificateKey" | "tsa"> }) {}

  private key(): Uint8Array {
    const key = this.deps.config.certificateKey;
    if (key === undefined) throw new ServiceUnavailableError(SIGNING_NOT_CONFIGURED);
    return key;
  }

  private async certificate(workspaceId: string, request: SignInput): Promise<CertificateRow> {
    this.key();
    if (request.timestamp === true && this.deps.config.tsa === undefined) throw new ServiceUnavailableError(TSA_NOT_CONFIGURED);
    // Another workspace's certificate is as missing as one that never existed.
    const row = await findCertificate(this.deps.db, workspaceId, request.certificate);
    if (row === undefined) throw new NotFoundError("Certificate");
    const now = clockNow();
    if (Date.parse(row.not_after) < now) throw ValidationError.field("sign.certificate", `The certificate '${row.name}' expired on ${row.not_after}; upload a current one.`);
    if (Date.parse(row.not_before) > now) throw ValidationError.field("sign.certificate", `The certificate '${row.name}' is not valid before ${row.not_before}.`);
    return row;
  }

  /** Throws the answer a request that cannot be signed gets (503 not configured, 404 no such certificate, 400 expired). */
  async check(workspaceId: string, request: SignInput): Promise<void> {
    await this.certificate(workspaceId, request);
  }

  private material(row: CertificateRow): SigningMaterial {
    try {
      return decodeMaterial(unseal(this.key(), row.sealed, row.workspace_id, row.id));
    } catch {
      throw new ServiceUnavailableError(`The certificate '${row.name}' cannot be opened with this server's CERTIFICATE_KEY (was the key changed?); upload it again.`);
    }
  }

  /**
   * The PDF signed as asked (400 for a box that does not fit, 502 when the TSA gives no timestamp). The worker signs;
   * the timestamp is asked for here, so no render worker waits on the network.
   */
  async sign(workspaceId: string, pdf: Uint8Array, request: SignInput, job: JobOptions = {}): Promise<Uint8Array> {
    const row = await this.certificate(workspaceId, request);
    const { key, chain } = this.material(row);
    const sign = this.deps.renderer.sign;
    if (sign === undefined) throw new ServiceUnavailableError("This server's renderer cannot sign documents.");
    const created = await sign.call(this.deps.renderer, { pdf, key, chain, options: options(request) }, { workspaceId, ...job });
    if (!created.ok) throw ValidationError.field("sign.visible", created.reason);
    const tsa = this.deps.config.tsa;
    if (request.timestamp !== true || tsa === undefined) return created.pdf;
    // Loaded with the first timestamp: pkijs stays out of a server that never asks for one.
    const [{ addTimestamp }, { requestTimestamp, TimestampError }, { sha256 }] = await Promise.all([
      import("../signing/pades.js"), import("../signing/tsa-client.js"), import("../signing/cms.js"),
    ]);
    let token: Uint8Array;
    try {
      token = await requestTimestamp(tsa, sha256(created.signatureValue), job.signal);
    } catch (error) {
      if (error instanceof TimestampError) throw new HttpError(502, `The document could not be timestamped: ${error.message}`);
      throw error;
    }
    // Re-encodes the few kilobytes of CMS into the room the worker reserved (no parsing of the PDF here).
    return addTimestamp(created, token);
  }
}
