// A browser for the provider's side of a sign-in: follows redirects with a cookie jar and fills in the
// development login and consent forms of oidc-provider, until the provider sends it back to docsvc.

/** What the user does on the provider's pages. */
export interface ProviderVisit {
  /** The login name to sign in as. */
  readonly login: string;
  /** Press Cancel instead of signing in. */
  readonly cancel?: boolean;
}

/** A cookie jar for one host (the provider). */
export class ProviderBrowser {
  private readonly cookies = new Map<string, string>();

  /** Walks from `url` until a redirect leaves for `callbackPrefix`; answers that callback URL. */
  async visit(url: string | URL, callbackPrefix: string, visit: ProviderVisit): Promise<URL> {
    let next: { url: URL; body?: URLSearchParams } = { url: new URL(url) };
    for (let step = 0; step < 20; step++) {
      const res = await fetch(next.url, {
        method: next.body ? "POST" : "GET",
        redirect: "manual",
        headers: { cookie: this.cookieHeader(), ...(next.body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
        ...(next.body ? { body: next.body.toString() } : {}),
      });
      this.keep(res.headers);
      const location = res.headers.get("location");
      if (res.status >= 300 && res.status < 400 && location !== null) {
        const target = new URL(location, next.url);
        await res.arrayBuffer();
        if (target.href.startsWith(callbackPrefix)) return target;
        next = { url: target };
        continue;
      }
      const html = await res.text();
      if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 300)}`);
      next = this.fillIn(html, next.url, visit);
    }
    throw new Error("the provider never sent the browser back");
  }

  private fillIn(html: string, page: URL, visit: ProviderVisit): { url: URL; body?: URLSearchParams } {
    if (visit.cancel) {
      const cancel = /<a href="([^"]+)">\[ Cancel \]<\/a>/.exec(html)?.[1];
      if (cancel === undefined) throw new Error("no Cancel link on the provider's page");
      return { url: new URL(decodeHtml(cancel), page) };
    }
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (action === undefined || prompt === undefined) throw new Error(`no form on the provider's page: ${html.slice(0, 300)}`);
    const body = new URLSearchParams({ prompt });
    if (prompt === "login") {
      body.set("login", visit.login);
      body.set("password", "any password");
    }
    return { url: new URL(decodeHtml(action), page), body };
  }

  private keep(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

function decodeHtml(html: string): string {
  return html.replace(/&amp;/g, "&").replace(/&#x2F;/g, "/").replace(/&#x3D;/g, "=").replace(/&quot;/g, '"');
}
