// A batch's `protect` option waits in the database until its rows render, so its passwords are stored sealed:
// AES-256-GCM under a key derived (HKDF-SHA256) from the server's JWT secret, bound to the job id, so a copied
// database (a backup, a replica) does not give them away. Rotating JWT_SECRET makes pending protected jobs fail.
import type { ProtectOptions } from "@docsvc/pdf";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";

/** The sealing key, derived from the JWT secret (never the secret itself). */
export function batchProtectKey(jwtSecret: Uint8Array): Buffer {
  return Buffer.from(hkdfSync("sha256", jwtSecret, Buffer.alloc(0), "docsvc batch protect v1", 32));
}

/** The options as stored: `v1.` then base64 of IV, tag and ciphertext. */
export function sealProtect(options: ProtectOptions, key: Uint8Array, jobId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv).setAAD(Buffer.from(jobId));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(options), "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64")}`;
}

/** The stored options opened; throws when the key is not the one they were sealed with. */
export function openProtect(stored: string, key: Uint8Array, jobId: string): ProtectOptions {
  if (!stored.startsWith(`${VERSION}.`)) throw new Error("unknown sealed protect format");
  const bytes = Buffer.from(stored.slice(VERSION.length + 1), "base64");
  const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12)).setAAD(Buffer.from(jobId));
  decipher.setAuthTag(bytes.subarray(12, 28));
  const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
  return JSON.parse(text) as ProtectOptions;
}
