// Field schemas shared by several request bodies.
import * as v from "valibot";
import { passwordProblem } from "../auth/password.js";
import { parseRole } from "../auth/principal.js";

/** An email address (trimmed; compared lower-cased by the services). */
export const EmailField = v.pipe(
  v.string("email must be a string."),
  v.trim(),
  v.nonEmpty("email is required."),
  v.maxLength(254, "email must be at most 254 characters."),
  v.email("email must be a valid email address."),
);

/** A new password: 8 to 72 bytes of UTF-8 (bcrypt reads no further). */
export function newPasswordField(name: string) {
  return v.pipe(
    v.string(`${name} must be a string.`),
    v.description("8 to 72 bytes of UTF-8."),
    v.check((p) => passwordProblem(p) === undefined, (issue) => passwordProblem(String(issue.input)) ?? `${name} is invalid.`),
  );
}

/** A UUID. */
export const UuidField = v.pipe(v.string(), v.uuid("must be a UUID."));

/** The role-name check; the OpenAPI generator shows it as an enum. */
export const RoleCheck = v.check((s: string) => parseRole(s) !== undefined, "role must be one of Owner, Editor, Viewer.");

/** A role name in any case, output capitalised (`Owner`, `Editor`, `Viewer`). */
export const RoleField = v.pipe(
  v.string("role must be a string."),
  RoleCheck,
  v.transform((s) => parseRole(s) ?? "Viewer"),
);

/**
 * The render-time theme. Accepted here as any value and checked by the layout brand module's
 * validateTheme, whose messages are part of the contract; the OpenAPI document shows its real shape.
 */
export const ThemeField = v.unknown();
