// CMS SignedData (RFC 5652) as CAdES wants it (ETSI EN 319 122-1, baseline B-B): signed attributes content-type,
// message-digest and signing-certificate-v2, and NO signing-time (PAdES puts the time in the signature dictionary's
// /M, or in a timestamp). The same builder makes the RFC 3161 timestamp tokens of the tests' local TSA.
// pkijs + asn1js build the structures; node:crypto computes digests and signatures, so any key type node:crypto
// reads (RSA, EC) signs the same way.
import { createHash, sign as cryptoSign, type KeyObject } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

export const OID = {
  data: "1.2.840.113549.1.7.1",
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  signatureTimeStampToken: "1.2.840.113549.1.9.16.2.14",
  tstInfo: "1.2.840.113549.1.9.16.1.4",
  sha256: "2.16.840.1.101.3.4.2.1",
  rsaWithSha256: "1.2.840.113549.1.1.11",
  ecdsaWithSha256: "1.2.840.10045.4.3.2",
} as const;

/** SHA-256 of some byte ranges, in order. */
export function sha256(...parts: readonly Uint8Array[]): Uint8Array {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return new Uint8Array(hash.digest());
}

/** An ArrayBuffer holding exactly these bytes (asn1js and pkijs parse ArrayBuffers). */
export function bufferOf(bytes: Uint8Array): ArrayBuffer {
  return bytes.slice().buffer as ArrayBuffer;
}

/** A DER certificate as pkijs reads it. */
export function parseCertificate(der: Uint8Array): pkijs.Certificate {
  return pkijs.Certificate.fromBER(bufferOf(der));
}

/** What a signer signs with: its key, its certificate first, then the rest of its chain (DER). */
export interface SignerKey {
  readonly key: KeyObject;
  readonly chain: readonly Uint8Array[];
}

/** What is signed: the digest of the content and its type (id-data for a PDF's byte ranges). */
export interface SignedContent {
  readonly digest: Uint8Array;
  readonly contentType?: string;
  /** Encapsulated content (a timestamp token's TSTInfo); absent: detached, as PAdES signatures are. */
  readonly encapsulated?: Uint8Array;
}

function attribute(type: string, value: asn1js.AsnType): pkijs.Attribute {
  return new pkijs.Attribute({ type, values: [value] });
}

/** ESS signing-certificate-v2 (RFC 5035): the signer certificate's SHA-256 (the default algorithm, so left out) and issuer/serial. */
function signingCertificateV2(certificateDer: Uint8Array): asn1js.Sequence {
  const certificate = parseCertificate(certificateDer);
  const issuerSerial = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({ value: [new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 4 }, value: [certificate.issuer.toSchema()] })] }),
      new asn1js.Integer({ valueHex: certificate.serialNumber.valueBlock.valueHexView }),
    ],
  });
  const essCertIdV2 = new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: bufferOf(sha256(certificateDer)) }), issuerSerial] });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
}

function signatureAlgorithmOf(key: KeyObject): string {
  if (key.asymmetricKeyType === "rsa") return OID.rsaWithSha256;
  if (key.asymmetricKeyType === "ec") return OID.ecdsaWithSha256;
  throw new Error(`Keys of type ${key.asymmetricKeyType ?? "unknown"} cannot sign here; use an RSA or EC key.`);
}

/**
 * A SignerInfo's signed attributes, in DER order (a SET OF is sorted by the encodings of its members; verifiers
 * that re-encode the set, as NSS does, would otherwise hash different bytes).
 */
function sortedAttributes(attributes: readonly pkijs.Attribute[]): pkijs.Attribute[] {
  const encoded = attributes.map((a) => ({ a, der: new Uint8Array(a.toSchema().toBER()) }));
  encoded.sort((x, y) => Buffer.compare(x.der, y.der));
  return encoded.map((e) => e.a);
}

/** A signed CMS SignedData with one signer; answers it and the signature value (what a timestamp covers). */
export function signContent(content: SignedContent, signer: SignerKey): { readonly signedData: pkijs.SignedData; readonly signatureValue: Uint8Array } {
  const [leaf] = signer.chain;
  if (leaf === undefined) throw new Error("A signer needs its certificate.");
  const certificate = parseCertificate(leaf);
  const contentType = content.contentType ?? OID.data;
  const signed = sortedAttributes([
    attribute(OID.contentType, new asn1js.ObjectIdentifier({ value: contentType })),
    attribute(OID.messageDigest, new asn1js.OctetString({ valueHex: bufferOf(content.digest) })),
    attribute(OID.signingCertificateV2, signingCertificateV2(leaf)),
  ]);
  // The signature covers the DER of the attributes as a SET (tag 0x31), not the [0] IMPLICIT form they travel in.
  const toSign = new Uint8Array(new asn1js.Set({ value: signed.map((a) => a.toSchema()) }).toBER());
  const signatureValue = new Uint8Array(cryptoSign("sha256", toSign, signer.key));
  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
    digestAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
    signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes: signed }),
    signatureAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: signatureAlgorithmOf(signer.key) }),
    signature: new asn1js.OctetString({ valueHex: bufferOf(signatureValue) }),
  });
  const signedData = new pkijs.SignedData({
    // Version 3 when the content is not id-data (RFC 5652 5.1), as a TSTInfo token is.
    version: contentType === OID.data ? 1 : 3,
    digestAlgorithms: [new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 })],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: contentType,
      ...(content.encapsulated !== undefined ? { eContent: new asn1js.OctetString({ valueHex: bufferOf(content.encapsulated) }) } : {}),
    }),
    certificates: signer.chain.map(parseCertificate),
    signerInfos: [signerInfo],
  });
  return { signedData, signatureValue };
}

/** Adds an RFC 3161 timestamp token (a ContentInfo, DER) as the signer's signature-time-stamp unsigned attribute. */
export function addSignatureTimestamp(signedData: pkijs.SignedData, token: Uint8Array): void {
  const signerInfo = signedData.signerInfos[0];
  if (signerInfo === undefined) throw new Error("The SignedData has no signer.");
  const tokenSchema = asn1js.fromBER(bufferOf(token)).result;
  signerInfo.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({ type: 1, attributes: [attribute(OID.signatureTimeStampToken, tokenSchema)] });
}

/** The SignedData wrapped in a ContentInfo, DER-encoded. */
export function contentInfoDer(signedData: pkijs.SignedData): Uint8Array {
  const info = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return new Uint8Array(info.toSchema().toBER());
}
