// Provider sign-in on the log-in page: the buttons appear only for a server that has providers configured,
// and a failed sign-in's ?error=&message= is shown as an alert.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { oauth } from "../../src/api/endpoints";
import { ProviderFailure, ProviderSignIn, returnPath } from "../../src/pages/auth/ProviderSignIn";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A fake server: the OpenAPI document (with or without the providers path) and the provider list. */
function serve(hasEndpoint: boolean, providers: unknown): string[] {
  const asked: string[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    if (url === "/openapi/v1.json") return json({ paths: hasEndpoint ? { "/api/auth/oauth/providers": {} } : {} });
    if (url === "/api/auth/oauth/providers") return json(providers);
    return new Response("{}", { status: 404 });
  });
  return asked;
}

function renderButtons() {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <p>page</p>
      <ProviderSignIn redirect="/login?next=%2Ftemplates" />
    </QueryClientProvider>,
  );
  return client;
}

describe("provider buttons", () => {
  test("one “Continue with” button per configured provider", async () => {
    serve(true, [{ id: "github", label: "GitHub" }, { id: "keycloak", label: "Company SSO" }]);
    renderButtons();
    expect(await screen.findByRole("button", { name: "Continue with GitHub" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Continue with Company SSO" })).toBeTruthy();
  });

  test("hidden when no provider is configured", async () => {
    const asked = serve(true, []);
    const client = renderButtons();
    await vi.waitFor(() => expect(client.getQueryState(["oauth-providers"])?.status).toBe("success"));
    expect(asked).toContain("/api/auth/oauth/providers");
    expect(screen.queryByRole("button")).toBeNull();
  });

  test("hidden, and never asked for, when the server has no providers endpoint", async () => {
    const asked = serve(false, [{ id: "github", label: "GitHub" }]);
    const client = renderButtons();
    await vi.waitFor(() => expect(client.getQueryState(["capabilities"])?.status).toBe("success"));
    expect(asked).toEqual(["/openapi/v1.json"]);
    expect(screen.queryByRole("button")).toBeNull();
  });

  test("the start URL returns to the page the user came from, remembering where they were going", () => {
    const back = returnPath("/login", new URLSearchParams("next=/templates/abc&error=access_denied"));
    expect(back).toBe("/login?next=%2Ftemplates%2Fabc");
    expect(oauth.startUrl("github", back)).toBe("/api/auth/oauth/github/start?redirect=%2Flogin%3Fnext%3D%252Ftemplates%252Fabc");
  });
});

describe("a failed provider sign-in", () => {
  test("is shown as an alert with the server's message", () => {
    render(<ProviderFailure params={new URLSearchParams("error=email_unverified&message=Verify+your+address+at+the+provider.")} />);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("The provider has not verified your email address.");
    expect(alert.textContent).toContain("Verify your address at the provider.");
  });

  test("an unknown code still reads as a failure; no alert without ?error=", () => {
    render(<ProviderFailure params={new URLSearchParams("error=something_new")} />);
    expect(screen.getByRole("alert").textContent).toBe("Signing in with the provider did not work.");
    cleanup();
    render(<ProviderFailure params={new URLSearchParams("next=/templates")} />);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
