import { pkcePair } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { GithubImitation, GithubUser } from '@app/testing/github-imitation';
import { GoogleProvider } from '@app/testing/google-provider';
import { Hop, RedirectClient } from '@app/testing/redirect-client';
import { exchange, withSocialProviders } from './social-providers';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Social sign-in as an attacker tries it: login codes bound to the page that started the sign-in (PKCE
 * toward us), PKCE toward GitHub, providers that never answer, and providers that answer garbage.
 */
const APP_ORIGIN = 'http://app.localhost:5173';
const atApp = (url: string) => url.startsWith(APP_ORIGIN);

/** A local HTTP server that answers each request with whatever `handler` says (or never, for 'hang'). */
async function scriptedServer(
  handler: (req: IncomingMessage) => { status?: number; contentType?: string; body: string } | 'hang',
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const answer = handler(req);
    if (answer === 'hang') return;
    res.writeHead(answer.status ?? 200, { 'Content-Type': answer.contentType ?? 'application/json' });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function expectProblem(hop: Hop, status: number, code: string) {
  expect({ status: hop.status, code: hop.body?.code }).toEqual({ status, code });
  expect(hop.headers.get('content-type')).toMatch(/application\/problem\+json/);
  expect(hop.text).not.toContain('access_token');
}

describe('social sign-in: PKCE and misbehaving providers', () => {
  let t: TestApp;
  let github: GithubImitation;
  let google: GoogleProvider;
  let nextId = 9000;

  const providers = withSocialProviders(APP_ORIGIN);
  beforeAll(() => ({ t, github, google } = providers));
  beforeEach(() => github.overrides.clear());

  const api = (path: string) => t.config.publicUrl + path;
  const ghUser = (): GithubUser => ({
    id: ++nextId,
    login: `u${nextId}`,
    emails: [{ email: `u${nextId}@example.com`, primary: true, verified: true }],
  });
  const redirect = (path = '/cb') => `?redirect_uri=${encodeURIComponent(`${APP_ORIGIN}${path}`)}`;

  async function loginCode(provider: 'github' | 'google', challengeQuery: string): Promise<string> {
    if (provider === 'github') github.next = ghUser();
    else google.next = { sub: `g-${++nextId}`, email: `g${nextId}@example.com`, email_verified: true };
    const hops = await new RedirectClient().follow(
      api(`/v1/auth/${provider}${redirect()}${challengeQuery}`),
      atApp,
    );
    const last = hops[hops.length - 1];
    expect(last.status).toBe(302);
    const code = new URL(last.location!).searchParams.get('login_code');
    expect(code).toMatch(/^sfl_/);
    return code!;
  }

  describe('login codes bound to the page that asked (PKCE)', () => {
    it.each([
      ['no code_challenge', ''],
      ['no code_challenge_method', `&code_challenge=${pkcePair().challenge}`],
      ['the plain method', `&code_challenge=${pkcePair().challenge}&code_challenge_method=plain`],
      ['a malformed challenge', '&code_challenge=short&code_challenge_method=S256'],
    ])('refuses a start with redirect_uri and %s with 400', async (_name, extra) => {
      const start = await new RedirectClient().get(api(`/v1/auth/google${redirect()}${extra}`));
      expectProblem(start, 400, 'validation_failed');
      expect(start.location).toBeNull();
      expect(start.body.errors[0].field).toMatch(/^code_challenge/);
    });

    it('sends the challenge nowhere but into the state: the provider never sees the page’s challenge', async () => {
      const pkce = pkcePair();
      google.next = { sub: `g-${++nextId}`, email: `g${nextId}@example.com`, email_verified: true };
      const hops = await new RedirectClient().follow(api(`/v1/auth/google${redirect()}${pkce.query}`), atApp);
      const atProvider = hops.find((h) => h.url.startsWith(google.url))!;
      expect(atProvider.url).not.toContain(pkce.challenge);
    });

    it('exchanges a code only with the right verifier; a missing one leaves it, a wrong one burns it', async () => {
      const pkce = pkcePair();
      const code = await loginCode('google', pkce.query);
      const missing = await t.post('/v1/auth/login/exchange', { login_code: code });
      expect(missing.status).toBe(400);
      expect(missing.body.code).toBe('validation_failed');
      expect(missing.body.errors[0].field).toBe('code_verifier');
      // The code survived the refused body; the right verifier signs in.
      const right = await exchange(t, code, pkce.verifier);
      expect(right.status).toBe(200);
      expect((await t.get('/v1/auth/me', { token: right.body.access_token })).status).toBe(200);

      const other = pkcePair();
      const code2 = await loginCode('github', other.query);
      const wrong = await exchange(t, code2, pkce.verifier);
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('invalid_code_verifier');
      expect(wrong.text).not.toContain('access_token');
      // A wrong verifier spends the code: not even the right verifier gets it now.
      const late = await exchange(t, code2, other.verifier);
      expect(late.status).toBe(401);
      expect(late.body.code).toBe('invalid_token');
    });

    it('stops login CSRF: an attacker’s fresh code is useless on the victim’s page', async () => {
      const attacker = pkcePair();
      const attackerCode = await loginCode('google', attacker.query);
      const victimPage = pkcePair(); // the victim's page has its own verifier
      const res = await exchange(t, attackerCode, victimPage.verifier);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_code_verifier');
    });

    it('keeps a code single-use with the right verifier under concurrency', async () => {
      const pkce = pkcePair();
      const code = await loginCode('google', pkce.query);
      const results = await Promise.all(Array.from({ length: 5 }, () => exchange(t, code, pkce.verifier)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401, 401, 401]);
    });
  });

  describe('PKCE toward GitHub', () => {
    it('sends an S256 challenge to GitHub and its verifier to the token endpoint (the imitation enforces it)', async () => {
      github.next = ghUser();
      const client = new RedirectClient();
      const hops = await client.follow(api('/v1/auth/github'), atApp);
      const toGithub = new URL(hops[0].location!);
      expect(toGithub.searchParams.get('code_challenge_method')).toBe('S256');
      expect(toGithub.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(hops[hops.length - 1].status).toBe(200);
      expect(github.tokenRequests[github.tokenRequests.length - 1].code_verifier).toMatch(
        /^[A-Za-z0-9_~.-]{43,128}$/,
      );
    });
  });

  describe('providers that misbehave', () => {
    const githubFlow = async () => {
      github.next = ghUser();
      const hops = await new RedirectClient().follow(api('/v1/auth/github'), atApp);
      return hops[hops.length - 1];
    };

    it.each([
      ['token endpoint answering HTML', '/login/oauth/access_token', '<html>oops</html>', 'text/html'],
      ['token endpoint answering null', '/login/oauth/access_token', 'null', 'application/json'],
      ['/user answering null', '/api/v3/user', 'null', 'application/json'],
      ['/user answering HTML', '/api/v3/user', '<html>rate limited</html>', 'text/html'],
      ['/user without an id', '/api/v3/user', '{"login":"ghost"}', 'application/json'],
      ['/user/emails answering an object', '/api/v3/user/emails', '{"message":"nope"}', 'application/json'],
      ['/user/emails answering HTML', '/api/v3/user/emails', '<html></html>', 'text/html'],
      ['/user/emails answering a list of numbers', '/api/v3/user/emails', '[1,2]', 'application/json'],
      ['/user/emails answering a string', '/api/v3/user/emails', '"x"', 'application/json'],
    ])('GitHub %s → 401 provider_error, and the service stays up', async (_name, path, body, contentType) => {
      github.overrides.set(path, { body, contentType });
      expectProblem(await githubFlow(), 401, 'provider_error');
      github.overrides.clear();
      expect((await githubFlow()).status).toBe(200);
    });

    it('GitHub never answering the token request → a problem within about 6 s', async () => {
      github.overrides.set('/login/oauth/access_token', 'hang');
      const started = Date.now();
      const last = await githubFlow();
      const elapsed = Date.now() - started;
      expectProblem(last, 401, 'provider_error');
      expect(elapsed).toBeGreaterThanOrEqual(4500);
      expect(elapsed).toBeLessThan(7000);
    });

    it('GitHub never answering /user/emails → a problem within about 6 s', async () => {
      github.overrides.set('/api/v3/user/emails', 'hang');
      const started = Date.now();
      expectProblem(await githubFlow(), 401, 'provider_error');
      expect(Date.now() - started).toBeLessThan(7000);
    });
  });

  describe('Google answering garbage or nothing', () => {
    let scripted: Awaited<ReturnType<typeof scriptedServer>>;
    let answer: { body: string; contentType?: string } | 'hang' = 'hang';
    let g: TestApp;
    beforeAll(async () => {
      scripted = await scriptedServer(() => answer);
      g = await TestApp.start({ env: { ...google.env, GOOGLE_USERINFO_URL: `${scripted.url}/userinfo` } });
    });
    afterAll(async () => {
      await g?.close();
      await scripted?.close();
    });

    const googleFlow = async () => {
      google.next = { sub: `g-${++nextId}`, email: `g${nextId}@example.com`, email_verified: true };
      const hops = await new RedirectClient().follow(g.config.publicUrl + '/v1/auth/google');
      return hops[hops.length - 1];
    };

    it.each([
      ['null', 'null'],
      ['a list', '[]'],
      ['HTML', '<html>oops</html>'],
      ['an object without sub', '{"email":"x@example.com","email_verified":true}'],
    ])('userinfo answering %s → 401 provider_error', async (_name, body) => {
      answer = { body };
      expectProblem(await googleFlow(), 401, 'provider_error');
    });

    it('userinfo never answering → a problem within about 6 s', async () => {
      answer = 'hang';
      const started = Date.now();
      expectProblem(await googleFlow(), 401, 'provider_error');
      expect(Date.now() - started).toBeLessThan(7000);
      answer = { body: JSON.stringify({ sub: 'fine-1', email: 'fine@example.com', email_verified: true }) };
      const ok = await googleFlow();
      expect(ok.status).toBe(200);
    });
  });
});
