import assert from "node:assert/strict";
import { test } from "node:test";
import { canClaim, claimLost, lockHolder, readAwareness, type AwarenessPeer, type InteractionLock } from "../src/index.js";

const peer = (clientId: number, lock: InteractionLock | null): AwarenessPeer => ({
  clientId,
  user: { name: `p${clientId}`, colour: "#123456" },
  cursor: null,
  selection: [],
  lock,
  ghost: null,
});

test("a peer's lock blocks a claim on the same element only", () => {
  const peers = [peer(2, { ids: ["a", "b"], kind: "move", since: 10 })];
  assert.equal(canClaim(peers, ["a"]), false);
  assert.equal(canClaim(peers, ["c"]), true);
  assert.equal(lockHolder(peers, "b")?.clientId, 2);
  assert.equal(lockHolder(peers, "c"), undefined);
});

test("a race is won by the earlier claim, then the lower client id, the same on both sides", () => {
  const mine: InteractionLock = { ids: ["a"], kind: "move", since: 100 };
  assert.equal(claimLost([peer(9, { ids: ["a"], kind: "resize", since: 99 })], mine, 5), true);
  assert.equal(claimLost([peer(9, { ids: ["a"], kind: "move", since: 101 })], mine, 5), false);
  assert.equal(claimLost([peer(9, { ids: ["a"], kind: "move", since: 100 })], mine, 5), false);
  assert.equal(claimLost([peer(3, { ids: ["a"], kind: "move", since: 100 })], mine, 5), true);
  assert.equal(claimLost([peer(3, { ids: ["b"], kind: "move", since: 1 })], mine, 5), false);
  const both = [peer(3, { ids: ["a"], kind: "move", since: 100 }), peer(5, mine)];
  assert.equal(lockHolder(both, "a")?.clientId, 3);
});

test("readAwareness accepts a designer state and rejects anything else", () => {
  assert.equal(readAwareness(null), undefined);
  assert.equal(readAwareness({ user: { name: 1 } }), undefined);
  assert.deepEqual(
    readAwareness({
      user: { name: "Ann", colour: "#ff0000", extra: 1 },
      cursor: { x: 1, y: "2" },
      selection: ["a", 3],
      lock: { ids: ["a"], kind: "move", since: 5 },
      ghost: [{ id: "a", bandId: "b", x: 1, y: 2, width: 3, height: 4 }, { id: "bad" }],
    }),
    {
      user: { name: "Ann", colour: "#ff0000" },
      cursor: null,
      selection: ["a"],
      lock: { ids: ["a"], kind: "move", since: 5 },
      ghost: [{ id: "a", bandId: "b", x: 1, y: 2, width: 3, height: 4 }],
    },
  );
});
