// The HTTP client: the access token lives in memory only; a 401 renews it once through the refresh cookie
// (HttpOnly, Path /api/auth) and retries, so a reload or an expired token never signs the user out.
import { errorFromResponse, networkError } from "./errors";
import type { TokenResponse } from "./types";

type Listener = (session: TokenResponse | null) => void;

// The refresh cookie is HttpOnly, so the page cannot see it; this flag remembers that a session was started
// in this browser, so a visitor who never signed in is not sent a refresh that can only answer 401.
// A sign-in through a provider ends on a page load with only the cookie, so it sets the flag to "provider"
// before leaving: the refresh is then tried, unless the provider's sign-in came back with an error.
const SIGNED_IN_FLAG = "docsvc:signed-in";
type Flag = "1" | "provider";

function flag(on?: boolean | Flag): boolean {
  try {
    if (on === true) localStorage.setItem(SIGNED_IN_FLAG, "1");
    else if (on === false) localStorage.removeItem(SIGNED_IN_FLAG);
    else if (on !== undefined) localStorage.setItem(SIGNED_IN_FLAG, on);
    const value = localStorage.getItem(SIGNED_IN_FLAG);
    return value === "1" || value === "provider";
  } catch {
    return true;
  }
}

function providerPending(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_FLAG) === "provider";
  } catch {
    return false;
  }
}

/**
 * Refresh tokens are single-use and a reused one ends the session, so two tabs must not refresh with the
 * same cookie: the Web Locks API makes them take turns (the second sends the cookie the first received).
 */
function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  return locks ? (locks.request("docsvc-refresh", work) as Promise<T>) : work();
}

/** What one call takes. */
export interface RequestOptions {
  readonly method?: string;
  /** JSON-encoded unless it is FormData. */
  readonly body?: unknown;
  readonly query?: Readonly<Record<string, string | number | undefined>>;
  /** Public endpoints send no token and never refresh. */
  readonly anonymous?: boolean;
  readonly signal?: AbortSignal;
}

/** The client; one instance per app (tests make their own with a fake fetch). */
export class ApiClient {
  private token: string | null = null;
  private refreshing: Promise<TokenResponse | null> | null = null;
  private readonly listeners = new Set<Listener>();

  constructor(
    private readonly fetchImpl: typeof fetch = (input, init) => fetch(input, init),
    private readonly baseUrl = "",
  ) {}

  /** The current access token (for the curl example and the hub). */
  get accessToken(): string | null {
    return this.token;
  }

  /** Called with each new session (login, refresh, switch) and with null on sign-out or a failed refresh. */
  onSession(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Adopts the session from a token response (login, signup, accept, switch). */
  setSession(session: TokenResponse | null): void {
    this.token = session?.accessToken ?? null;
    flag(session !== null);
    for (const l of this.listeners) l(session);
  }

  /** Called before the browser leaves to sign in with a provider: the page it comes back to refreshes. */
  expectProviderSession(): void {
    if (!flag()) flag("provider");
  }

  /** Called when a provider's sign-in came back failed: no cookie was set, so no refresh is sent. */
  abandonProviderSession(): void {
    if (providerPending()) flag(false);
  }

  /** Renews the access token through the refresh cookie; null when there is no live session. Concurrent callers share one request. */
  refresh(): Promise<TokenResponse | null> {
    this.refreshing ??= (async () => {
      try {
        if (!flag()) {
          this.setSession(null);
          return null;
        }
        const res = await oneTabAtATime(() => this.send("POST", "/api/auth/refresh", {}, false));
        if (!res.ok) {
          this.setSession(null);
          return null;
        }
        const session = (await res.json()) as TokenResponse;
        this.setSession(session);
        return session;
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  /** A JSON call; throws ApiError with the problem body on failure. */
  async json<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const res = await this.request(path, options);
    if (res.status === 204) return undefined as T;
    return (await res.json()) as T;
  }

  /** A call whose answer is bytes (PDF, ZIP), with the response for its headers. */
  async blob(path: string, options: RequestOptions = {}): Promise<{ blob: Blob; response: Response }> {
    const res = await this.request(path, options);
    return { blob: await res.blob(), response: res };
  }

  /** The raw successful response; throws ApiError otherwise. */
  async request(path: string, options: RequestOptions = {}): Promise<Response> {
    const method = options.method ?? "GET";
    const url = withQuery(path, options.query);
    const anonymous = options.anonymous ?? false;
    let res = await this.send(method, url, options, !anonymous);
    if (res.status === 401 && !anonymous) {
      const renewed = await this.refresh();
      if (renewed !== null) res = await this.send(method, url, options, true);
    }
    if (!res.ok) throw await errorFromResponse(res);
    return res;
  }

  private async send(method: string, url: string, options: RequestOptions, withToken: boolean): Promise<Response> {
    const headers: Record<string, string> = { Accept: "application/json, application/problem+json, */*" };
    if (withToken && this.token !== null) headers["Authorization"] = `Bearer ${this.token}`;
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["Content-Type"] = "application/json";
    }
    try {
      return await this.fetchImpl(this.baseUrl + url, {
        method,
        headers,
        credentials: "same-origin",
        ...(body !== undefined ? { body } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (err) {
      if (err instanceof DOMException && err.name === "AbortError") throw err;
      throw networkError(err);
    }
  }
}

function withQuery(path: string, query: RequestOptions["query"]): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== "") params.set(k, String(v));
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}

/** The app's client. */
export const api = new ApiClient();
