import { pkcePair } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { GithubImitation, GithubUser } from '@app/testing/github-imitation';
import { GoogleProvider } from '@app/testing/google-provider';
import { Hop, RedirectClient } from '@app/testing/redirect-client';
import { exchange, withSocialProviders } from './social-providers';

/**
 * GitHub sign-in end to end over HTTP against a local imitation of GitHub's OAuth and REST endpoints
 * (a real HTTP server), with Google configured too so that the two providers' states can be crossed.
 */
/** The page's PKCE pair: every start with a redirect_uri sends its challenge, every exchange its verifier. */
const PKCE = pkcePair();
const APP_ORIGIN = 'http://app.localhost:5173';

describe('GitHub sign-in', () => {
  let t: TestApp;
  let github: GithubImitation;
  let google: GoogleProvider;
  let nextId = 5000;

  const providers = withSocialProviders(APP_ORIGIN);
  beforeAll(() => ({ t, github, google } = providers));
  beforeEach(() => {
    github.deny = false;
  });

  const api = (path: string) => t.config.publicUrl + path;
  const user = (emails: GithubUser['emails']): GithubUser => ({
    id: ++nextId,
    login: `user${nextId}`,
    emails,
  });
  const verified = (email: string) => [{ email, primary: true, verified: true }];

  async function flow(who: GithubUser, query = '', client = new RedirectClient()) {
    github.next = who;
    const hops = await client.follow(api(`/v1/auth/github${query}`), (url) => url.startsWith(APP_ORIGIN));
    return { hops, last: hops[hops.length - 1] };
  }

  function expectProblem(hop: Hop, status: number, code: string) {
    expect({ status: hop.status, code: hop.body?.code }).toEqual({ status, code });
    expect(hop.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(hop.text).not.toContain('access_token');
  }

  it('walks start → GitHub → callback → token pair → /me', async () => {
    const { hops, last } = await flow(user(verified('octo@example.com')));
    expect(hops.map((h) => h.status)).toEqual([302, 302, 200]);
    const to = new URL(hops[0].location!);
    expect(to.origin + to.pathname).toBe(`${github.url}/login/oauth/authorize`);
    expect(to.searchParams.get('client_id')).toBe(github.clientId);
    expect(to.searchParams.get('redirect_uri')).toBe(api('/v1/auth/github/callback'));
    expect(to.searchParams.get('scope')?.split(',')).toContain('user:email');
    expect(to.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{32}\.[A-Za-z0-9_-]{43}$/);
    expect(hops[0].headers.get('set-cookie')).toMatch(/^sf_social_binding=.*HttpOnly/);
    // The code went to GitHub's token endpoint with the app's credentials.
    expect(github.tokenRequests[github.tokenRequests.length - 1]).toMatchObject({
      client_id: github.clientId,
      client_secret: github.clientSecret,
      redirect_uri: api('/v1/auth/github/callback'),
    });

    expect(last.body).toMatchObject({ token_type: 'Bearer', refresh_token: expect.stringMatching(/^sfr_/) });
    const me = await t.get('/v1/auth/me', { token: last.body.access_token });
    expect(me.body).toMatchObject({ email: 'octo@example.com', providers: ['github'] });
    const sessions = await t.get('/v1/auth/sessions', { token: last.body.access_token });
    expect(sessions.body[0].method).toBe('github');
  });

  it("links GitHub's primary verified address to the existing account, then lists every provider", async () => {
    const otp = await t.signIn('hopper@example.com');
    const before = await t.get('/v1/auth/me', { token: otp.access_token });
    const gh = user([
      { email: 'hopper@work.example.com', primary: false, verified: true },
      { email: 'Hopper@Example.com', primary: true, verified: true },
    ]);
    const viaGithub = (await flow(gh)).last;
    expect(viaGithub.status).toBe(200);
    const me = await t.get('/v1/auth/me', { token: viaGithub.body.access_token });
    expect(me.body.id).toBe(before.body.id);
    expect(me.body.providers).toEqual(['otp', 'github']);

    // And Google with the same verified address: one account, three ways in.
    google.next = { sub: `g-${nextId}`, email: 'hopper@example.com', email_verified: true };
    const hops = await new RedirectClient().follow(api('/v1/auth/google'));
    const viaGoogle = hops[hops.length - 1];
    expect(viaGoogle.status).toBe(200);
    const all = await t.get('/v1/auth/me', { token: viaGoogle.body.access_token });
    expect(all.body).toMatchObject({ id: before.body.id, providers: ['otp', 'google', 'github'] });

    // The same GitHub id keeps its account even when GitHub's primary address changes.
    const again = (await flow({ ...gh, emails: verified('someone.else@example.com') })).last;
    const againMe = await t.get('/v1/auth/me', { token: again.body.access_token });
    expect(againMe.body.id).toBe(before.body.id);
  });

  it('refuses an unverified primary address (even with another verified one) with 403', async () => {
    const victim = await t.signIn('target@example.com');
    for (const emails of [
      [
        { email: 'target@example.com', primary: true, verified: false },
        { email: 'mine@example.com', primary: false, verified: true },
      ],
      [{ email: 'target@example.com', primary: false, verified: true }], // verified, but not primary
    ]) {
      expectProblem((await flow(user(emails))).last, 403, 'email_not_verified');
    }
    const me = await t.get('/v1/auth/me', { token: victim.access_token });
    expect(me.body.providers).toEqual(['otp']);
  });

  it("refuses a state issued for Google at GitHub's callback (and the reverse)", async () => {
    const client = new RedirectClient();
    google.next = { sub: 'cross', email: 'cross@example.com', email_verified: true };
    const googleStart = await client.get(api('/v1/auth/google'));
    const googleState = new URL(googleStart.location!).searchParams.get('state')!;
    expectProblem(
      await client.get(api(`/v1/auth/github/callback?code=abc&state=${encodeURIComponent(googleState)}`)),
      400,
      'invalid_state',
    );
    github.next = user(verified('cross@example.com'));
    const githubStart = await client.get(api('/v1/auth/github'));
    const githubState = new URL(githubStart.location!).searchParams.get('state')!;
    expectProblem(
      await client.get(api(`/v1/auth/google/callback?code=abc&state=${encodeURIComponent(githubState)}`)),
      400,
      'invalid_state',
    );
  });

  it('delivers a login code to an allowed redirect_uri, and a denial as error=access_denied', async () => {
    const { last } = await flow(
      user(verified('redirected@example.com')),
      `?redirect_uri=${encodeURIComponent(`${APP_ORIGIN}/signed-in`)}${PKCE.query}`,
    );
    expect(last.status).toBe(302);
    const code = new URL(last.location!).searchParams.get('login_code')!;
    const pair = await exchange(t, code, PKCE.verifier);
    expect(pair.status).toBe(200);
    const sessions = await t.get('/v1/auth/sessions', { token: pair.body.access_token });
    expect(sessions.body[0].method).toBe('github');
    expect((await exchange(t, code, PKCE.verifier)).status).toBe(401);

    github.deny = true;
    const denied = await flow(
      user(verified('redirected@example.com')),
      `?redirect_uri=${encodeURIComponent(`${APP_ORIGIN}/signed-in`)}${PKCE.query}`,
    );
    const landing = new URL(denied.last.location!);
    expect(landing.searchParams.get('error')).toBe('access_denied');
    expect(landing.searchParams.has('login_code')).toBe(false);
    expectProblem((await flow(user(verified('plain@example.com')))).last, 401, 'access_denied');
  });
});
