export interface Hop {
  url: string;
  status: number;
  location: string | null;
  headers: Headers;
  text: string;
  body: any;
}

/**
 * A browser-less client for redirect flows: one request at a time with `redirect: 'manual'`, a cookie
 * jar per host (name=value only; enough for HttpOnly/SameSite=Lax cookies on loopback), and a `follow`
 * that walks Location headers until a non-redirect answer or a URL the caller wants to stop at.
 */
export class RedirectClient {
  private readonly jar = new Map<string, Map<string, string>>();

  async get(url: string): Promise<Hop> {
    const target = new URL(url);
    const cookies = this.jar.get(target.host);
    const headers: Record<string, string> = { 'user-agent': 'redirect-client/1.0' };
    if (cookies?.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(url, { redirect: 'manual', headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      if (index <= 0) continue;
      if (!this.jar.has(target.host)) this.jar.set(target.host, new Map());
      this.jar.get(target.host)!.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
    const text = await response.text();
    const location = response.headers.get('location');
    let body: unknown = text;
    if (/json/.test(response.headers.get('content-type') ?? '') && text) body = JSON.parse(text);
    return {
      url,
      status: response.status,
      location: location ? new URL(location, url).href : null,
      headers: response.headers,
      text,
      body,
    };
  }

  /** Follows redirects from `url`; stops before requesting a URL for which `stopAt` is true. */
  async follow(url: string, stopAt: (url: string) => boolean = () => false, maxHops = 10): Promise<Hop[]> {
    const hops: Hop[] = [];
    let next: string | null = url;
    while (next && hops.length < maxHops) {
      const hop = await this.get(next);
      hops.push(hop);
      next = hop.status >= 300 && hop.status < 400 ? hop.location : null;
      if (next && stopAt(next)) break;
    }
    return hops;
  }

  cookie(host: string, name: string): string | undefined {
    return this.jar.get(host)?.get(name);
  }

  clearCookies(): void {
    this.jar.clear();
  }
}
