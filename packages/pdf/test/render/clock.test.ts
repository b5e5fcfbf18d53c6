// The `now` option: plain JavaScript callers pass ISO strings and epoch milliseconds; both must give the bytes a
// Date of the same instant gives, and anything else must fail at once with a TypeError that names the option.
import { test } from "node:test";
import assert from "node:assert/strict";
import { renderPdf } from "../../src/index.js";
import { FIXED_NOW, fixtureText } from "./fixtures.js";

test("now as an ISO string or epoch milliseconds renders the same bytes as the Date", async () => {
  const template = await fixtureText("receipt.template.json");
  const data = JSON.parse(await fixtureText("receipt.data.json")) as unknown;
  const byDate = await renderPdf(template, data, { now: FIXED_NOW });
  const byString = await renderPdf(template, data, { now: FIXED_NOW.toISOString() });
  const byNumber = await renderPdf(template, data, { now: FIXED_NOW.getTime() });
  assert.ok(Buffer.from(byString).equals(Buffer.from(byDate)), "ISO string");
  assert.ok(Buffer.from(byNumber).equals(Buffer.from(byDate)), "epoch milliseconds");
});

test("a now that is not a point in time is a TypeError naming the option", async () => {
  const template = await fixtureText("receipt.template.json");
  for (const now of ["yesterday", "", Number.NaN, new Date(Number.NaN), { year: 2024 }] as unknown[]) {
    await assert.rejects(renderPdf(template, {}, { now: now as Date }), (error: unknown) => {
      assert.ok(error instanceof TypeError, `${String(now)}: ${String(error)}`);
      assert.match(error.message, /`now`/);
      return true;
    });
  }
});
