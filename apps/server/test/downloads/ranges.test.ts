// The Range header's readings (RFC 9110 §14.1.2), one range per request.
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseRange } from "../../src/http/ranges.js";

test("single ranges, suffixes, open ends; past the end is unsatisfiable; the rest reads as the whole file", () => {
  assert.deepEqual(parseRange(undefined, 100), { kind: "whole" });
  assert.deepEqual(parseRange("bytes=0-9", 100), { kind: "part", start: 0, end: 9 });
  assert.deepEqual(parseRange("bytes=90-200", 100), { kind: "part", start: 90, end: 99 });
  assert.deepEqual(parseRange("bytes=50-", 100), { kind: "part", start: 50, end: 99 });
  assert.deepEqual(parseRange("bytes=-10", 100), { kind: "part", start: 90, end: 99 });
  assert.deepEqual(parseRange("bytes=-1000", 100), { kind: "part", start: 0, end: 99 });
  assert.deepEqual(parseRange("bytes=100-", 100), { kind: "unsatisfiable" });
  assert.deepEqual(parseRange("bytes=-0", 100), { kind: "unsatisfiable" });
  assert.deepEqual(parseRange("bytes=0-0", 0), { kind: "unsatisfiable" });
  for (const ignored of ["bytes=5-2", "bytes=0-1,4-5", "items=0-1", "bytes=x-y", "bytes=-", "garbage"]) {
    assert.deepEqual(parseRange(ignored, 100), { kind: "whole" }, ignored);
  }
});
