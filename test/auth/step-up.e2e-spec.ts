import { addMember, authenticatorCode, createStore, otpFrom, stepWithMargin } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { DataSource } from 'typeorm';

/**
 * Step-up (RFC 9470, contract §19): for an account with a second factor, the actions §19 lists need a
 * factor verified in THIS session within 600 s; `POST /v1/auth/step-up` gives it, seen by the very next
 * request on any instance (two instances on one database here). Accounts without a factor are never asked.
 */
describe('step-up for the actions that matter', () => {
  let t: TestApp;
  let second: TestApp | null = null;
  let n = 0;
  const email = () => `stepup${++n}-${Date.now()}@example.com`;

  beforeAll(async () => {
    t = await TestApp.start({ env: { WEBHOOK_ALLOW_LOCAL: 'true' } });
    // The embedded database belongs to one process; the two-instance cases need a server.
    if (t.config.databaseUrl) {
      second = await TestApp.start({
        databaseUrl: t.config.databaseUrl,
        env: {
          JWT_SECRET: t.config.jwtSecret,
          OTP_PEPPER: t.config.otpPepper,
          PUBLIC_URL: t.config.publicUrl,
          MIGRATIONS_RUN: 'false',
          WEBHOOK_ALLOW_LOCAL: 'true',
        },
      });
    }
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  const other = () => second ?? t;

  /** An account signed in three times (sessions A, B, D) before it set up an authenticator in A. */
  const account = async (withFactor: boolean) => {
    const address = email();
    const a = await t.signIn(address);
    const b = await t.signIn(address);
    const d = await t.signIn(address);
    let secret = '';
    if (withFactor) {
      const setup = await t.post('/v1/auth/factors/totp', undefined, { token: a.access_token });
      const step = await stepWithMargin();
      const confirmed = await t.post(
        '/v1/auth/factors/totp/confirm',
        { code: authenticatorCode(setup.body.secret, step - 1) },
        { token: a.access_token },
      );
      expect(confirmed.status).toBe(200);
      await t.mail.waitFor(address); // the security notice
      secret = setup.body.secret;
    }
    return { address, a: a.access_token, b: b.access_token, d: d.access_token, secret };
  };

  type Act = (app: TestApp, token: string) => Promise<{ status: number; body: any; headers: Headers }>;

  /**
   * Every action §19 lists, each on things of its own made by `owner` (so a destructive one can run
   * once refused and once allowed). The factor changes come last: removing the factor ends the test.
   */
  const actions = async (owner: string): Promise<[string, Act][]> => {
    const store = await createStore(t, owner, `Step-up ${n}`);
    const member = email();
    const memberPair = await t.signIn(member);
    await addMember(t, owner, store, { token: memberPair.access_token, email: member }, 'admin');
    const memberId = (await t.get('/v1/auth/me', { token: memberPair.access_token })).body.id;
    const oauthApp = async () =>
      (
        await t.post(
          '/v1/user/stores/oauth/apps',
          { storeId: store, name: 'App', scopes: ['store:read'] },
          { token: owner },
        )
      ).body.id as string;
    const developerApp = async () =>
      (
        await t.post(
          '/v1/user/apps',
          { name: 'Dev app', redirectUris: ['https://app.example.test/cb'], scopes: ['store:read'] },
          { token: owner },
        )
      ).body.id as string;
    const hook = (
      await t.post(
        `/v1/user/stores/${store}/webhooks`,
        { url: 'https://localhost:9/hook', events: ['*'] },
        { token: owner },
      )
    ).body.id as string;
    const [rotateApp, deleteApp, devRotate, devRotateHook, devDelete] = [
      await oauthApp(),
      await oauthApp(),
      await developerApp(),
      await developerApp(),
      await developerApp(),
    ];
    expect([store, rotateApp, deleteApp, devRotate, devRotateHook, devDelete, hook].every(Boolean)).toBe(
      true,
    );
    const doomed = await createStore(t, owner, `Doomed ${n}`);
    return [
      [
        'rotate a store app secret',
        (app, token) =>
          app.post(`/v1/user/stores/oauth/apps/${rotateApp}/rotate-secret`, undefined, { token }),
      ],
      [
        'delete a store app',
        (app, token) => app.delete(`/v1/user/stores/oauth/apps/${deleteApp}`, { token }),
      ],
      [
        'rotate an installable app secret',
        (app, token) => app.post(`/v1/user/apps/${devRotate}/rotate-secret`, undefined, { token }),
      ],
      [
        'rotate an installable app webhook secret',
        (app, token) =>
          app.post(`/v1/user/apps/${devRotateHook}/rotate-webhook-secret`, undefined, { token }),
      ],
      ['delete an installable app', (app, token) => app.delete(`/v1/user/apps/${devDelete}`, { token })],
      [
        'rotate a webhook endpoint secret',
        (app, token) =>
          app.post(`/v1/user/stores/${store}/webhooks/${hook}/rotate-secret`, undefined, { token }),
      ],
      [
        'transfer a store',
        (app, token) => app.post(`/v1/user/stores/${store}/transfer`, { accountId: memberId }, { token }),
      ],
      ['delete a store', (app, token) => app.delete(`/v1/user/stores/${doomed}`, { token })],
      [
        'add a factor (a new authenticator)',
        (app, token) => app.post('/v1/auth/factors/totp', undefined, { token }),
      ],
      [
        'regenerate recovery codes',
        (app, token) => app.post('/v1/auth/factors/recovery-codes', undefined, { token }),
      ],
      ['remove the authenticator', (app, token) => app.delete('/v1/auth/factors/totp', { token })],
    ];
  };

  const refusedForStepUp = (res: { status: number; body: any; headers: Headers }, what: string) => {
    expect([what, res.status, res.body.code]).toEqual([what, 401, 'step_up_required']);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.headers.get('www-authenticate')).toMatch(
      /^Bearer error="insufficient_user_authentication", error_description="[^"]+", max_age=600$/,
    );
    expect(res.body.maxAge).toBe(600);
  };

  it('refuses every listed action without step-up and allows it with step-up, per session, on every instance', async () => {
    const { a, b, d, secret } = await account(true);
    const list = await actions(a);

    // Session B never verified a factor: every action is refused, on either instance, and nothing changed.
    for (const [what, act] of list) refusedForStepUp(await act(other(), b), what);
    expect((await t.get('/v1/auth/factors', { token: a })).body.recoveryCodesLeft).toBe(10);

    // B steps up through instance 1 with a code of the step after; the very next request, on instance 2, passes.
    const step = await stepWithMargin();
    const wrong = await t.post('/v1/auth/step-up', { totp: '000000' }, { token: b });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'invalid_mfa_code']);
    const stepped = await t.post(
      '/v1/auth/step-up',
      { totp: authenticatorCode(secret, step + 1) },
      { token: b },
    );
    expect(stepped.status).toBe(204);
    const replay = await t.post(
      '/v1/auth/step-up',
      { totp: authenticatorCode(secret, step + 1) },
      { token: d },
    );
    expect([replay.status, replay.body.code]).toEqual([400, 'invalid_mfa_code']);

    for (const [what, act] of list) {
      // Session D of the same account is still asked; B is allowed.
      if (what !== 'remove the authenticator') refusedForStepUp(await act(other(), d), what);
      const res = await act(other(), b);
      expect([what, res.status < 300]).toEqual([what, true]);
      if (what === 'add a factor (a new authenticator)') expect(res.status).toBe(201);
    }
  });

  it('a session opened with the second factor is verified; 600 s later it is asked again', async () => {
    const { address, secret } = await account(true);
    const step = await stepWithMargin();
    await t.post('/v1/auth/login', { email: address });
    const otp = otpFrom(await t.mail.waitFor(address));
    const { mfaToken } = (await t.post('/v1/auth/login/verify', { email: address, otp })).body;
    const pair = (await t.post('/v1/auth/login/mfa', { mfaToken, totp: authenticatorCode(secret, step + 1) }))
      .body;
    const token = pair.access_token as string;
    const regenerate = () => other().post('/v1/auth/factors/recovery-codes', undefined, { token });
    const fresh = await regenerate();
    expect(fresh.status).toBe(200);
    await other().mail.waitFor(address); // the notice, from the instance that made the codes
    // Time passes for this session (its verification 601 s old), as it would after ten minutes.
    await t.app
      .get(DataSource)
      .query(`UPDATE sessions SET verified_at = now() - interval '601 seconds' WHERE id = $1`, [
        pair.session_id,
      ]);
    refusedForStepUp(await regenerate(), 'regenerate after 600 s');
    // A recovery code steps up too (and is mailed about).
    const stepped = await t.post(
      '/v1/auth/step-up',
      { recoveryCode: fresh.body.recoveryCodes[0] },
      { token },
    );
    expect(stepped.status).toBe(204);
    expect((await t.mail.waitFor(address)).subject).toMatch(/recovery code was used/i);
    expect((await regenerate()).status).toBe(200);
  });

  it('never asks an account without a second factor', async () => {
    const { b } = await account(false);
    const list = await actions(b);
    for (const [what, act] of list.filter(([w]) => !/authenticator|recovery/.test(w))) {
      const res = await act(other(), b);
      expect([what, res.status < 300]).toEqual([what, true]);
    }
    const setup = await other().post('/v1/auth/factors/totp', undefined, { token: b });
    expect(setup.status).toBe(201);
    const noFactor = await t.post('/v1/auth/step-up', { totp: '123456' }, { token: b });
    expect([noFactor.status, noFactor.body.code]).toEqual([409, 'conflict']);
  });
});
