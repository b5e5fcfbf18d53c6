// A workspace's signing certificates: uploaded as PKCS#12 with its password (Owner only), opened in a render
// worker, sealed (AES-256-GCM under CERTIFICATE_KEY) and stored; listed without any key material; deleted.
import { X509Certificate } from "node:crypto";
import type { SessionPrincipal } from "../auth/principal.js";
import { countCertificates, deleteCertificate, insertCertificate, listCertificates, type CertificateRow } from "../db/certificates.js";
import { NotFoundError, ServiceUnavailableError, ValidationError } from "../errors.js";
import { uuidv7 } from "../ids.js";
import { RenderBudgetError } from "../render/budget.js";
import { renderFailure } from "./render-failure.js";
import { encodeMaterial, seal } from "../signing/sealed.js";
import { clockNow, nowIso } from "../time.js";
import type { ServiceDeps } from "./deps.js";
import { SIGNING_NOT_CONFIGURED } from "./signing.js";
import { requireRole } from "./workspaces.js";

/** The largest PKCS#12 file accepted (a certificate, its key and a chain are a few kilobytes). */
export const CERTIFICATE_FILE_LIMIT = 64 * 1024;
/** Certificates one workspace may hold. */
export const CERTIFICATES_PER_WORKSPACE = 20;

/** A certificate as listed: what identifies it, never its key. */
export interface CertificateView {
  readonly id: string;
  readonly name: string;
  readonly subject: string;
  readonly issuer: string;
  readonly serialNumber: string;
  readonly notBefore: string;
  readonly notAfter: string;
  /** SHA-256 of the certificate (DER), colon-separated hex pairs. */
  readonly fingerprint: string;
  readonly createdAt: string;
}

function view(row: Omit<CertificateRow, "sealed">): CertificateView {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    issuer: row.issuer,
    serialNumber: row.serial_number,
    notBefore: row.not_before,
    notAfter: row.not_after,
    fingerprint: row.fingerprint,
    createdAt: row.created_at,
  };
}

/** A distinguished name on one line, most specific first as people read it (`CN=…, O=…`). */
function oneLine(name: string): string {
  return name.split("\n").filter((part) => part !== "").reverse().join(", ");
}

function commonName(name: string): string | undefined {
  return name.split("\n").find((part) => part.startsWith("CN="))?.slice(3);
}

/** Only Owners manage certificates (403 for the others). */
export function requireCertificateOwner(principal: SessionPrincipal): void {
  requireRole(principal, "Owner");
}

/** Opens the PKCS#12 with its password, seals its key and chain, and stores it (Owner only). */
export async function uploadCertificate(
  deps: ServiceDeps,
  principal: SessionPrincipal,
  upload: { readonly bytes: Uint8Array; readonly password: string; readonly name?: string | null | undefined },
): Promise<CertificateView> {
  requireCertificateOwner(principal);
  const key = deps.config.certificateKey;
  if (key === undefined) throw new ServiceUnavailableError(SIGNING_NOT_CONFIGURED);
  if (upload.bytes.byteLength === 0) throw ValidationError.field("file", "The file is empty.");
  if (upload.bytes.byteLength > CERTIFICATE_FILE_LIMIT) throw ValidationError.field("file", `The file is larger than ${CERTIFICATE_FILE_LIMIT / 1024} KB; a PKCS#12 with a certificate, its key and chain is a few KB.`);
  if ((await countCertificates(deps.db, principal.workspaceId)) >= CERTIFICATES_PER_WORKSPACE) {
    throw ValidationError.field("file", `A workspace may hold at most ${CERTIFICATES_PER_WORKSPACE} certificates; delete one first.`);
  }
  const read = deps.renderer.readCertificate;
  if (read === undefined) throw new ServiceUnavailableError("This server's renderer cannot read certificates.");
  // A file can name any number of key-derivation iterations: the worker's time budget bounds them.
  const opened = await read.call(deps.renderer, { bytes: upload.bytes, password: upload.password }, { workspaceId: principal.workspaceId }).catch((error: unknown) => {
    if (error instanceof RenderBudgetError) throw ValidationError.field("file", "The PKCS#12 file took too long to open (its password's key derivation asks for too many iterations); export it again with the usual settings.");
    throw renderFailure(error);
  });
  if (!opened.ok) throw ValidationError.field(opened.field, opened.reason);
  const leaf = new X509Certificate(opened.chain[0] as Uint8Array);
  const notBefore = new Date(leaf.validFrom).toISOString();
  const notAfter = new Date(leaf.validTo).toISOString();
  const now = clockNow();
  if (Date.parse(notAfter) < now) throw ValidationError.field("file", `The certificate expired on ${notAfter}; upload a current one.`);
  const id = uuidv7(now);
  const row: CertificateRow = {
    id,
    workspace_id: principal.workspaceId,
    name: upload.name?.trim() || commonName(leaf.subject) || oneLine(leaf.subject),
    subject: oneLine(leaf.subject),
    issuer: oneLine(leaf.issuer),
    serial_number: leaf.serialNumber.toUpperCase(),
    not_before: notBefore,
    not_after: notAfter,
    fingerprint: leaf.fingerprint256,
    sealed: seal(key, encodeMaterial(opened), principal.workspaceId, id),
    created_by: principal.userId,
    created_at: nowIso(now),
  };
  await insertCertificate(deps.db, row);
  return view(row);
}

/** The workspace's certificates (any member: renders name them by id). */
export async function listWorkspaceCertificates(deps: ServiceDeps, principal: SessionPrincipal): Promise<CertificateView[]> {
  return (await listCertificates(deps.db, principal.workspaceId)).map(view);
}

/** Deletes a certificate of the workspace (Owner only); renders naming it answer 404 from then on. */
export async function removeCertificate(deps: ServiceDeps, principal: SessionPrincipal, id: string): Promise<void> {
  requireCertificateOwner(principal);
  if (!(await deleteCertificate(deps.db, principal.workspaceId, id))) throw new NotFoundError("Certificate");
}
