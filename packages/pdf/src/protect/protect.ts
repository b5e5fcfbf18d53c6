// Passwords and permissions on finished PDF bytes: every string and stream of the document is encrypted with
// AES-256 (AESV3, standard security handler revision 6) and an /Encrypt dictionary is added. One function for
// every render path (single, merged, batch rows, base-PDF backgrounds), run as a render's last step.
import type { PDFContext, PDFDict, PDFObject, PDFRef } from "pdf-lib";
import { randomBytes } from "node:crypto";
import { pdfLib } from "../base/pdf-lib.js";
import { isPermission, permissionFlags, PERMISSIONS, type Permission } from "./permissions.js";
import { encryptData, passwordBytes, securityEntries } from "./security-handler.js";

/** The `protect` render option. */
export interface ProtectOptions {
  /** Asked for when the PDF is opened; absent or "": it opens without a prompt, with only `permissions`. */
  readonly userPassword?: string;
  /** Lifts every restriction; required and not empty (a reader with no owner password is a limited reader). */
  readonly ownerPassword: string;
  /** What a reader with the user password may do; absent or []: read only. */
  readonly permissions?: readonly Permission[];
}

/** The problem with a `protect` option, or undefined when it is acceptable (the server answers it as a 400). */
export function protectProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "protect must be an object with ownerPassword (and optionally userPassword and permissions).";
  const { userPassword, ownerPassword, permissions, ...rest } = value as Record<string, unknown>;
  const unknownKey = Object.keys(rest)[0];
  if (unknownKey !== undefined) return `protect.${unknownKey} is not an option (ownerPassword, userPassword, permissions).`;
  if (typeof ownerPassword !== "string" || ownerPassword === "") return "protect.ownerPassword must be a non-empty string.";
  if (userPassword !== undefined && typeof userPassword !== "string") return "protect.userPassword must be a string.";
  for (const [name, password] of [["ownerPassword", ownerPassword], ["userPassword", userPassword ?? ""]] as const) {
    if (passwordBytes(password).length !== Buffer.byteLength(password.normalize("NFKC"))) return `protect.${name} must be at most 127 bytes of UTF-8.`;
  }
  if (userPassword !== undefined && passwordBytes(userPassword).equals(passwordBytes(ownerPassword))) {
    return "protect.userPassword must differ from ownerPassword (the owner password lifts every restriction).";
  }
  if (permissions !== undefined) {
    if (!Array.isArray(permissions)) return `protect.permissions must be an array of ${PERMISSIONS.join(", ")}.`;
    const unknownPermission = permissions.find((p) => !isPermission(p));
    if (unknownPermission !== undefined) return `protect.permissions: ${JSON.stringify(unknownPermission)} is not a permission (${PERMISSIONS.join(", ")}).`;
  }
  return undefined;
}

/** Encrypts finished PDF bytes with AES-256; throws TypeError when the options are not acceptable (protectProblem). */
export async function protectPdf(pdf: Uint8Array, options: ProtectOptions): Promise<Uint8Array> {
  const problem = protectProblem(options);
  if (problem !== undefined) throw new TypeError(problem);
  const { PDFDocument, PDFName, PDFNumber, PDFHexString, PDFBool, PDFArray } = pdfLib();
  const document = await PDFDocument.load(pdf, { updateMetadata: false, ignoreEncryption: true });
  if (document.isEncrypted) throw new TypeError("The PDF is already encrypted.");
  const context = document.context;
  const entries = securityEntries(options.userPassword ?? "", options.ownerPassword, permissionFlags(options.permissions ?? []));
  encryptObjects(context, entries.fileKey);
  const hex = (bytes: Uint8Array) => PDFHexString.of(Buffer.from(bytes).toString("hex"));
  const encrypt = context.obj({
    Filter: PDFName.of("Standard"),
    V: PDFNumber.of(5),
    R: PDFNumber.of(6),
    Length: PDFNumber.of(256),
    CF: { StdCF: { AuthEvent: PDFName.of("DocOpen"), CFM: PDFName.of("AESV3"), Length: PDFNumber.of(32) } },
    StmF: PDFName.of("StdCF"),
    StrF: PDFName.of("StdCF"),
    O: hex(entries.O),
    U: hex(entries.U),
    OE: hex(entries.OE),
    UE: hex(entries.UE),
    Perms: hex(entries.Perms),
    P: PDFNumber.of(permissionFlags(options.permissions ?? [])),
    EncryptMetadata: PDFBool.True,
  });
  context.trailerInfo.Encrypt = context.register(encrypt);
  // The file identifier is required with encryption (revision 6 does not hash it, but readers expect it).
  if (context.trailerInfo.ID === undefined) {
    const id = hex(randomBytes(16));
    const ids = PDFArray.withContext(context);
    ids.push(id);
    ids.push(id);
    context.trailerInfo.ID = ids;
  }
  // AESV3 is PDF 2.0, or 1.7 with Adobe's extension level 8 (what readers of 1.7 check).
  document.catalog.set(PDFName.of("Extensions"), context.obj({ ADBE: { BaseVersion: PDFName.of("1.7"), ExtensionLevel: PDFNumber.of(8) } }));
  // No object streams: their contents would be written after (so outside) the encryption; field appearances
  // are the document's own (a forms render made them).
  return document.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false });
}

/** Replaces every string and stream of every indirect object with its AESV3 encryption, in place. */
function encryptObjects(context: PDFContext, fileKey: Uint8Array): void {
  const { PDFRawStream, PDFStream } = pdfLib();
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (object instanceof PDFStream) {
      encryptStrings(object.dict, fileKey);
      const contents = object instanceof PDFRawStream ? object.contents : object.getContents();
      context.assign(ref as PDFRef, PDFRawStream.of(object.dict, encryptData(fileKey, contents)));
    } else {
      const replaced = encryptStrings(object, fileKey);
      if (replaced !== object) context.assign(ref as PDFRef, replaced);
    }
  }
}

/** A string encrypted, or a dictionary or array with its strings encrypted (in place); anything else as is. */
function encryptStrings(object: PDFObject, fileKey: Uint8Array): PDFObject {
  const { PDFString, PDFHexString, PDFDict: Dict, PDFArray } = pdfLib();
  if (object instanceof PDFString || object instanceof PDFHexString) {
    return PDFHexString.of(Buffer.from(encryptData(fileKey, object.asBytes())).toString("hex"));
  }
  if (object instanceof Dict) {
    for (const [key, value] of (object as PDFDict).entries()) {
      const replaced = encryptStrings(value, fileKey);
      if (replaced !== value) object.set(key, replaced);
    }
  } else if (object instanceof PDFArray) {
    for (let i = 0; i < object.size(); i++) {
      const value = object.get(i);
      const replaced = encryptStrings(value, fileKey);
      if (replaced !== value) object.set(i, replaced);
    }
  }
  return object;
}
