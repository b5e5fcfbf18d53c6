import { randomBytes } from "node:crypto";

// Random bytes are drawn 4 KiB at a time: one id per request (the request id) makes a syscall per id
// measurable under load.
const POOL_SIZE = 4096;
let pool = randomBytes(POOL_SIZE);
let offset = 0;

function random16(): Buffer {
  if (offset + 16 > POOL_SIZE) {
    pool = randomBytes(POOL_SIZE);
    offset = 0;
  }
  const bytes = Buffer.from(pool.subarray(offset, offset + 16));
  offset += 16;
  return bytes;
}

/** A new UUIDv7: 48-bit Unix-millisecond timestamp, then random bits, so ids sort by creation time. */
export function uuidv7(now: number = Date.now()): string {
  const bytes = random16();
  // Timestamp, big-endian, in the first 6 bytes (RFC 9562 §5.7).
  let ms = now;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70; // version 7
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // variant 10
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when the string is a UUID in canonical 8-4-4-4-12 form (any version). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
