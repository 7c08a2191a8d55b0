import { pkcePair } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { exchange } from './social-providers';
import { GoogleProvider } from '@app/testing/google-provider';
import { Hop, RedirectClient } from '@app/testing/redirect-client';
import { DataSource } from 'typeorm';

/**
 * Google sign-in end to end over HTTP: the service, a real local OpenID provider (oauth2-mock-server)
 * and a cookie-keeping client that follows each redirect by hand.
 */
/** The page's PKCE pair: every start with a redirect_uri sends its challenge, every exchange its verifier. */
const PKCE = pkcePair();
const APP_ORIGIN = 'https://app.example.com';
const PROBLEM = /application\/problem\+json/;

describe('Google sign-in', () => {
  let t: TestApp;
  let google: GoogleProvider;
  let seq = 0;

  beforeAll(async () => {
    google = await GoogleProvider.start();
    t = await TestApp.start({ env: { ...google.env, AUTH_REDIRECT_ORIGINS: APP_ORIGIN } });
  });
  afterAll(async () => {
    await t?.close();
    await google?.stop();
  });
  beforeEach(() => {
    google.deny = false;
    google.failTokenExchange = false;
  });

  const api = (path: string) => t.config.publicUrl + path;
  const atApp = (url: string) => url.startsWith(APP_ORIGIN);
  const newUser = (email: string, verified: boolean | string = true) => ({
    sub: `google-${++seq}-${Date.now()}`,
    email,
    email_verified: verified,
  });

  /** Start → Google → callback, following every redirect; stops before the app's redirect_uri. */
  async function flow(user: GoogleProvider['next'], query = '', client = new RedirectClient()) {
    google.next = user;
    const hops = await client.follow(api(`/v1/auth/google${query}`), atApp);
    return { hops, last: hops[hops.length - 1], client };
  }

  /** Start → Google, stopping before the callback: the callback URL as the provider sent it. */
  async function callbackUrl(user: GoogleProvider['next'], query = '', client = new RedirectClient()) {
    google.next = user;
    const hops = await client.follow(api(`/v1/auth/google${query}`), (url) => url.includes('/callback'));
    return { url: hops[hops.length - 1].location!, client };
  }

  function expectProblem(hop: Hop, status: number, code: string) {
    expect({ status: hop.status, code: hop.body?.code }).toEqual({ status, code });
    expect(hop.headers.get('content-type')).toMatch(PROBLEM);
    expect(hop.text).not.toContain('access_token');
    expect(hop.location).toBeNull();
  }

  it('walks start → Google → callback → token pair → /me, with state, PKCE (S256) and a bound browser', async () => {
    const user = newUser('grace@example.com');
    const { hops, last } = await flow(user);

    const [start, authorize, callback] = hops;
    expect(hops).toHaveLength(3);
    expect(start.status).toBe(302);
    expect(start.headers.get('cache-control')).toBe('no-store');
    const cookie = start.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^sf_social_binding=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const to = new URL(start.location!);
    expect(to.origin + to.pathname).toBe(`${google.url}/authorize`);
    expect(to.searchParams.get('client_id')).toBe(google.clientId);
    expect(to.searchParams.get('response_type')).toBe('code');
    expect(to.searchParams.get('redirect_uri')).toBe(api('/v1/auth/google/callback'));
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(to.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{32}\.[A-Za-z0-9_-]{43}$/);
    expect(to.searchParams.get('scope')).toContain('email');
    expect(authorize.status).toBe(302);
    expect(authorize.location).toContain('/v1/auth/google/callback?');

    expect(callback.status).toBe(200);
    expect(callback.headers.get('cache-control')).toBe('no-store');
    expect(last.body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.stringMatching(/^sfr_/),
      token_type: 'Bearer',
      expires_in: 900,
      session_id: expect.any(String),
    });
    // The verifier reached Google's token endpoint (which checks it against the challenge).
    const tokenRequest = google.tokenRequests[google.tokenRequests.length - 1];
    expect(tokenRequest.code_verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await t.get('/v1/auth/me', { token: last.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'grace@example.com', providers: ['google'] });
    const sessions = await t.get('/v1/auth/sessions', { token: last.body.access_token });
    expect(sessions.body).toEqual([expect.objectContaining({ method: 'google', current: true })]);
    // The pair is a real one: it refreshes.
    const refreshed = await t.post('/v1/auth/refresh', { refresh_token: last.body.refresh_token });
    expect(refreshed.status).toBe(200);
  });

  it('maps the same Google identity to the same account, even after its e-mail changed at Google', async () => {
    const user = newUser('linus@example.com');
    const first = (await flow(user)).last;
    const firstMe = await t.get('/v1/auth/me', { token: first.body.access_token });
    const again = (await flow({ ...user, email: 'linus.new@example.com' })).last;
    expect(again.status).toBe(200);
    const againMe = await t.get('/v1/auth/me', { token: again.body.access_token });
    expect(againMe.body.id).toBe(firstMe.body.id);
    expect(againMe.body.email).toBe('linus@example.com');
  });

  it('links Google to an existing e-mail (OTP) account with the same verified address', async () => {
    const otp = await t.signIn('ada@example.com');
    const before = await t.get('/v1/auth/me', { token: otp.access_token });
    expect(before.body.providers).toEqual(['otp']);

    const { last } = await flow(newUser('  Ada@Example.COM ')); // normalised like every e-mail
    expect(last.status).toBe(200);
    const after = await t.get('/v1/auth/me', { token: last.body.access_token });
    expect(after.body.id).toBe(before.body.id);
    expect(after.body.providers).toEqual(['otp', 'google']);
    // The OTP session sees it too, and both sessions are listed with their method.
    const sessions = await t.get('/v1/auth/sessions', { token: otp.access_token });
    expect(sessions.body.map((s: { method: string }) => s.method).sort()).toEqual(['google', 'otp']);
  });

  it('refuses an unverified or absent e-mail with 403 email_not_verified, and never links it', async () => {
    const victim = await t.signIn('victim@example.com');
    for (const user of [
      newUser('victim@example.com', false),
      newUser('victim@example.com', 'false'),
      { sub: `google-noemail-${++seq}` },
    ]) {
      const { last } = await flow(user);
      expectProblem(last, 403, 'email_not_verified');
    }
    const me = await t.get('/v1/auth/me', { token: victim.access_token });
    expect(me.body.providers).toEqual(['otp']);
    // A new identity with an unverified address creates no account either.
    const { last } = await flow(newUser('nobody-yet@example.com', false));
    expectProblem(last, 403, 'email_not_verified');
    const rows = await t.app
      .get(DataSource)
      .query(`SELECT 1 FROM accounts WHERE email = 'nobody-yet@example.com'`);
    expect(rows).toHaveLength(0);
  });

  describe('state', () => {
    it('refuses a tampered state (signature or random part) with 400 and no tokens', async () => {
      for (const tamper of [
        (s: string) => s.slice(0, -1) + (s.endsWith('A') ? 'B' : 'A'),
        (s: string) => (s.startsWith('A') ? 'B' : 'A') + s.slice(1),
        (s: string) => s + 'x',
        () => 'not-a-state',
      ]) {
        const { url, client } = await callbackUrl(newUser('tamper@example.com'));
        const forged = new URL(url);
        forged.searchParams.set('state', tamper(forged.searchParams.get('state')!));
        expectProblem(await client.get(forged.href), 400, 'invalid_state');
      }
    });

    it('refuses a missing state with 400, and a bare callback never becomes a new redirect', async () => {
      const { url, client } = await callbackUrl(newUser('missing@example.com'));
      const stripped = new URL(url);
      stripped.searchParams.delete('state');
      expectProblem(await client.get(stripped.href), 400, 'invalid_state');
      expectProblem(await client.get(api('/v1/auth/google/callback')), 400, 'invalid_state');
      const repeated = new URL(url);
      repeated.searchParams.append('state', repeated.searchParams.get('state')!);
      expectProblem(await client.get(repeated.href), 400, 'invalid_state');
    });

    it('is single use: a replayed callback is 400', async () => {
      const { url, client } = await callbackUrl(newUser('replay@example.com'));
      const first = await client.get(url);
      expect(first.status).toBe(200);
      expectProblem(await client.get(url), 400, 'invalid_state');
    });

    it('is single use under concurrency: of 5 parallel callbacks with one state, one signs in', async () => {
      const { url, client } = await callbackUrl(newUser('race@example.com'));
      const results = await Promise.all(Array.from({ length: 5 }, () => client.get(url)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400]);
    });

    it('expires: a state older than its lifetime is 400', async () => {
      const { url, client } = await callbackUrl(newUser('late@example.com'));
      await t.app
        .get(DataSource)
        .query(`UPDATE social_login_states SET expires_at = now() - interval '1 second'`);
      expectProblem(await client.get(url), 400, 'invalid_state');
    });

    it('is bound to the browser that started: the same callback from another browser is 400', async () => {
      const { url, client } = await callbackUrl(newUser('csrf@example.com'));
      // A victim's browser (no binding cookie, or its own) is sent the attacker's callback URL.
      expectProblem(await new RedirectClient().get(url), 400, 'invalid_state');
      const victim = new RedirectClient();
      await victim.get(api('/v1/auth/google')); // the victim has a binding cookie of its own
      expectProblem(await victim.get(url), 400, 'invalid_state');
      // Refusing a foreign browser does not burn the state for the browser it belongs to.
      expect((await client.get(url)).status).toBe(200);
    });
  });

  describe('redirect_uri and login codes', () => {
    it('redirects with a single-use login_code (never a token in a URL), exchanged for a token pair', async () => {
      const { hops, last } = await flow(
        newUser('mobile@example.com'),
        `?redirect_uri=${encodeURIComponent(`${APP_ORIGIN}/auth/done?from=test`)}${PKCE.query}`,
      );
      expect(last.status).toBe(302);
      expect(last.headers.get('cache-control')).toBe('no-store');
      const landing = new URL(last.location!);
      expect(landing.origin + landing.pathname).toBe(`${APP_ORIGIN}/auth/done`);
      expect(landing.searchParams.get('from')).toBe('test');
      const code = landing.searchParams.get('login_code')!;
      expect(code).toMatch(/^sfl_[A-Za-z0-9_-]{43}$/);
      // No URL of the whole chain carries a token; the redirect_uri never appears at the provider.
      for (const hop of hops) {
        expect(`${hop.url} ${hop.location}`).not.toMatch(/access_token|refresh_token|sfr_|eyJ/);
        if (hop.url.startsWith(google.url)) expect(hop.url).not.toContain('app.example.com');
      }

      const exchanged = await exchange(t, code, PKCE.verifier);
      expect(exchanged.status).toBe(200);
      expect(exchanged.headers.get('cache-control')).toBe('no-store');
      expect(exchanged.body).toMatchObject({
        token_type: 'Bearer',
        refresh_token: expect.stringMatching(/^sfr_/),
      });
      const me = await t.get('/v1/auth/me', { token: exchanged.body.access_token });
      expect(me.body).toMatchObject({ email: 'mobile@example.com', providers: ['google'] });
      const sessions = await t.get('/v1/auth/sessions', { token: exchanged.body.access_token });
      expect(sessions.body[0].method).toBe('google');

      const again = await exchange(t, code, PKCE.verifier);
      expect(again.status).toBe(401);
      expect(again.body.code).toBe('invalid_token');
      expect(again.text).not.toContain('access_token');
    });

    it('exchanges a login code once under concurrency', async () => {
      const { last } = await flow(
        newUser('race-code@example.com'),
        `?redirect_uri=${encodeURIComponent(`${APP_ORIGIN}/cb`)}${PKCE.query}`,
      );
      const code = new URL(last.location!).searchParams.get('login_code')!;
      const results = await Promise.all(Array.from({ length: 5 }, () => exchange(t, code, PKCE.verifier)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401, 401, 401]);
    });

    it('refuses unknown, malformed and expired login codes with 401 invalid_token', async () => {
      for (const login_code of ['sfl_' + 'A'.repeat(43), 'nonsense']) {
        const r = await t.post('/v1/auth/login/exchange', { login_code, code_verifier: PKCE.verifier });
        expect({ status: r.status, code: r.body.code }).toEqual({ status: 401, code: 'invalid_token' });
      }
      const { last } = await flow(
        newUser('slow@example.com'),
        `?redirect_uri=${encodeURIComponent(`${APP_ORIGIN}/cb`)}${PKCE.query}`,
      );
      const code = new URL(last.location!).searchParams.get('login_code')!;
      await t.app.get(DataSource).query(`UPDATE login_codes SET expires_at = now() - interval '1 second'`);
      const late = await exchange(t, code, PKCE.verifier);
      expect({ status: late.status, code: late.body.code }).toEqual({ status: 401, code: 'invalid_token' });
      // Bad bodies are validation failures, not 500s.
      expect((await t.post('/v1/auth/login/exchange', {})).status).toBe(400);
      expect((await t.post('/v1/auth/login/exchange', { login_code: 5 })).status).toBe(400);
      const extra = await t.post('/v1/auth/login/exchange', {
        login_code: code,
        code_verifier: PKCE.verifier,
        more: 1,
      });
      expect(extra.body.code).toBe('validation_failed');
    });

    it.each([
      'https://evil.example.com/cb',
      'https://app.example.com.evil.com/cb',
      'https://app.example.com@evil.com/cb',
      'http://app.example.com/cb',
      'https://app.example.com:444/cb',
      'javascript:alert(1)',
      '/relative',
    ])('refuses redirect_uri %s at the start with 400 invalid_redirect_uri', async (uri) => {
      const client = new RedirectClient();
      const start = await client.get(api(`/v1/auth/google?redirect_uri=${encodeURIComponent(uri)}`));
      expectProblem(start, 400, 'invalid_redirect_uri');
      expect(start.headers.get('set-cookie')).toBeNull();
    });

    it('refuses unknown or repeated start parameters with 400 validation_failed', async () => {
      const client = new RedirectClient();
      expectProblem(
        await client.get(api('/v1/auth/google?next=https://evil.example.com')),
        400,
        'validation_failed',
      );
      const twice = `redirect_uri=${encodeURIComponent(`${APP_ORIGIN}/a`)}`;
      expectProblem(await client.get(api(`/v1/auth/google?${twice}&${twice}`)), 400, 'validation_failed');
    });
  });

  describe('provider errors', () => {
    it('answers a denial at Google with 401 access_denied, or a redirect with error=access_denied', async () => {
      google.deny = true;
      const plain = await flow(newUser('deny@example.com'));
      expectProblem(plain.last, 401, 'access_denied');

      const redirected = await flow(
        newUser('deny@example.com'),
        `?redirect_uri=${encodeURIComponent(`${APP_ORIGIN}/cb`)}${PKCE.query}`,
      );
      const landing = new URL(redirected.last.location!);
      expect(landing.origin + landing.pathname).toBe(`${APP_ORIGIN}/cb`);
      expect(landing.searchParams.get('error')).toBe('access_denied');
      expect(landing.searchParams.get('login_code')).toBeNull();
    });

    it('a denial still needs a valid state: forged state with error is 400', async () => {
      google.deny = true;
      const { url, client } = await callbackUrl(newUser('deny2@example.com'));
      const forged = new URL(url);
      forged.searchParams.set('state', 'x');
      expectProblem(await client.get(forged.href), 400, 'invalid_state');
    });

    it('answers a failed code exchange with 401 provider_error, or a redirect with error=access_denied', async () => {
      google.failTokenExchange = true;
      const plain = await flow(newUser('broken@example.com'));
      expectProblem(plain.last, 401, 'provider_error');

      const redirected = await flow(
        newUser('broken@example.com'),
        `?redirect_uri=${encodeURIComponent(`${APP_ORIGIN}/cb`)}${PKCE.query}`,
      );
      expect(new URL(redirected.last.location!).searchParams.get('error')).toBe('access_denied');
    });
  });

  it('answers 404 provider_not_configured for GitHub, which this server has no credentials for', async () => {
    const client = new RedirectClient();
    for (const path of ['/v1/auth/github', '/v1/auth/github/callback?code=x&state=y']) {
      expectProblem(await client.get(api(path)), 404, 'provider_not_configured');
    }
  });

  it('documents the routes in OpenAPI', async () => {
    const doc = await t.get('/docs/openapi.json');
    for (const path of [
      '/v1/auth/google',
      '/v1/auth/google/callback',
      '/v1/auth/github',
      '/v1/auth/github/callback',
    ]) {
      expect(doc.body.paths[path]?.get).toBeDefined();
    }
    expect(doc.body.paths['/v1/auth/login/exchange']?.post).toBeDefined();
  });
});
