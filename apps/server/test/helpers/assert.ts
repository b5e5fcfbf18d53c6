import assert from "node:assert/strict";
import type { Reply } from "./harness.js";

/** Asserts a problem+json answer with this status. */
export function assertProblem(res: Reply, status: number): void {
  assert.equal(res.status, status, `expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  assert.match(res.headers.get("Content-Type") ?? "", /^application\/problem\+json/);
  assert.equal(res.body.status, status);
  assert.equal(typeof res.body.title, "string");
  assert.equal(typeof res.body.detail, "string");
  assert.equal(typeof res.body.traceId, "string");
  if (status === 401) assert.match(res.headers.get("WWW-Authenticate") ?? "", /^Bearer/);
}
