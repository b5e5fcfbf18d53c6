// The webhook signature, as Stripe signs: `X-Docsvc-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` over
// `<t>.<body>` with the workspace's signing secret. The timestamp is signed too, so a receiver that refuses old
// timestamps (5 minutes is usual) cannot be replayed an old event.
import { createHmac, timingSafeEqual } from "node:crypto";

/** The header that carries the signature. */
export const SIGNATURE_HEADER = "X-Docsvc-Signature";

/** The header value for `body` sent at `unixSeconds`. */
export function signatureHeader(secret: string, unixSeconds: number, body: string): string {
  return `t=${unixSeconds},v1=${createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex")}`;
}

/**
 * Whether `header` signs `body` with `secret`, sent no more than `toleranceSeconds` before `nowSeconds` (what a
 * receiver does; documented in docs/webhooks.md and used by the tests).
 */
export function verifySignature(secret: string, header: string, body: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = new Map(header.split(",").map((p) => p.trim().split("=", 2) as [string, string]));
  const t = Number(parts.get("t"));
  const v1 = parts.get("v1") ?? "";
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds || !/^[0-9a-f]{64}$/.test(v1)) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(v1, "hex"));
}
