// The `sign` option of every render body, and the certificate endpoints' schemas.
import * as v from "valibot";

const text = (name: string) =>
  v.nullish(v.pipe(v.string(`sign.${name} must be a string.`), v.trim(), v.maxLength(200, `sign.${name} must be at most 200 characters.`)));

const points = (name: string, min: number) =>
  v.pipe(
    v.number(`sign.visible.${name} must be a number (points).`),
    v.finite(`sign.visible.${name} must be a finite number.`),
    min === 0 ? v.minValue(0, `sign.visible.${name} must be 0 or more.`) : v.minValue(min, `sign.visible.${name} must be at least ${min} points.`),
    v.maxValue(14_400, `sign.visible.${name} must be at most 14400 points.`),
  );

/** A visible signature box: the 1-based page and the box in points from the page's top-left corner. */
export const SignVisibleField = v.object({
  page: v.pipe(v.number("sign.visible.page must be a number."), v.integer("sign.visible.page must be a whole number."), v.minValue(1, "sign.visible.page must be 1 or more (the first page is 1)."), v.maxValue(10_000, "sign.visible.page must be at most 10000.")),
  x: points("x", 0),
  y: points("y", 0),
  width: points("width", 10),
  height: points("height", 10),
});

/** The `sign` object: sign the PDF with a certificate of the workspace (PAdES; see docs/signatures.md). */
export const SignOptions = v.pipe(
  v.object({
    certificate: v.pipe(v.string("sign.certificate must be the id of one of the workspace's certificates."), v.uuid("sign.certificate must be a certificate id (a UUID).")),
    reason: text("reason"),
    location: text("location"),
    contactInfo: text("contactInfo"),
    visible: v.nullish(SignVisibleField),
    timestamp: v.nullish(v.boolean("sign.timestamp must be true or false.")),
    certify: v.nullish(v.picklist(["no-changes", "form-filling", "annotations"], "sign.certify must be 'no-changes', 'form-filling' or 'annotations'.")),
  }, "sign must be an object: {certificate, reason?, location?, contactInfo?, visible?, timestamp?, certify?}."),
  v.description("Sign the PDF (PAdES B-B; B-T with timestamp) with one of the workspace's certificates, in an incremental update after everything else. certify adds DocMDP certification (what later changes are allowed). visible draws the signature in a box (1-based page; points from the page's top-left corner). Cannot be combined with protect (400). A batch signs each row's PDF (ZIP output, emails) or the merged PDF once."),
);

/** `sign` on every render body: absent or null renders unsigned. */
export const SignField = v.nullish(SignOptions);

export type SignInput = NonNullable<v.InferOutput<typeof SignField>>;

/** The multipart form of POST /api/certificates (the route reads the parts itself; this is for the OpenAPI document). */
export const UploadCertificateForm = v.object({
  file: v.pipe(v.string(), v.description("The PKCS#12 file (.p12/.pfx, binary) holding the signing certificate, its private key and, ideally, its chain.")),
  password: v.pipe(v.string(), v.description("The PKCS#12 file's password (used to open it once; not stored).")),
  name: v.optional(v.pipe(v.string(), v.maxLength(120), v.description("A name to show in lists; default: the certificate's common name."))),
});

/** A certificate as listed (never its key). */
export const Certificate = v.object({
  id: v.pipe(v.string(), v.uuid()),
  name: v.string(),
  subject: v.pipe(v.string(), v.description("The certificate's subject, most specific first (CN=…, O=…).")),
  issuer: v.string(),
  serialNumber: v.pipe(v.string(), v.description("Upper-case hex.")),
  notBefore: v.pipe(v.string(), v.isoTimestamp()),
  notAfter: v.pipe(v.string(), v.isoTimestamp()),
  fingerprint: v.pipe(v.string(), v.description("SHA-256 of the certificate (DER), colon-separated upper-case hex pairs.")),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
});

/** The upload's text fields. */
export const UploadCertificateFields = v.object({
  password: v.pipe(v.string("password is required: the PKCS#12 file's password in the multipart field 'password'."), v.maxLength(1024, "password must be at most 1024 characters.")),
  name: v.nullish(v.pipe(v.string("name must be a string."), v.trim(), v.maxLength(120, "name must be at most 120 characters."))),
});
