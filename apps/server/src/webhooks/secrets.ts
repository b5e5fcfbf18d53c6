// Workspace signing secrets: shown once when made, kept encrypted (AES-256-GCM under a key derived from the
// JWT secret with HKDF), since signing needs the secret itself and a hash would not do. Rotating JWT_SECRET
// therefore makes the stored secrets unreadable: rotate the webhook secret after it (docs/webhooks.md).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/** Encrypts and decrypts signing secrets for storage. */
export class SecretBox {
  private readonly key: Buffer;

  constructor(rootSecret: Uint8Array) {
    this.key = Buffer.from(hkdfSync("sha256", rootSecret, "docsvc", "webhook signing secrets v1", 32));
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
    return ["v1", iv, cipher.getAuthTag(), sealed].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
  }

  /** The secret, or undefined when it cannot be opened (another root secret, a damaged value). */
  open(stored: string): string | undefined {
    const [version, iv, tag, sealed] = stored.split(".");
    if (version !== "v1" || iv === undefined || tag === undefined || sealed === undefined) return undefined;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
    } catch {
      return undefined;
    }
  }
}

/** A new signing secret: `whsec_` and 32 random bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

/** The part of a secret shown in listings. */
export function secretPrefix(secret: string): string {
  return secret.slice(0, 12);
}
