// The hub token's expiry is read from the JWT payload (base64url) to renew a stale token before connecting.
import { describe, expect, test } from "vitest";
import { tokenExpiry } from "../../src/designer/collab/useDesignerDoc";

const jwt = (payload: unknown) => `x.${btoa(JSON.stringify(payload)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}.sig`;

describe("hub token expiry", () => {
  test("reads exp from a base64url payload; anything else is unknown", () => {
    expect(tokenExpiry(jwt({ sub: "u", exp: 1_900_000_000, name: "ü?>" }))).toBe(1_900_000_000);
    expect(tokenExpiry(jwt({ sub: "u" }))).toBeUndefined();
    expect(tokenExpiry("not a jwt")).toBeUndefined();
    expect(tokenExpiry("a.%%%.c")).toBeUndefined();
  });
});
