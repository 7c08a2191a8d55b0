import { TestApp } from '@app/testing/test-app';
import { GoogleProvider } from '@app/testing/google-provider';
import { CHROMIUM, CHROMIUM_ARGS } from '@app/testing/console-browser';
import { existsSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Browser, chromium } from 'playwright-core';

/**
 * The Google sign-in in a real browser: headless Chromium (Debian's package) opens a small web app at
 * an allowed origin, clicks "Sign in with Google", goes through the local provider and back, and the
 * app's callback page trades the login_code for tokens (cross-origin, through CORS) and shows who is
 * signed in. This test never skips: without a browser it fails and says how to get one.
 */

/** The little web app: a sign-in page and a callback page, served from its own origin. */
function startWebApp(apiUrl: () => string): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const send = (html: string) =>
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(`<!doctype html>${html}`);
    if (path === '/') {
      // The page makes its PKCE pair with WebCrypto, keeps the verifier, and sends the challenge.
      const start = `${apiUrl()}/v1/auth/google?redirect_uri=${encodeURIComponent(`${origin}/callback`)}`;
      return send(`<title>Shop</title><a id="google" href="#">Sign in with Google</a>
<script>
(async () => {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const b64url = (buf) => btoa(String.fromCharCode(...new Uint8Array(buf))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  const verifier = b64url(bytes);
  const challenge = b64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  sessionStorage.setItem('pkce_verifier', verifier);
  document.getElementById('google').href = ${JSON.stringify(start)} + '&code_challenge=' + challenge + '&code_challenge_method=S256';
  document.getElementById('google').dataset.ready = '1';
})();
</script>`);
    }
    if (path === '/callback') {
      return send(`<title>Signing in…</title><p id="status">Signing in…</p><p id="email"></p>
<script>
(async () => {
  const api = ${JSON.stringify(apiUrl())};
  const params = new URLSearchParams(location.search);
  const code = params.get('login_code');
  history.replaceState(null, '', location.pathname); // the code is single use; keep it out of history
  const status = document.getElementById('status');
  if (!code) { status.textContent = 'error: ' + (params.get('error') || 'no code'); return; }
  const exchange = await fetch(api + '/v1/auth/login/exchange', {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ login_code: code, code_verifier: sessionStorage.getItem('pkce_verifier') }),
  });
  if (!exchange.ok) { status.textContent = 'exchange failed: ' + exchange.status; return; }
  const pair = await exchange.json();
  const me = await fetch(api + '/v1/auth/me', { headers: { Authorization: 'Bearer ' + pair.access_token } });
  if (!me.ok) { status.textContent = 'me failed: ' + me.status; return; }
  const account = await me.json();
  status.textContent = 'Signed in';
  document.getElementById('email').textContent = account.email;
})().catch((e) => { document.getElementById('status').textContent = 'error: ' + e.message; });
</script>`);
    }
    res.writeHead(404).end();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

describe('Google sign-in in a real browser', () => {
  let t: TestApp;
  let google: GoogleProvider;
  let web: { server: Server; origin: string };
  let browser: Browser;

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(
        `Chromium is not installed at ${CHROMIUM}: install Debian's package (apt-get install -y chromium). ` +
          'The real-browser sign-in test does not skip.',
      );
    }
    google = await GoogleProvider.start();
    web = await startWebApp(() => t.config.publicUrl);
    t = await TestApp.start({
      env: { ...google.env, AUTH_REDIRECT_ORIGINS: web.origin, CORS_ORIGINS: web.origin },
    });
    try {
      browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 30_000 });
    } catch (error) {
      throw new Error(`Chromium at ${CHROMIUM} could not be launched: ${(error as Error).message}`);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await google?.stop();
    await new Promise((resolve) => web?.server.close(resolve));
  });

  it('clicks "Sign in with Google" and ends on the app, signed in, with the e-mail shown', async () => {
    google.next = { sub: 'browser-user-1', email: 'Browser.User@Example.com', email_verified: true };
    const context = await browser.newContext();
    const page = await context.newPage();
    const visited: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) visited.push(request.url());
    });

    await page.goto(`${web.origin}/`);
    await page.locator('#google[data-ready="1"]').waitFor();
    await page.getByText('Sign in with Google').click();
    await page.waitForURL(`${web.origin}/callback`);
    await page
      .locator('#status')
      .filter({ hasText: /Signed in|failed|error/ })
      .waitFor({ timeout: 15_000 });

    expect(await page.locator('#status').textContent()).toBe('Signed in');
    expect(await page.locator('#email').textContent()).toBe('browser.user@example.com');
    // The browser went through the API's start, the provider and the API's callback, in that order,
    // and no URL it visited carried a token.
    const api = t.config.publicUrl;
    const path = visited.map((url) => {
      if (url.startsWith(`${api}/v1/auth/google/callback`)) return 'callback';
      if (url.startsWith(`${api}/v1/auth/google`)) return 'start';
      if (url.startsWith(google.url)) return 'provider';
      if (url.startsWith(`${web.origin}/callback`)) return 'app-callback';
      return url.startsWith(web.origin) ? 'app' : url;
    });
    expect(path).toEqual(['app', 'start', 'provider', 'callback', 'app-callback']);
    for (const url of visited) expect(url).not.toMatch(/access_token|refresh_token|sfr_|eyJ/);
    // The binding cookie is HttpOnly and scoped to the sign-in routes.
    const cookies = await context.cookies(`${api}/v1/auth/google`);
    expect(cookies).toEqual([
      expect.objectContaining({
        name: 'sf_social_binding',
        httpOnly: true,
        sameSite: 'Lax',
        path: '/v1/auth',
      }),
    ]);
    await context.close();
  });
});
