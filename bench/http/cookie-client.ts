// A minimal browser stand-in for signing in over HTTP: a cookie jar (everything runs on
// 127.0.0.1, and cookies are not port-scoped, so one jar serves the app and the IdP) and fetch
// that follows redirects itself so every Set-Cookie along the way is kept.
export class CookieClient {
  private readonly jar = new Map<string, string>();

  cookieHeader(names?: string[]): string {
    return [...this.jar].filter(([n]) => !names || names.includes(n)).map(([n, v]) => `${n}=${v}`).join('; ');
  }

  get(name: string) {
    return this.jar.get(name);
  }

  set(name: string, value: string) {
    this.jar.set(name, value);
  }

  private keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]) < Date.now()));
      if (expired || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  /** One request, no redirect following. */
  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader();
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.keep(response);
    return response;
  }

  /** Follows redirects (GET after 302/303, as browsers do) and returns the last response. */
  async follow(url: string, init: RequestInit = {}, maxHops = 15): Promise<{ response: Response; url: string }> {
    let current = url;
    let next: RequestInit = init;
    for (let hop = 0; hop < maxHops; hop++) {
      const response = await this.request(current, next);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { response, url: current };
      await response.arrayBuffer();
      current = new URL(location, current).href;
      next = response.status === 307 || response.status === 308 ? next : {};
    }
    throw new Error(`too many redirects from ${url}`);
  }
}
