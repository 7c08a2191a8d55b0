import { authenticatorCode, otpFrom, stepWithMargin } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { DataSource } from 'typeorm';

/**
 * Second factors (contract §19): TOTP with codes computed here from the secret, recovery codes, the
 * second step of sign-in (`mfaToken`) and its limits, mails on every change. Step-up: step-up.e2e-spec.ts.
 */
describe('second factors: TOTP, recovery codes, sign-in with mfaToken', () => {
  let t: TestApp;
  let n = 0;
  const email = () => `mfa${++n}-${Date.now()}@example.com`;

  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  const db = () => t.app.get(DataSource);

  /** The security notice mailed to the address (every factor change, every recovery-code use). */
  const notice = async (address: string, words: RegExp) => {
    const mail = await t.mail.waitFor(address);
    expect(mail.subject).toMatch(/^Storefront security: /);
    expect(`${mail.subject} ${mail.text}`).toMatch(words);
    return mail;
  };

  /** E-mail code sign-in up to the verify answer (a token pair or mfaRequired). */
  const verify = async (address: string) => {
    await t.post('/v1/auth/login', { email: address });
    const otp = otpFrom(await t.mail.waitFor(address));
    return t.post('/v1/auth/login/verify', { email: address, otp });
  };

  /** A signed-in account with a confirmed authenticator (its confirming step: the one before now). */
  const enrolled = async () => {
    const address = email();
    const { access_token: token } = await t.signIn(address);
    const setup = await t.post('/v1/auth/factors/totp', undefined, { token });
    expect(setup.status).toBe(201);
    const step = await stepWithMargin();
    const confirmed = await t.post(
      '/v1/auth/factors/totp/confirm',
      { code: authenticatorCode(setup.body.secret, step - 1) },
      { token },
    );
    expect(confirmed.status).toBe(200);
    await notice(address, /authenticator app was added/i);
    return {
      address,
      token,
      secret: setup.body.secret as string,
      codes: confirmed.body.recoveryCodes as string[],
    };
  };

  it('sets up an authenticator: a pending secret, its otpauth URL, confirmed by a code of it, with 10 recovery codes', async () => {
    const address = email();
    const { access_token: token } = await t.signIn(address);
    const first = await t.post('/v1/auth/factors/totp', undefined, { token });
    const setup = await t.post('/v1/auth/factors/totp', undefined, { token }); // replaces the pending one
    expect(setup.status).toBe(201);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toBe(
      `otpauth://totp/Storefront:${encodeURIComponent(address)}?secret=${setup.body.secret}&issuer=Storefront`,
    );
    expect((await t.get('/v1/auth/factors', { token })).body).toEqual({
      totp: null,
      passkeys: [],
      recoveryCodesLeft: 0,
    });

    const step = await stepWithMargin();
    const stale = await t.post(
      '/v1/auth/factors/totp/confirm',
      { code: authenticatorCode(first.body.secret, step) }, // the replaced secret's code
      { token },
    );
    expect([stale.status, stale.body.code]).toEqual([400, 'invalid_mfa_code']);
    const confirmed = await t.post(
      '/v1/auth/factors/totp/confirm',
      { code: authenticatorCode(setup.body.secret, step) },
      { token },
    );
    expect(confirmed.status).toBe(200);
    const codes: string[] = confirmed.body.recoveryCodes;
    expect(codes).toHaveLength(10);
    for (const code of codes) {
      expect(code.replace(/-/g, '').length).toBeGreaterThanOrEqual(10);
      expect(code).not.toMatch(/[0Oo1lI]/);
    }
    await notice(address, /authenticator app was added/i);
    const factors = await t.get('/v1/auth/factors', { token });
    expect(factors.body).toEqual({
      totp: { createdAt: expect.any(String) },
      passkeys: [],
      recoveryCodesLeft: 10,
    });

    // At rest: the secret sealed, the recovery codes as keyed hashes.
    const rows = JSON.stringify(
      await db().query(
        `SELECT t.*, r.code_hash FROM totp_factors t JOIN accounts a ON a.id = t.account_id
           JOIN recovery_codes r ON r.account_id = a.id WHERE a.email = $1`,
        [address],
      ),
    );
    expect(rows).not.toContain(setup.body.secret);
    for (const code of codes) expect(rows).not.toContain(code.replace(/-/g, ''));
  });

  it('signs in with the authenticator: the step after is accepted, then the same, earlier and stale steps are refused', async () => {
    const { address, secret } = await enrolled();
    const step = await stepWithMargin();
    const asked = await verify(address);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({
      mfaRequired: true,
      mfaToken: expect.any(String),
      methods: ['totp', 'recovery_code'],
    });
    expect(asked.body.access_token).toBeUndefined();

    const signedIn = await t.post('/v1/auth/login/mfa', {
      mfaToken: asked.body.mfaToken,
      totp: authenticatorCode(secret, step + 1),
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.token_type).toBe('Bearer');
    expect((await t.get('/v1/auth/me', { token: signedIn.body.access_token })).body.email).toBe(address);
    // The mfaToken was single use.
    const again = await t.post('/v1/auth/login/mfa', {
      mfaToken: asked.body.mfaToken,
      totp: authenticatorCode(secret, step + 1),
    });
    expect([again.status, again.body.code]).toEqual([401, 'invalid_mfa_token']);

    const next = (await verify(address)).body.mfaToken;
    for (const refused of [step + 1, step, step - 1, step - 2]) {
      const res = await t.post('/v1/auth/login/mfa', {
        mfaToken: next,
        totp: authenticatorCode(secret, refused),
      });
      expect([refused - step, res.status, res.body.code]).toEqual([refused - step, 401, 'invalid_mfa_code']);
    }
  });

  it('signs in with a recovery code once (and mails about it); hyphens and case do not matter', async () => {
    const { address, token, codes } = await enrolled();
    const asked = await verify(address);
    const used = await t.post('/v1/auth/login/mfa', {
      mfaToken: asked.body.mfaToken,
      recoveryCode: codes[3].toLowerCase().replace(/-/g, ' '),
    });
    expect(used.status).toBe(200);
    await notice(address, /recovery code was used/i);
    const reuse = await t.post('/v1/auth/login/mfa', {
      mfaToken: (await verify(address)).body.mfaToken,
      recoveryCode: codes[3],
    });
    expect([reuse.status, reuse.body.code]).toEqual([401, 'invalid_mfa_code']);
    expect((await t.get('/v1/auth/factors', { token })).body.recoveryCodesLeft).toBe(9);
  });

  it('an mfaToken dies after 5 wrong answers, even before a right one; unknown tokens and two answers are refused', async () => {
    const { address, secret } = await enrolled();
    const { mfaToken } = (await verify(address)).body;
    for (let i = 0; i < 5; i++) {
      const wrong = await t.post('/v1/auth/login/mfa', { mfaToken, totp: '000000' });
      expect([wrong.status, wrong.body.code]).toEqual([401, 'invalid_mfa_code']);
    }
    const step = await stepWithMargin();
    const late = await t.post('/v1/auth/login/mfa', { mfaToken, totp: authenticatorCode(secret, step) });
    expect([late.status, late.body.code]).toEqual([401, 'invalid_mfa_token']);
    const unknown = await t.post('/v1/auth/login/mfa', { mfaToken: 'sfm_nope', totp: '123456' });
    expect([unknown.status, unknown.body.code]).toEqual([401, 'invalid_mfa_token']);
    const fresh = (await verify(address)).body.mfaToken;
    for (const body of [
      { mfaToken: fresh },
      { mfaToken: fresh, totp: '123456', recoveryCode: 'ABCD-EFGH-JKMN' },
    ]) {
      const bad = await t.post('/v1/auth/login/mfa', body);
      expect([bad.status, bad.body.code]).toEqual([400, 'validation_failed']);
    }
    const noToken = await t.post('/v1/auth/login/mfa', { totp: '123456' });
    expect([noToken.status, noToken.body.code]).toEqual([400, 'validation_failed']);
  });

  it('from the 11th failed answer in 15 minutes every answer of the account is 429, the right one too', async () => {
    const { address, secret } = await enrolled();
    let mfaToken = '';
    for (let i = 0; i < 10; i++) {
      if (i % 5 === 0) mfaToken = (await verify(address)).body.mfaToken; // a token takes 5 wrong answers
      const wrong = await t.post('/v1/auth/login/mfa', { mfaToken, totp: '000000' });
      expect(wrong.status).toBe(401);
    }
    const step = await stepWithMargin();
    const limited = await t.post('/v1/auth/login/mfa', {
      mfaToken: (await verify(address)).body.mfaToken,
      totp: authenticatorCode(secret, step),
    });
    expect([limited.status, limited.body.code]).toEqual([429, 'rate_limited']);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(800);
    // Another account is not affected.
    const other = await enrolled();
    const otherStep = await stepWithMargin();
    const ok = await t.post('/v1/auth/login/mfa', {
      mfaToken: (await verify(other.address)).body.mfaToken,
      totp: authenticatorCode(other.secret, otherStep + 1),
    });
    expect(ok.status).toBe(200);
  });
  it('an account without a factor signs in directly; removing the last factor removes the recovery codes (and mails)', async () => {
    const plain = await verify(email());
    expect(plain.body.access_token).toEqual(expect.any(String));

    const { address, token } = await enrolled();
    const removed = await t.delete('/v1/auth/factors/totp', { token }); // this session confirmed: verified
    expect(removed.status).toBe(204);
    await notice(address, /authenticator app was removed/i);
    expect((await t.get('/v1/auth/factors', { token })).body).toEqual({
      totp: null,
      passkeys: [],
      recoveryCodesLeft: 0,
    });
    expect((await verify(address)).body.access_token).toEqual(expect.any(String));
    const none = await t.delete('/v1/auth/factors/totp', { token });
    expect([none.status, none.body.code]).toEqual([404, 'not_found']);
  });

  it('regenerates recovery codes: ten new ones, the earlier ones dead, a mail', async () => {
    const { address, token, codes } = await enrolled();
    const fresh = await t.post('/v1/auth/factors/recovery-codes', undefined, { token });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    await notice(address, /new recovery codes/i);
    const old = await t.post('/v1/auth/login/mfa', {
      mfaToken: (await verify(address)).body.mfaToken,
      recoveryCode: codes[0],
    });
    expect([old.status, old.body.code]).toEqual([401, 'invalid_mfa_code']);
    const ok = await t.post('/v1/auth/login/mfa', {
      mfaToken: (await verify(address)).body.mfaToken,
      recoveryCode: fresh.body.recoveryCodes[0],
    });
    expect(ok.status).toBe(200);
    await notice(address, /recovery code was used/i);
  });
});
