// Base64 of Yjs states for the template PUT's `yState` (chunked: String.fromCharCode has an argument limit).

/** Standard base64 of `data`. */
export function toBase64(data: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Whether a Yjs update changes nothing (the two-byte empty update `00 00`). */
export function isEmptyUpdate(update: Uint8Array): boolean {
  return update.length === 0 || (update.length === 2 && update[0] === 0 && update[1] === 0);
}
