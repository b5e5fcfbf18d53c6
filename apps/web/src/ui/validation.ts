// Form checks run before a request, with the same rules the server applies (api-conventions: sessions).

/** Field name to its message; empty when the form is valid. */
export type FormErrors<K extends string = string> = Partial<Record<K, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The email message, or undefined when it is acceptable. */
export function checkEmail(email: string): string | undefined {
  if (email.trim() === "") return "Enter your email address.";
  if (!EMAIL.test(email.trim())) return "Enter an email address like name@example.com.";
  return undefined;
}

/** Passwords are 8 to 72 bytes of UTF-8 (bcrypt's limit), counted as the server counts them. */
export function checkNewPassword(password: string): string | undefined {
  const bytes = new TextEncoder().encode(password).length;
  if (bytes < 8) return "Use at least 8 characters.";
  if (bytes > 72) return "Use at most 72 bytes (fewer characters when they are not plain ASCII).";
  return undefined;
}

/** Sign-up, reset and change-password: a new password typed twice. */
export function checkPasswordPair(password: string, confirm: string): FormErrors<"password" | "confirm"> {
  const errors: FormErrors<"password" | "confirm"> = {};
  const p = checkNewPassword(password);
  if (p) errors.password = p;
  if (confirm !== password) errors.confirm = "The passwords do not match.";
  return errors;
}

/** A name that the server accepts (non-empty after trimming, at most `max` characters). */
export function checkName(name: string, max: number, what = "a name"): string | undefined {
  if (name.trim() === "") return `Enter ${what}.`;
  if (name.trim().length > max) return `Use at most ${max} characters.`;
  return undefined;
}

/** JSON text that must hold an object (render data); the message names the line when the parser says where. */
export function parseJsonObject(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, message: `Data is not valid JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { ok: false, message: "Data must be a JSON object ({ … })." };
  return { ok: true, value: value as Record<string, unknown> };
}

/** True when the form has no messages. */
export function isValid(errors: FormErrors): boolean {
  return Object.values(errors).every((m) => m === undefined);
}
