import { otpFrom, SoftwareAuthenticator } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { DataSource } from 'typeorm';

/**
 * Passkeys (WebAuthn Level 2, contract §19) against a software authenticator (libs/testing): adding
 * one (the first factor comes with recovery codes), sign-in with a passkey alone, the second step of
 * sign-in and step-up with one, removal, and every refusal — an unknown or removed credential, a wrong,
 * spent or foreign challenge, another origin or rp id, no user verification, a counter that went
 * backwards — each a 401 `invalid_mfa_code` that counts in the account's failure budget.
 */
describe('passkeys: registration, passkey sign-in, mfa and step-up with a passkey', () => {
  let t: TestApp;
  let origin: string;
  let n = 0;
  const email = () => `passkey${++n}-${Date.now()}@example.com`;

  beforeAll(async () => {
    t = await TestApp.start();
    origin = new URL(t.config.publicUrl).origin; // http://localhost:<port>: WebAuthn needs a host name
  });
  afterAll(() => t.close());

  const db = () => t.app.get(DataSource);

  const notice = async (address: string, words: RegExp) => {
    const mail = await t.mail.waitFor(address);
    expect(`${mail.subject} ${mail.text}`).toMatch(words);
  };

  /** A signed-in account with one passkey, added in session `token` (which is therefore verified). */
  const enrolled = async (name = 'Laptop') => {
    const address = email();
    const { access_token: token } = await t.signIn(address);
    const authenticator = new SoftwareAuthenticator(origin);
    const options = await t.post('/v1/auth/factors/passkeys/options', undefined, { token });
    expect(options.status).toBe(200);
    const added = await t.post(
      '/v1/auth/factors/passkeys',
      { name, response: authenticator.register(options.body) },
      { token },
    );
    expect(added.status).toBe(201);
    await notice(address, /passkey .*was added/i);
    return { address, token, authenticator, added: added.body };
  };

  /** E-mail code sign-in up to the verify answer (mfaRequired for these accounts). */
  const verify = async (address: string) => {
    await t.post('/v1/auth/login', { email: address });
    const otp = otpFrom(await t.mail.waitFor(address));
    return t.post('/v1/auth/login/verify', { email: address, otp });
  };

  const loginOptions = async () => {
    const res = await t.post('/v1/auth/passkeys/login/options');
    expect(res.status).toBe(200);
    return res.body;
  };

  it('adds a passkey: creation options for this host, our own UUID, ten recovery codes, listed, mailed', async () => {
    const address = email();
    const { access_token: token } = await t.signIn(address);
    const options = await t.post('/v1/auth/factors/passkeys/options', undefined, { token });
    expect(options.status).toBe(200);
    expect(options.headers.get('cache-control')).toBe('no-store');
    expect(options.body).toMatchObject({
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/),
      rp: { id: 'localhost', name: 'Storefront' },
      user: { name: address },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    expect(options.body.pubKeyCredParams).toContainEqual({ type: 'public-key', alg: -7 });

    const authenticator = new SoftwareAuthenticator(origin);
    const response = authenticator.register(options.body);
    const bad = [
      { name: '', response },
      { name: 'x'.repeat(101), response },
      { name: 'Laptop', response: 'not an object' },
      { name: 'Laptop' },
    ];
    for (const body of bad) {
      const res = await t.post('/v1/auth/factors/passkeys', body, { token });
      expect([res.status, res.body.code]).toEqual([400, 'validation_failed']);
    }

    const added = await t.post('/v1/auth/factors/passkeys', { name: '  Laptop  ', response }, { token });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      name: 'Laptop',
      createdAt: expect.any(String),
      recoveryCodes: expect.any(Array),
    });
    expect(added.body.recoveryCodes).toHaveLength(10);
    expect(added.body.id).not.toBe(response.id); // ours, not the credential id
    await notice(address, /passkey \("Laptop"\) was added/i);

    // The same answer again: its challenge is spent.
    const again = await t.post('/v1/auth/factors/passkeys', { name: 'Again', response }, { token });
    expect([again.status, again.body.code]).toEqual([400, 'invalid_mfa_code']);

    expect((await t.get('/v1/auth/factors', { token })).body).toEqual({
      totp: null,
      passkeys: [{ id: added.body.id, name: 'Laptop', createdAt: added.body.createdAt, lastUsedAt: null }],
      recoveryCodesLeft: 10,
    });
    const [row] = await db().query(`SELECT second_factor FROM accounts WHERE email = $1`, [address]);
    expect(row.second_factor).toBe(true);

    // Sign-in now asks for the passkey (or a recovery code); a session signed in that way is verified,
    // one that is not (older than 600 s here) must step up before adding another passkey.
    const { mfaToken, methods } = (await verify(address)).body;
    expect(methods).toEqual(['passkey', 'recovery_code']);
    const second = await t.post('/v1/auth/login/mfa', {
      mfaToken,
      recoveryCode: added.body.recoveryCodes[0],
    });
    expect(second.status).toBe(200);
    await notice(address, /recovery code was used/i);
    await db().query(`UPDATE sessions SET verified_at = now() - interval '601 seconds' WHERE id = $1`, [
      second.body.session_id,
    ]);
    const stale = await t.post('/v1/auth/factors/passkeys/options', undefined, {
      token: second.body.access_token,
    });
    expect([stale.status, stale.body.code]).toEqual([401, 'step_up_required']);
    const stillVerified = await t.post('/v1/auth/factors/passkeys/options', undefined, { token });
    expect(stillVerified.status).toBe(200);
    const more = await t.post(
      '/v1/auth/factors/passkeys',
      { name: 'Phone', response: new SoftwareAuthenticator(origin).register(stillVerified.body) },
      { token },
    );
    expect([more.status, more.body.recoveryCodes]).toEqual([201, null]);
    await notice(address, /passkey \("Phone"\) was added/i);
    expect((await t.get('/v1/auth/factors', { token })).body.passkeys.map((p: any) => p.name)).toEqual([
      'Laptop',
      'Phone',
    ]);
  });

  it('refuses a registration from another origin or rp id, without user verification, or to another session', async () => {
    const address = email();
    const { access_token: token } = await t.signIn(address);
    const { access_token: otherSession } = await t.signIn(address);
    const bends = [
      { origin: 'http://evil.example' },
      { rpId: 'evil.example' },
      { userVerified: false },
      { challenge: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    ];
    for (const bend of bends) {
      const options = await t.post('/v1/auth/factors/passkeys/options', undefined, { token });
      const response = new SoftwareAuthenticator(origin).register(options.body, bend);
      const res = await t.post('/v1/auth/factors/passkeys', { name: 'Key', response }, { token });
      expect([Object.keys(bend)[0], res.status, res.body.code]).toEqual([
        Object.keys(bend)[0],
        400,
        'invalid_mfa_code',
      ]);
    }
    const options = await t.post('/v1/auth/factors/passkeys/options', undefined, { token });
    const response = new SoftwareAuthenticator(origin).register(options.body);
    const stolen = await t.post(
      '/v1/auth/factors/passkeys',
      { name: 'Key', response },
      { token: otherSession },
    );
    expect([stolen.status, stolen.body.code]).toEqual([400, 'invalid_mfa_code']);
    expect((await t.get('/v1/auth/factors', { token })).body.passkeys).toEqual([]);
  });

  it('signs in with a passkey alone: a verified session, lastUsedAt set; nobody is named in the options', async () => {
    const { address, authenticator, token } = await enrolled();
    const options = await loginOptions();
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const signedIn = await t.post('/v1/auth/passkeys/login', { response: authenticator.assert(options) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    expect(signedIn.body).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String) });
    const session = signedIn.body.access_token;
    const me = await t.get('/v1/auth/me', { token: session });
    expect(me.body.email).toBe(address);
    const sessions = await t.get('/v1/auth/sessions', { token: session });
    expect(sessions.body.find((s: any) => s.current).method).toBe('passkey');
    // Verified for step-up: a step-up action goes through at once.
    const codes = await t.post('/v1/auth/factors/recovery-codes', undefined, { token: session });
    expect(codes.status).toBe(200);
    await notice(address, /new recovery codes/i);
    const [listed] = (await t.get('/v1/auth/factors', { token })).body.passkeys;
    expect(listed.lastUsedAt).toEqual(expect.any(String));
  });

  it('refuses passkey sign-in for a wrong, spent or foreign challenge, origin, rp id, no UV, a counter gone back, an unknown credential', async () => {
    const { address, authenticator } = await enrolled();
    const refused = async (label: string, response: unknown) => {
      const res = await t.post('/v1/auth/passkeys/login', { response });
      expect([label, res.status, res.body.code]).toEqual([label, 401, 'invalid_mfa_code']);
    };
    await refused('made-up challenge', authenticator.assert({ challenge: 'Zm9vYmFyYmF6cXV4cXV1eHF1dXg' }));
    await refused(
      'other origin',
      authenticator.assert(await loginOptions(), { origin: 'http://evil.example' }),
    );
    await refused('other rp id', authenticator.assert(await loginOptions(), { rpId: 'evil.example' }));
    await refused(
      'no user verification',
      authenticator.assert(await loginOptions(), { userVerified: false }),
    );
    const stranger = new SoftwareAuthenticator(origin);
    stranger.register({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'AAAA' } });
    await refused('unknown credential', stranger.assert(await loginOptions()));

    // The counter: 7 accepted, then 5 (went backwards) refused.
    const ok = await t.post('/v1/auth/passkeys/login', {
      response: authenticator.assert(await loginOptions(), { counter: 7 }),
    });
    expect(ok.status).toBe(200);
    await refused('counter went backwards', authenticator.assert(await loginOptions(), { counter: 5 }));

    // A spent challenge: the same assertion again.
    const options = await loginOptions();
    const once = authenticator.assert(options, { counter: 8 });
    expect((await t.post('/v1/auth/passkeys/login', { response: once })).status).toBe(200);
    await refused('spent challenge', once);

    // A challenge handed out for another question (the second step of sign-in) does not sign in.
    const { mfaToken } = (await verify(address)).body;
    const mfaOptions = await t.post('/v1/auth/login/mfa/passkey-options', { mfaToken });
    await refused('challenge of another purpose', authenticator.assert(mfaOptions.body));

    // Bad input is a 400 or a 401, never a 500.
    for (const response of [
      {},
      { id: 'x', response: { clientDataJSON: '!!!' } },
      { id: 5, response: null },
    ]) {
      await refused(JSON.stringify(response), response);
    }
    for (const body of [{}, { response: 'x' }, { response: [] }]) {
      const res = await t.post('/v1/auth/passkeys/login', body);
      expect([JSON.stringify(body), res.status, res.body.code]).toEqual([
        JSON.stringify(body),
        400,
        'validation_failed',
      ]);
    }

    // Each refusal of a known credential counted in the account's budget (the unknown one could not).
    const [{ failures }] = await db().query(
      `SELECT count(*)::int AS failures FROM second_factor_failures f JOIN accounts a ON a.id = f.account_id
        WHERE a.email = $1`,
      [address],
    );
    expect(failures).toBe(7);
  });

  it('passkey failures share the 11-per-15-minutes budget: then a right passkey is 429 too', async () => {
    const { authenticator } = await enrolled();
    for (let i = 0; i < 10; i++) {
      const wrong = await t.post('/v1/auth/passkeys/login', {
        response: authenticator.assert(await loginOptions(), { userVerified: false }),
      });
      expect(wrong.status).toBe(401);
    }
    const limited = await t.post('/v1/auth/passkeys/login', {
      response: authenticator.assert(await loginOptions()),
    });
    expect([limited.status, limited.body.code]).toEqual([429, 'rate_limited']);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(800);
  });

  it('answers the second step of sign-in with a passkey; the options need a live mfaToken', async () => {
    const { address, authenticator } = await enrolled();
    const asked = await verify(address);
    expect(asked.body).toEqual({
      mfaRequired: true,
      mfaToken: expect.any(String),
      methods: ['passkey', 'recovery_code'],
    });
    const { mfaToken } = asked.body;
    const options = await t.post('/v1/auth/login/mfa/passkey-options', { mfaToken });
    expect(options.status).toBe(200);
    expect(options.body.allowCredentials).toEqual([
      expect.objectContaining({ id: authenticator.credentials[0].id, type: 'public-key' }),
    ]);
    expect(options.body.userVerification).toBe('required');

    // A passkey answer to a challenge of another mfaToken is wrong.
    const otherToken = (await verify(address)).body.mfaToken;
    const foreign = await t.post('/v1/auth/login/mfa/passkey-options', { mfaToken: otherToken });
    const wrong = await t.post('/v1/auth/login/mfa', {
      mfaToken,
      passkey: authenticator.assert(foreign.body),
    });
    expect([wrong.status, wrong.body.code]).toEqual([401, 'invalid_mfa_code']);

    const done = await t.post('/v1/auth/login/mfa', {
      mfaToken,
      passkey: authenticator.assert(options.body),
    });
    expect(done.status).toBe(200);
    const codes = await t.post('/v1/auth/factors/recovery-codes', undefined, {
      token: done.body.access_token,
    });
    expect(codes.status).toBe(200); // the new session counts as verified
    await notice(address, /new recovery codes/i);

    const used = await t.post('/v1/auth/login/mfa/passkey-options', { mfaToken });
    expect([used.status, used.body.code]).toEqual([401, 'invalid_mfa_token']);
    const unknown = await t.post('/v1/auth/login/mfa/passkey-options', { mfaToken: 'sfm_nope' });
    expect([unknown.status, unknown.body.code]).toEqual([401, 'invalid_mfa_token']);
    const two = await t.post('/v1/auth/login/mfa', {
      mfaToken: otherToken,
      totp: '123456',
      passkey: authenticator.assert(foreign.body),
    });
    expect([two.status, two.body.code]).toEqual([400, 'validation_failed']);
  });

  it('steps up with a passkey, in this session only', async () => {
    const { address, authenticator } = await enrolled();
    const { mfaToken } = (await verify(address)).body;
    // A session verified by a recovery code long ago would be; here: a fresh session made unverified.
    const session = (
      await t.post('/v1/auth/login/mfa', {
        mfaToken,
        passkey: authenticator.assert(
          (await t.post('/v1/auth/login/mfa/passkey-options', { mfaToken })).body,
        ),
      })
    ).body.access_token;
    await db().query(
      `UPDATE sessions SET verified_at = now() - interval '601 seconds'
        WHERE account_id = (SELECT id FROM accounts WHERE email = $1)`,
      [address],
    );
    const refused = await t.post('/v1/auth/factors/recovery-codes', undefined, { token: session });
    expect([refused.status, refused.body.code]).toEqual([401, 'step_up_required']);

    const options = await t.post('/v1/auth/step-up/passkey-options', undefined, { token: session });
    expect(options.status).toBe(200);
    expect(options.body.allowCredentials).toHaveLength(1);
    const wrong = await t.post(
      '/v1/auth/step-up',
      { passkey: authenticator.assert(options.body, { userVerified: false }) },
      { token: session },
    );
    expect([wrong.status, wrong.body.code]).toEqual([400, 'invalid_mfa_code']);
    const again = await t.post('/v1/auth/step-up/passkey-options', undefined, { token: session });
    const stepped = await t.post(
      '/v1/auth/step-up',
      { passkey: authenticator.assert(again.body) },
      { token: session },
    );
    expect(stepped.status).toBe(204);
    const allowed = await t.post('/v1/auth/factors/recovery-codes', undefined, { token: session });
    expect(allowed.status).toBe(200);
    await notice(address, /new recovery codes/i);

    // An account without a passkey gets no options.
    const { access_token: plain } = await t.signIn(email());
    const none = await t.post('/v1/auth/step-up/passkey-options', undefined, { token: plain });
    expect([none.status, none.body.code]).toEqual([404, 'not_found']);
  });

  it('removes a passkey (step-up): refused on the very next request; the last factor takes the recovery codes', async () => {
    const { address, token, authenticator, added } = await enrolled();
    const { access_token: unverified } = await t
      .post('/v1/auth/passkeys/login', {
        response: authenticator.assert(await loginOptions()),
      })
      .then((r) => r.body);
    await db().query(
      `UPDATE sessions SET verified_at = NULL WHERE account_id = (SELECT id FROM accounts WHERE email = $1)
      AND verified_at IS NOT NULL AND method = 'passkey'`,
      [address],
    );
    const needs = await t.delete(`/v1/auth/factors/passkeys/${added.id}`, { token: unverified });
    expect([needs.status, needs.body.code]).toEqual([401, 'step_up_required']);

    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await t.delete(`/v1/auth/factors/passkeys/${id}`, { token });
      expect([id, res.status, res.body.code]).toEqual([id, 404, 'not_found']);
    }
    const options = await loginOptions(); // handed out before the removal
    const removed = await t.delete(`/v1/auth/factors/passkeys/${added.id}`, { token });
    expect(removed.status).toBe(204);
    await notice(address, /passkey "Laptop" was removed/i);
    const next = await t.post('/v1/auth/passkeys/login', { response: authenticator.assert(options) });
    expect([next.status, next.body.code]).toEqual([401, 'invalid_mfa_code']);
    expect((await t.get('/v1/auth/factors', { token })).body).toEqual({
      totp: null,
      passkeys: [],
      recoveryCodesLeft: 0,
    });
    // No factor left: sign-in with the e-mail code is direct again, and nothing asks for step-up.
    expect((await verify(address)).body.access_token).toEqual(expect.any(String));
  });

  it('works across instances: options from one, the answer at another; a removal seen by the other at once', async () => {
    // The embedded database belongs to one process; two instances need a database server.
    if (!t.config.databaseUrl) return;
    const other = await TestApp.start({
      databaseUrl: t.config.databaseUrl,
      env: {
        JWT_SECRET: t.config.jwtSecret,
        OTP_PEPPER: t.config.otpPepper,
        PUBLIC_URL: t.config.publicUrl, // one relying party, whichever instance answers
        MIGRATIONS_RUN: 'false',
      },
    });
    try {
      const { address, token, authenticator, added } = await enrolled();
      const options = (await t.post('/v1/auth/passkeys/login/options')).body;
      const response = authenticator.assert(options);
      const there = await other.post('/v1/auth/passkeys/login', { response });
      expect(there.status).toBe(200);
      const again = await t.post('/v1/auth/passkeys/login', { response }); // spent, on every instance
      expect([again.status, again.body.code]).toEqual([401, 'invalid_mfa_code']);

      const pending = (await other.post('/v1/auth/passkeys/login/options')).body;
      expect((await t.delete(`/v1/auth/factors/passkeys/${added.id}`, { token })).status).toBe(204);
      await notice(address, /was removed/i);
      const removed = await other.post('/v1/auth/passkeys/login', {
        response: authenticator.assert(pending),
      });
      expect([removed.status, removed.body.code]).toEqual([401, 'invalid_mfa_code']);
    } finally {
      await other.close();
    }
  });

  it('of the same assertion sent twice at once, exactly one signs in (and one answers the mfaToken)', async () => {
    const { address, authenticator } = await enrolled();
    const response = authenticator.assert(await loginOptions());
    const both = await Promise.all([
      t.post('/v1/auth/passkeys/login', { response }),
      t.post('/v1/auth/passkeys/login', { response }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 401]);

    const { mfaToken } = (await verify(address)).body;
    const options = await t.post('/v1/auth/login/mfa/passkey-options', { mfaToken });
    const passkey = authenticator.assert(options.body);
    const answers = await Promise.all([
      t.post('/v1/auth/login/mfa', { mfaToken, passkey }),
      t.post('/v1/auth/login/mfa', { mfaToken, passkey }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
  });
});
