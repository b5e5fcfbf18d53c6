// The API client's error handling: problem+json, other error bodies, network failures, and the one
// refresh-and-retry on 401.
import { beforeEach, describe, expect, test } from "vitest";
import { ApiClient } from "../../src/api/client";
import { ApiError } from "../../src/api/errors";
import type { TokenResponse } from "../../src/api/types";

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function fakeFetch(handler: Handler) {
  const calls: { url: string; init: RequestInit }[] = [];
  const impl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init: init ?? {} });
    return handler(url, init ?? {});
  }) as typeof fetch;
  return { impl, calls };
}

const problem = (status: number, detail: string, errors?: Record<string, string[]>) =>
  new Response(JSON.stringify({ type: "about:blank", title: "x", status, detail, ...(errors ? { errors } : {}), traceId: "t-1" }), {
    status,
    headers: { "Content-Type": "application/problem+json" },
  });

const session = (token: string): TokenResponse => ({
  accessToken: token,
  tokenType: "Bearer",
  expiresIn: 900,
  user: { id: "u", email: "a@example.test", emailVerified: true, createdAt: "2026-11-23T00:00:00.000Z" },
  workspace: { id: "w", name: "W", plan: "free" },
  role: "Owner",
});

const auth = (init: RequestInit) => (init.headers as Record<string, string>)["Authorization"];

beforeEach(() => localStorage.clear());

describe("ApiClient errors", () => {
  test("a problem+json answer becomes an ApiError with its detail and field errors", async () => {
    const { impl } = fakeFetch(() => problem(400, "Signing up failed.", { email: ["An account with this email already exists."] }));
    const client = new ApiClient(impl);
    const err = await client.json("/api/auth/signup", { method: "POST", body: {}, anonymous: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const api = err as ApiError;
    expect(api.status).toBe(400);
    expect(api.message).toBe("Signing up failed.");
    expect(api.fieldErrors("email")).toEqual(["An account with this email already exists."]);
    expect(api.fieldErrors("password")).toEqual([]);
    expect(api.problem.traceId).toBe("t-1");
  });

  test("an answer that is not problem+json still gives a readable message", async () => {
    const { impl } = fakeFetch(() => new Response("<html>bad gateway</html>", { status: 502, statusText: "Bad Gateway" }));
    const err = (await new ApiClient(impl).json("/api/usage").catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(502);
    expect(err.message).toBe("The server answered 502 Bad Gateway.");
    expect(err.message).not.toContain("<html>");
  });

  test("a network failure is an ApiError with status 0", async () => {
    const { impl } = fakeFetch(() => {
      throw new TypeError("Failed to fetch");
    });
    const err = (await new ApiClient(impl).json("/api/usage").catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(0);
    expect(err.message).toMatch(/could not be reached \(Failed to fetch\)/);
  });

  test("JSON bodies are sent as JSON with the token; FormData is sent as it is", async () => {
    const { impl, calls } = fakeFetch(() => Response.json({ ok: true }));
    const client = new ApiClient(impl);
    client.setSession(session("tok-1"));
    await client.json("/api/api-keys", { method: "POST", body: { name: "ci" } });
    expect(calls[0]!.init.body).toBe('{"name":"ci"}');
    expect((calls[0]!.init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
    expect(auth(calls[0]!.init)).toBe("Bearer tok-1");
    const form = new FormData();
    form.set("output", "zip");
    await client.json("/api/x", { method: "POST", body: form });
    expect(calls[1]!.init.body).toBe(form);
    expect((calls[1]!.init.headers as Record<string, string>)["Content-Type"]).toBeUndefined();
  });
});

describe("ApiClient session renewal", () => {
  test("a 401 renews the token through the refresh cookie once and retries", async () => {
    const { impl, calls } = fakeFetch((url, init) => {
      if (url === "/api/auth/refresh") return Response.json(session("tok-2"));
      return auth(init) === "Bearer tok-2" ? Response.json({ ok: true }) : problem(401, "The access token has expired.");
    });
    const client = new ApiClient(impl);
    client.setSession(session("tok-1"));
    const seen: (string | null)[] = [];
    client.onSession((s) => seen.push(s?.accessToken ?? null));
    // Two calls at once share one refresh (refresh tokens are single-use).
    await Promise.all([client.json("/api/usage"), client.json("/api/api-keys")]);
    expect(calls.filter((c) => c.url === "/api/auth/refresh")).toHaveLength(1);
    expect(calls.find((c) => c.url === "/api/auth/refresh")!.init.credentials).toBe("same-origin");
    expect(client.accessToken).toBe("tok-2");
    expect(seen).toEqual(["tok-2"]);
  });

  test("when the refresh fails the session ends and the original 401 is thrown", async () => {
    const { impl } = fakeFetch((url) => (url === "/api/auth/refresh" ? problem(401, "The refresh token is not valid.") : problem(401, "Sign in again.")));
    const client = new ApiClient(impl);
    client.setSession(session("tok-1"));
    const ended: (TokenResponse | null)[] = [];
    client.onSession((s) => ended.push(s));
    const err = (await client.json("/api/usage").catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(401);
    expect(err.message).toBe("Sign in again.");
    expect(ended).toEqual([null]);
    expect(client.accessToken).toBeNull();
  });

  test("public calls never refresh, and a browser that never signed in sends no refresh", async () => {
    const { impl, calls } = fakeFetch(() => problem(401, "Wrong email or password."));
    const client = new ApiClient(impl);
    await expect(client.json("/api/auth/login", { method: "POST", body: {}, anonymous: true })).rejects.toThrow("Wrong email or password.");
    expect(await client.refresh()).toBeNull();
    expect(calls.map((c) => c.url)).toEqual(["/api/auth/login"]);
  });

  test("a browser leaving for a provider refreshes on its return, unless the sign-in came back failed", async () => {
    const { impl, calls } = fakeFetch(() => new Response(JSON.stringify(session("from-cookie")), { status: 200 }));
    const client = new ApiClient(impl);
    client.expectProviderSession();
    expect((await client.refresh())?.accessToken).toBe("from-cookie");
    expect(calls.map((c) => c.url)).toEqual(["/api/auth/refresh"]);
    // A session started in this browser is not dropped by a failed provider sign-in; a pending one is.
    client.abandonProviderSession();
    expect(await client.refresh()).not.toBeNull();
    client.setSession(null);
    client.expectProviderSession();
    client.abandonProviderSession();
    expect(await client.refresh()).toBeNull();
    expect(calls).toHaveLength(2);
  });
});
