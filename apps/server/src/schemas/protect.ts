// The `protect` render option: passwords and permissions (AES-256), checked by @docsvc/pdf's own rules so the
// 400 says what the library would refuse.
import { PERMISSIONS, protectProblem, type ProtectOptions } from "@docsvc/pdf";
import * as v from "valibot";

export const ProtectField = v.optional(
  v.pipe(
    // Strict: a misspelt key (`userPasword`) must not give a PDF that opens without the password it meant.
    v.strictObject({
      userPassword: v.optional(v.pipe(v.string("protect.userPassword must be a string."), v.description("Asked for when the PDF is opened; absent or empty: it opens without a prompt, limited to `permissions`. At most 127 bytes of UTF-8."))),
      ownerPassword: v.pipe(v.string("protect.ownerPassword must be a non-empty string."), v.nonEmpty("protect.ownerPassword must be a non-empty string."), v.description("Lifts every restriction; must differ from userPassword. At most 127 bytes of UTF-8.")),
      permissions: v.optional(
        v.pipe(
          v.array(v.picklist(PERMISSIONS, `protect.permissions may hold only ${PERMISSIONS.join(", ")}.`), `protect.permissions must be an array of ${PERMISSIONS.join(", ")}.`),
          v.description("What a reader with the user password may do; absent or []: view only (extraction for accessibility is always allowed)."),
        ),
      ),
    }, "protect must be an object with ownerPassword (and optionally userPassword and permissions)."),
    v.check((value) => protectProblem(value) === undefined, (issue) => protectProblem(issue.input) ?? "protect is invalid."),
    v.description("Encrypt the PDF with AES-256 (PDF 2.0 standard security handler, revision 6, AESV3). Applied last, after everything else the render draws."),
  ),
);

export type { ProtectOptions };
