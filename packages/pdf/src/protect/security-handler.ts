// The standard security handler of PDF 2.0, revision 6 (ISO 32000-2, 7.6.4.3-7.6.4.4): AES-256 keys and the
// /O, /U, /OE, /UE and /Perms entries a reader checks a password against. Algorithms 2.B (the password hash),
// 8 (user entries), 9 (owner entries) and 10 (/Perms), with node:crypto's SHA-2 and AES.
import { createCipheriv, createHash, randomBytes } from "node:crypto";

/** The /Encrypt entries of revision 6 and the file key every string and stream is encrypted with. */
export interface SecurityEntries {
  readonly fileKey: Uint8Array;
  readonly O: Uint8Array;
  readonly U: Uint8Array;
  readonly OE: Uint8Array;
  readonly UE: Uint8Array;
  readonly Perms: Uint8Array;
}

/**
 * A password as revision 6 reads it: UTF-8 of its SASLprep form, at most 127 bytes. NFKC is SASLprep's
 * normalisation step; the mappings it adds (non-ASCII spaces, soft hyphens) only change rare passwords.
 */
export function passwordBytes(password: string): Buffer {
  return Buffer.from(password.normalize("NFKC"), "utf8").subarray(0, 127);
}

/** Algorithm 2.B: the hash of a password with an 8-byte salt (and, for the owner, the 48-byte /U). */
export function hardenedHash(password: Uint8Array, salt: Uint8Array, userKey: Uint8Array = new Uint8Array(0)): Buffer {
  let k: Buffer = createHash("sha256").update(password).update(salt).update(userKey).digest();
  let e: Buffer = Buffer.alloc(0);
  for (let round = 0; round < 64 || e[e.length - 1]! > round - 32; round++) {
    const block = Buffer.concat([password, k, userKey]);
    const k1 = Buffer.concat(Array.from({ length: 64 }, () => block));
    const aes = createCipheriv("aes-128-cbc", k.subarray(0, 16), k.subarray(16, 32)).setAutoPadding(false);
    e = Buffer.concat([aes.update(k1), aes.final()]);
    let sum = 0;
    for (let i = 0; i < 16; i++) sum += e[i]!;
    k = createHash(["sha256", "sha384", "sha512"][sum % 3]!).update(e).digest();
  }
  return k.subarray(0, 32);
}

function aes256NoPadding(mode: "aes-256-cbc" | "aes-256-ecb", key: Uint8Array, data: Uint8Array): Buffer {
  const cipher = createCipheriv(mode, key, mode === "aes-256-cbc" ? Buffer.alloc(16) : null).setAutoPadding(false);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

/** Algorithms 8, 9 and 10: a fresh random file key and the entries that unlock it with either password. */
export function securityEntries(userPassword: string, ownerPassword: string, permissions: number, encryptMetadata = true): SecurityEntries {
  const fileKey = randomBytes(32);
  const user = passwordBytes(userPassword);
  const owner = passwordBytes(ownerPassword);
  // Algorithm 8: /U is the hash with a validation salt, then both salts; /UE the file key under the key-salt hash.
  const [userValidation, userKeySalt] = [randomBytes(8), randomBytes(8)];
  const U = Buffer.concat([hardenedHash(user, userValidation), userValidation, userKeySalt]);
  const UE = aes256NoPadding("aes-256-cbc", hardenedHash(user, userKeySalt), fileKey);
  // Algorithm 9: the same for the owner, each hash also over the 48 bytes of /U.
  const [ownerValidation, ownerKeySalt] = [randomBytes(8), randomBytes(8)];
  const O = Buffer.concat([hardenedHash(owner, ownerValidation, U), ownerValidation, ownerKeySalt]);
  const OE = aes256NoPadding("aes-256-cbc", hardenedHash(owner, ownerKeySalt, U), fileKey);
  // Algorithm 10: /P (little-endian, extended to 64 bits with ones), the metadata flag, "adb", 4 random bytes.
  const perms = Buffer.alloc(16, 0xff);
  perms.writeInt32LE(permissions, 0);
  perms[8] = (encryptMetadata ? "T" : "F").charCodeAt(0);
  perms.write("adb", 9, "latin1");
  randomBytes(4).copy(perms, 12);
  const Perms = aes256NoPadding("aes-256-ecb", fileKey, perms);
  return { fileKey, O, U, OE, UE, Perms };
}

/** AESV3 encryption of one string or stream: a random 16-byte IV, then AES-256-CBC with PKCS#5 padding. */
export function encryptData(fileKey: Uint8Array, data: Uint8Array): Uint8Array {
  const iv = randomBytes(16);
  const cipher = createCipheriv("aes-256-cbc", fileKey, iv);
  return Buffer.concat([iv, cipher.update(data), cipher.final()]);
}
