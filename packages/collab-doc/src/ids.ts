// Fresh ids for elements and bands the designer creates. Random (not counters): two people adding an element
// at the same moment must not pick the same id.

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** A new id such as `text-k3v9x2qa`, not in `taken`. */
export function newId(prefix: string, taken: (id: string) => boolean = () => false): string {
  for (;;) {
    const bytes = new Uint8Array(8);
    globalThis.crypto.getRandomValues(bytes);
    let suffix = "";
    for (const b of bytes) suffix += ALPHABET[b % ALPHABET.length];
    const id = `${prefix}-${suffix}`;
    if (!taken(id)) return id;
  }
}
