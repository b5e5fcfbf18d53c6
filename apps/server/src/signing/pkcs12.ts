// Opening an uploaded PKCS#12 (.p12/.pfx) with its password: the private key (as PKCS#8) and the certificates,
// the signer's first, then its issuers in order. node-forge reads the PKCS#12 container: it opens the legacy
// encryptions (3DES, RC2) that certificate authorities and Windows still export as well as PBES2/AES, which
// pkijs does not. The key and certificates are then handed to node:crypto, which checks that they belong together.
// Runs in a render worker: the password's key derivation may take many iterations.
import { createPrivateKey, X509Certificate, type KeyObject } from "node:crypto";
import forge from "node-forge";

/** What an opened PKCS#12 holds, or why it could not be opened (a message for the uploader). */
export type Pkcs12Contents =
  | { readonly ok: true; readonly key: Uint8Array; readonly chain: readonly Uint8Array[] }
  | { readonly ok: false; readonly reason: string; readonly field: "file" | "password" };

const WRONG_PASSWORD = "The password does not open this PKCS#12 file.";

function der(asn1: forge.asn1.Asn1): Uint8Array {
  return new Uint8Array(Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary"));
}

function open(asn1: forge.asn1.Asn1, password: string): forge.pkcs12.Pkcs12Pfx {
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    // PBES2 derives its key from the password's UTF-8 bytes; forge passes the string as it is.
    if (/^[\x00-\x7f]*$/.test(password)) throw error;
    return forge.pkcs12.pkcs12FromAsn1(asn1, false, forge.util.encodeUtf8(password));
  }
}

function bagsOf(p12: forge.pkcs12.Pkcs12Pfx, type: string): forge.pkcs12.Bag[] {
  return p12.getBags({ bagType: type })[type] ?? [];
}

/** The key's PKCS#8 DER; forge reads RSA keys itself and hands others (EC) over as their ASN.1. */
function keyDer(bag: forge.pkcs12.Bag): Uint8Array | undefined {
  if (bag.key !== undefined && bag.key !== null) return der(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(bag.key as forge.pki.rsa.PrivateKey)));
  return bag.asn1 === undefined ? undefined : der(bag.asn1);
}

function certificateDer(bag: forge.pkcs12.Bag): Uint8Array | undefined {
  if (bag.cert !== undefined && bag.cert !== null) return der(forge.pki.certificateToAsn1(bag.cert));
  return bag.asn1 === undefined ? undefined : der(bag.asn1);
}

/** The signer's certificate (the one whose key is `key`) followed by each issuer found among the others. */
function orderChain(key: KeyObject, certificates: readonly Uint8Array[]): Uint8Array[] | undefined {
  const parsed = certificates.map((bytes) => ({ bytes, x509: new X509Certificate(bytes) }));
  const leaf = parsed.find((c) => c.x509.checkPrivateKey(key));
  if (leaf === undefined) return undefined;
  const chain = [leaf];
  for (;;) {
    const last = chain[chain.length - 1] as (typeof parsed)[number];
    if (last.x509.issuer === last.x509.subject) break;
    const issuer = parsed.find((c) => !chain.includes(c) && last.x509.checkIssued(c.x509));
    if (issuer === undefined) break;
    chain.push(issuer);
  }
  return chain.map((c) => c.bytes);
}

/** Opens the PKCS#12 with the password. */
export function readPkcs12(bytes: Uint8Array, password: string): Pkcs12Contents {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(Buffer.from(bytes).toString("binary"), false);
  } catch {
    return { ok: false, field: "file", reason: "The file is not a PKCS#12 (.p12/.pfx) file." };
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = open(asn1, password);
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    if (/password|MAC could not be verified|decrypt/i.test(message)) return { ok: false, field: "password", reason: WRONG_PASSWORD };
    if (/unsupported|not supported/i.test(message)) return { ok: false, field: "file", reason: "The PKCS#12 file uses an encryption or MAC algorithm that cannot be read here; export it again with AES-256 (or 3DES) and SHA-256 (or SHA-1)." };
    return { ok: false, field: "file", reason: "The file is not a readable PKCS#12 (.p12/.pfx) file." };
  }
  const keyBags = [...bagsOf(p12, forge.pki.oids.pkcs8ShroudedKeyBag as string), ...bagsOf(p12, forge.pki.oids.keyBag as string)];
  const keys = keyBags.map(keyDer).filter((k): k is Uint8Array => k !== undefined);
  if (keys.length === 0) return { ok: false, field: "file", reason: "The PKCS#12 file holds no private key: export the certificate together with its key." };
  if (keys.length > 1) return { ok: false, field: "file", reason: "The PKCS#12 file holds more than one private key; export the signing certificate's key alone." };
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: Buffer.from(keys[0] as Uint8Array), format: "der", type: "pkcs8" });
  } catch {
    return { ok: false, field: "file", reason: "The private key in the PKCS#12 file cannot be read." };
  }
  if (key.asymmetricKeyType !== "rsa" && key.asymmetricKeyType !== "ec") {
    return { ok: false, field: "file", reason: `The private key is of type ${key.asymmetricKeyType ?? "unknown"}; signatures need an RSA or EC key.` };
  }
  const certificates = bagsOf(p12, forge.pki.oids.certBag as string).map(certificateDer).filter((c): c is Uint8Array => c !== undefined);
  let chain: Uint8Array[] | undefined;
  try {
    chain = orderChain(key, certificates);
  } catch {
    return { ok: false, field: "file", reason: "A certificate in the PKCS#12 file cannot be read." };
  }
  if (chain === undefined) return { ok: false, field: "file", reason: "The PKCS#12 file holds no certificate for its private key." };
  return { ok: true, key: new Uint8Array(key.export({ format: "der", type: "pkcs8" })), chain };
}
