// What a protected PDF lets its reader do without the owner password: the permission names of the `protect`
// option and the /P flags (ISO 32000-2, table 22) they set.

/** The permissions a `protect` option may grant; anything not listed is refused to a reader with the user password. */
export const PERMISSIONS = ["print", "copy", "modify", "annotate", "fillForms"] as const;

export type Permission = (typeof PERMISSIONS)[number];

// Bit n of /P is 1 << (n - 1). Bits 1-2 must be 0; bits 7-8 and 13-32 are reserved and must be 1.
const RESERVED = 0xfffff0c0;
// Content extraction for accessibility (bit 10) is always granted: PDF 2.0 deprecates clearing it, and screen
// readers must be able to read a protected invoice.
const ALWAYS = 1 << 9;
const BITS: Readonly<Record<Permission, number>> = {
  // print (bit 3) and high-quality print (bit 12): one choice for users
  print: (1 << 2) | (1 << 11),
  // modify (bit 4) and assemble: insert, rotate, delete pages (bit 11)
  modify: (1 << 3) | (1 << 10),
  // copy or extract text and graphics (bit 5)
  copy: 1 << 4,
  // add or modify annotations, fill fields (bit 6)
  annotate: 1 << 5,
  // fill existing form fields, even when annotate is not granted (bit 9)
  fillForms: 1 << 8,
};

export function isPermission(name: unknown): name is Permission {
  return typeof name === "string" && (PERMISSIONS as readonly string[]).includes(name);
}

/** The signed 32-bit /P value for a set of granted permissions. */
export function permissionFlags(granted: readonly Permission[]): number {
  let flags = RESERVED | ALWAYS;
  for (const name of granted) flags |= BITS[name];
  return flags | 0;
}
