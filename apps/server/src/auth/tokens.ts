import { createHash, randomBytes } from "node:crypto";

/** A random opaque token (base64url), for links, refresh cookies and API keys. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/**
 * SHA-256 of a token, hex. Random tokens carry enough entropy that a fast hash is safe to store;
 * bcrypt is only for human-chosen passwords.
 */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
