// A throwaway PKI made at test time (nothing private is committed): a root CA, a document-signing certificate
// issued by it (packed as PKCS#12 with a password, as a user would upload it) and a timestamping certificate for
// the local TSA. Keys come from node:crypto; node-forge writes the certificates and the PKCS#12.
import { generateKeyPairSync, type KeyObject } from "node:crypto";
import forge from "node-forge";

export interface Issued {
  readonly key: KeyObject;
  readonly certificate: Uint8Array;
  readonly forgeKey: forge.pki.rsa.PrivateKey;
  readonly forgeCertificate: forge.pki.Certificate;
}

let serial = 1;

function rsaKey(): { key: KeyObject; forgeKey: forge.pki.rsa.PrivateKey; forgePublic: forge.pki.rsa.PublicKey } {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    key: privateKey,
    forgeKey: forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs1", format: "pem" }).toString()) as forge.pki.rsa.PrivateKey,
    forgePublic: forge.pki.publicKeyFromPem(publicKey.export({ type: "spki", format: "pem" }).toString()) as forge.pki.rsa.PublicKey,
  };
}

function issue(commonName: string, issuer: Issued | undefined, extensions: object[], validDays = 365): Issued {
  const { key, forgeKey, forgePublic } = rsaKey();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forgePublic;
  cert.serialNumber = (0x1000 + serial++).toString(16);
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + validDays * 86_400_000);
  // Most significant first, as real certificates are (shown reversed, RFC 4514: `CN=…, O=…`).
  const subject = [{ name: "organizationName", value: "docsvc tests" }, { name: "commonName", value: commonName }];
  cert.setSubject(subject);
  cert.setIssuer(issuer === undefined ? subject : issuer.forgeCertificate.subject.attributes);
  cert.setExtensions(extensions);
  cert.sign(issuer?.forgeKey ?? forgeKey, forge.md.sha256.create());
  const certificate = new Uint8Array(Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), "binary"));
  return { key, certificate, forgeKey, forgeCertificate: cert };
}

export interface TestPki {
  readonly ca: Issued;
  readonly signer: Issued;
  readonly tsa: Issued;
}

/** A root CA, a signer and a TSA certificate, new each call. */
export function createTestPki(signerName = "Ada Lovelace"): TestPki {
  const ca = issue("docsvc Test Root CA", undefined, [
    { name: "basicConstraints", cA: true, critical: true },
    { name: "keyUsage", keyCertSign: true, cRLSign: true, critical: true },
  ], 3650);
  const signer = issue(signerName, ca, [
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true, critical: true },
  ]);
  const tsa = issue("docsvc Test TSA", ca, [
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, critical: true },
    { name: "extKeyUsage", timeStamping: true, critical: true },
  ]);
  return { ca, signer, tsa };
}

/** The signer's key and certificate (and the CA's) as a PKCS#12 file with a password (AES-256, SHA-256 MAC). */
export function pkcs12Of(pki: TestPki, password: string, options: { readonly legacy?: boolean; readonly who?: Issued; readonly iterations?: number } = {}): Uint8Array {
  const who = options.who ?? pki.signer;
  const asn1 = forge.pkcs12.toPkcs12Asn1(who.forgeKey, [who.forgeCertificate, pki.ca.forgeCertificate], password, {
    algorithm: options.legacy === true ? "3des" : "aes256",
    friendlyName: "test signer",
    ...(options.iterations !== undefined ? { count: options.iterations } : {}),
  });
  return new Uint8Array(Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary"));
}
