// The certificates' private keys at rest: AES-256-GCM under CERTIFICATE_KEY, a fresh 96-bit nonce per seal, and the
// row's identity (workspace and certificate id) as additional authenticated data, so a sealed key copied into
// another row or workspace does not open. The database alone never holds a usable key.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const VERSION = "v1.";
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** CERTIFICATE_KEY's value: 32 bytes as 64 hex digits or as base64; undefined when it is neither. */
export function parseCertificateKey(value: string): Uint8Array | undefined {
  const text = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return new Uint8Array(Buffer.from(text, "hex"));
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) {
    const bytes = Buffer.from(text.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    if (bytes.length === 32) return new Uint8Array(bytes);
  }
  return undefined;
}

function aad(workspaceId: string, certificateId: string): Buffer {
  return Buffer.from(`docsvc certificate ${workspaceId} ${certificateId}`, "utf8");
}

/** Seals `plain` for one certificate row. */
export function seal(key: Uint8Array, plain: Uint8Array, workspaceId: string, certificateId: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad(workspaceId, certificateId));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return `${VERSION}${Buffer.concat([nonce, body, cipher.getAuthTag()]).toString("base64")}`;
}

/** Opens a sealed value; throws when the key is not the one it was sealed with, or the value or row differ. */
export function unseal(key: Uint8Array, sealed: string, workspaceId: string, certificateId: string): Uint8Array {
  if (!sealed.startsWith(VERSION)) throw new Error("Unknown sealed format.");
  const bytes = Buffer.from(sealed.slice(VERSION.length), "base64");
  const nonce = bytes.subarray(0, NONCE_BYTES);
  const tag = bytes.subarray(bytes.length - TAG_BYTES);
  const decipher = createDecipheriv("aes-256-gcm", key, nonce, { authTagLength: TAG_BYTES });
  decipher.setAAD(aad(workspaceId, certificateId));
  decipher.setAuthTag(tag);
  return new Uint8Array(Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)), decipher.final()]));
}

/** The signing material a sealed value holds: the PKCS#8 key and the chain, signer first. */
export interface SigningMaterial {
  readonly key: Uint8Array;
  readonly chain: readonly Uint8Array[];
}

export function encodeMaterial(material: SigningMaterial): Uint8Array {
  const json = JSON.stringify({ key: Buffer.from(material.key).toString("base64"), chain: material.chain.map((c) => Buffer.from(c).toString("base64")) });
  return new Uint8Array(Buffer.from(json, "utf8"));
}

export function decodeMaterial(bytes: Uint8Array): SigningMaterial {
  const json = JSON.parse(Buffer.from(bytes).toString("utf8")) as { key: string; chain: string[] };
  return { key: new Uint8Array(Buffer.from(json.key, "base64")), chain: json.chain.map((c) => new Uint8Array(Buffer.from(c, "base64"))) };
}
