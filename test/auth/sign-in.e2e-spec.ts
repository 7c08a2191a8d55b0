import { otpFrom, recordSql } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import jwt from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';

/** OTP sign-in, tokens, sessions, revocation. */
describe('account sign-in', () => {
  let t: TestApp;
  let n = 0;
  const email = () => `user${++n}-${Date.now()}@example.com`;

  beforeAll(async () => {
    t = await TestApp.start({ env: { OTP_MAX_ATTEMPTS: '5' } });
  });
  afterAll(() => t.close());

  const db = () => t.app.get(DataSource);
  /** Asks for a code for the address and reads it from the mail catcher. */
  const mailedCode = async (address: string): Promise<string> => {
    await t.post('/v1/auth/login', { email: address });
    return otpFrom(await t.mail.waitFor(address));
  };
  /** A well-formed code that is not `code`. */
  const otherThan = (code: string) => (code === '999999' ? '888888' : '999999');

  describe('POST /v1/auth/login', () => {
    it('sends a 6-digit code by real SMTP, in the subject and the text, and answers 202', async () => {
      const address = email();
      const res = await t.post('/v1/auth/login', { email: address });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ sent: true, expiresIn: 300, resendAfter: 0 });
      const mail = await t.mail.waitFor(address);
      const code = otpFrom(mail);
      expect(code).toMatch(/^\d{6}$/);
      expect(mail.text).toContain(code);
      expect(mail.from).toContain('no-reply@localhost');
    });

    it('answers known and unknown addresses identically', async () => {
      const known = email();
      await t.signIn(known);
      const a = await t.post('/v1/auth/login', { email: known });
      const b = await t.post('/v1/auth/login', { email: email() });
      expect(a.status).toBe(202);
      expect(b.status).toBe(a.status);
      expect(b.body).toEqual(a.body);
      expect([...b.headers.keys()].filter((h) => h !== 'x-request-id' && h !== 'date').sort()).toEqual(
        [...a.headers.keys()].filter((h) => h !== 'x-request-id' && h !== 'date').sort(),
      );
    });

    it('trims and lower-cases the e-mail before anything else', async () => {
      const address = email();
      const res = await t.post('/v1/auth/login', { email: `  ${address.toUpperCase()}  ` });
      expect(res.status).toBe(202);
      const code = otpFrom(await t.mail.waitFor(address));
      const verified = await t.post('/v1/auth/login/verify', { email: address.toUpperCase(), otp: code });
      expect(verified.status).toBe(200);
      const me = await t.get('/v1/auth/me', { token: verified.body.access_token });
      expect(me.body.email).toBe(address);
    });

    it.each([['not-an-email'], [''], [42], [null]])('refuses an invalid address %p with 400', async (bad) => {
      const res = await t.post('/v1/auth/login', { email: bad });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain('email');
    });

    it('stores the code only as a keyed hash', async () => {
      const address = email();
      const code = await mailedCode(address);
      const rows = await db().query(`SELECT * FROM otp_challenges WHERE email = $1`, [address]);
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(code);
      expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('replaces the previous code with a new login', async () => {
      const address = email();
      const first = await mailedCode(address);
      const second = await mailedCode(address);
      if (first !== second) {
        const old = await t.post('/v1/auth/login/verify', { email: address, otp: first });
        expect(old.status).toBe(401);
        expect(old.body.code).toBe('invalid_otp');
      }
      const ok = await t.post('/v1/auth/login/verify', { email: address, otp: second });
      expect(ok.status).toBe(200);
    });
  });

  describe('OTP cooldown', () => {
    let c: TestApp;
    beforeAll(async () => {
      c = await TestApp.start({ env: { OTP_RESEND_AFTER: '60' } });
    });
    afterAll(() => c.close());

    it('answers a second login within OTP_RESEND_AFTER with 429 and Retry-After, and sends no second mail', async () => {
      const address = email();
      expect((await c.post('/v1/auth/login', { email: address })).status).toBe(202);
      const again = await c.post('/v1/auth/login', { email: address });
      expect(again.status).toBe(429);
      expect(again.body.code).toBe('rate_limited');
      const retryAfter = Number(again.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      await c.mail.waitFor(address);
      await new Promise((r) => setTimeout(r, 200));
      expect(c.mail.messages.filter((m) => m.to.includes(address))).toHaveLength(1);
      // The cooldown is per address: another address is not held up.
      expect((await c.post('/v1/auth/login', { email: email() })).status).toBe(202);
    });
  });

  describe('POST /v1/auth/login/verify', () => {
    it('creates the account on the first verified login and returns the token pair', async () => {
      const address = email();
      const pair = await t.signIn(address);
      expect(pair).toEqual({
        access_token: expect.any(String),
        refresh_token: expect.stringMatching(/^sfr_/),
        token_type: 'Bearer',
        expires_in: 900,
        session_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      const claims = jwt.decode(pair.access_token, { complete: true })!;
      expect(claims.header.alg).toBe('HS256');
      expect(claims.payload).toMatchObject({
        typ: 'account',
        sid: pair.session_id,
        iss: t.config.publicUrl,
        sub: expect.any(String),
        jti: expect.any(String),
        iat: expect.any(Number),
        exp: expect.any(Number),
      });
      const me = await t.get('/v1/auth/me', { token: pair.access_token });
      expect(me.status).toBe(200);
      expect(me.body).toEqual({
        id: (claims.payload as jwt.JwtPayload).sub,
        email: address,
        createdAt: expect.any(String),
        providers: ['otp'],
      });
      // A second sign-in reaches the same account.
      const again = await t.signIn(address);
      const me2 = await t.get('/v1/auth/me', { token: again.access_token });
      expect(me2.body.id).toBe(me.body.id);
    });

    it('answers /me with one SQL query: the account is read with the revocation check', async () => {
      const pair = await t.signIn('one-trip@example.com');
      await t.get('/v1/auth/me', { token: pair.access_token }); // warm: statements prepared
      const { statements } = await recordSql(async () => {
        const me = await t.get('/v1/auth/me', { token: pair.access_token });
        expect(me.status).toBe(200);
        expect(me.body.email).toBe('one-trip@example.com');
        expect(me.body.providers).toEqual(['otp']);
      });
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/FROM sessions s JOIN accounts a/);
      // …and a revoked session is still refused by that same query.
      await t.post('/v1/auth/logout', undefined, { token: pair.access_token });
      expect((await t.get('/v1/auth/me', { token: pair.access_token })).status).toBe(401);
    });

    it("keeps the account's providers with its identities: each once, however many arrive at once", async () => {
      const pair = await t.signIn('linked@example.com');
      const accountId = (await t.get('/v1/auth/me', { token: pair.access_token })).body.id as string;
      // Three identities inserted at once, each in its own transaction held open a moment, two of one
      // provider: the account row's provider list must end with every provider, each once.
      const link = (provider: string) =>
        db().transaction(async (manager) => {
          await manager.query(
            `INSERT INTO account_identities (account_id, provider, subject) VALUES ($1, $2, $3)`,
            [accountId, provider, randomUUID()],
          );
          await new Promise((resolve) => setTimeout(resolve, 50));
        });
      await Promise.all([link('github'), link('google'), link('google')]);
      const me = await t.get('/v1/auth/me', { token: pair.access_token });
      expect(me.body.providers).toEqual(['otp', 'google', 'github']);
      const [row] = await db().query(`SELECT providers FROM accounts WHERE id = $1`, [accountId]);
      expect([...row.providers].sort()).toEqual(['github', 'google', 'otp']);
    });

    it("records a session's use at most once a minute, decided on the database's clock", async () => {
      const pair = await t.signIn('touch@example.com');
      const lastUsed = async () =>
        (
          await db().query(`SELECT last_used_at::text AS at FROM sessions WHERE id = $1`, [pair.session_id])
        )[0].at as string;
      const initial = await lastUsed();
      await t.get('/v1/auth/me', { token: pair.access_token });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await lastUsed()).toBe(initial); // used within the minute: the read stays a read
      await db().query(`UPDATE sessions SET last_used_at = now() - interval '2 minutes' WHERE id = $1`, [
        pair.session_id,
      ]);
      const old = await lastUsed();
      await t.get('/v1/auth/me', { token: pair.access_token });
      const deadline = Date.now() + 5_000;
      while ((await lastUsed()) === old && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(new Date(await lastUsed()).getTime()).toBeGreaterThan(Date.now() - 30_000);
    });

    it('answers wrong, never-requested and used codes with the same 401 invalid_otp', async () => {
      const address = email();
      const code = await mailedCode(address);
      const wrong = await t.post('/v1/auth/login/verify', {
        email: address,
        otp: code === '000000' ? '111111' : '000000',
      });
      const never = await t.post('/v1/auth/login/verify', { email: email(), otp: '123456' });
      expect((await t.post('/v1/auth/login/verify', { email: address, otp: code })).status).toBe(200);
      const used = await t.post('/v1/auth/login/verify', { email: address, otp: code });
      for (const res of [wrong, never, used]) {
        expect(res.status).toBe(401);
        expect(res.body.code).toBe('invalid_otp');
        expect(res.body.detail).toBe(wrong.body.detail);
      }
    });

    it('refuses an expired code', async () => {
      const address = email();
      const code = await mailedCode(address);
      await db().query(
        `UPDATE otp_challenges SET expires_at = now() - interval '1 second' WHERE email = $1`,
        [address],
      );
      const res = await t.post('/v1/auth/login/verify', { email: address, otp: code });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('invalid_otp');
    });

    it('kills the code after OTP_MAX_ATTEMPTS wrong tries, even if the next try is right', async () => {
      const address = email();
      const code = await mailedCode(address);
      const wrongCode = otherThan(code);
      for (let i = 0; i < 5; i++) {
        expect((await t.post('/v1/auth/login/verify', { email: address, otp: wrongCode })).status).toBe(401);
      }
      const right = await t.post('/v1/auth/login/verify', { email: address, otp: code });
      expect(right.status).toBe(401);
      expect(right.body.code).toBe('invalid_otp');
    });

    // 15, not 20: 20 failures would spend the address's hourly budget (OTP_MAX_FAILURES, default 20) and the
    // last verify would be 429 instead of showing that the code itself is dead (test/auth/otp-budget-and-session-lifetime.e2e-spec.ts covers that).
    it('counts attempts atomically: 15 parallel wrong guesses are never more than OTP_MAX_ATTEMPTS checks', async () => {
      const address = email();
      const code = await mailedCode(address);
      const wrongCode = otherThan(code);
      const results = await Promise.all(
        Array.from({ length: 15 }, () => t.post('/v1/auth/login/verify', { email: address, otp: wrongCode })),
      );
      expect(results.every((r) => r.status === 401)).toBe(true);
      const [row] = await db().query(`SELECT attempts FROM otp_challenges WHERE email = $1`, [address]);
      expect(row.attempts).toBe(5);
      expect((await t.post('/v1/auth/login/verify', { email: address, otp: code })).status).toBe(401);
    });

    it('is single-use under concurrency: of 10 parallel right verifies exactly one gets a token pair', async () => {
      const address = email();
      const code = await mailedCode(address);
      const results = await Promise.all(
        Array.from({ length: 10 }, () => t.post('/v1/auth/login/verify', { email: address, otp: code })),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.status === 401 && r.body.code === 'invalid_otp')).toHaveLength(9);
      const [{ count }] = await db().query(
        `SELECT count(*)::int AS count FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE a.email = $1`,
        [address],
      );
      expect(count).toBe(1);
    });
  });

  describe('refresh tokens', () => {
    it('rotate: a new pair with the same session, the old refresh token dead', async () => {
      const pair = await t.signIn(email());
      const next = await t.post('/v1/auth/refresh', { refresh_token: pair.refresh_token });
      expect(next.status).toBe(200);
      expect(next.headers.get('cache-control')).toBe('no-store');
      expect(next.body.session_id).toBe(pair.session_id);
      expect(next.body.refresh_token).not.toBe(pair.refresh_token);
      expect(next.body.access_token).not.toBe(pair.access_token);
      expect((await t.get('/v1/auth/me', { token: next.body.access_token })).status).toBe(200);
      const rows = await db().query(`SELECT token_hash FROM refresh_tokens`);
      expect(JSON.stringify(rows)).not.toContain(next.body.refresh_token);
    });

    it('reuse of a used refresh token (after REFRESH_REUSE_INTERVAL) kills the whole session and answers 401', async () => {
      const pair = await t.signIn(email());
      const next = await t.post('/v1/auth/refresh', { refresh_token: pair.refresh_token });
      expect(next.status).toBe(200);
      // Rotated longer ago than the reuse interval (within it, a retry gets a pair: auth-hardening spec).
      await db().query(
        `UPDATE refresh_tokens SET used_at = now() - interval '1 hour' WHERE session_id = $1 AND used_at IS NOT NULL`,
        [pair.session_id],
      );
      const reuse = await t.post('/v1/auth/refresh', { refresh_token: pair.refresh_token });
      expect(reuse.status).toBe(401);
      expect(reuse.body.code).toBe('invalid_token');
      // The session is dead: the newest access token and refresh token are refused too.
      expect((await t.get('/v1/auth/me', { token: next.body.access_token })).status).toBe(401);
      expect((await t.post('/v1/auth/refresh', { refresh_token: next.body.refresh_token })).status).toBe(401);
    });

    it.each([['sfr_unknown'], ['garbage'], [randomUUID()]])(
      'refuses an unknown refresh token %p with 401 invalid_token',
      async (token) => {
        const res = await t.post('/v1/auth/refresh', { refresh_token: token });
        expect(res.status).toBe(401);
        expect(res.body.code).toBe('invalid_token');
      },
    );

    it('refuses an expired refresh token', async () => {
      const pair = await t.signIn(email());
      await db().query(
        `UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE session_id = $1`,
        [pair.session_id],
      );
      expect((await t.post('/v1/auth/refresh', { refresh_token: pair.refresh_token })).status).toBe(401);
    });

    it('refuses a refresh token sent as an access token', async () => {
      const pair = await t.signIn(email());
      const res = await t.get('/v1/auth/me', { token: pair.refresh_token });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('invalid_token');
    });
  });

  describe('revocation is immediate', () => {
    it('logout: this session dead on the very next request, refresh included; other sessions live', async () => {
      const address = email();
      const a = await t.signIn(address);
      const b = await t.signIn(address);
      expect((await t.get('/v1/auth/me', { token: a.access_token })).status).toBe(200);
      const out = await t.post('/v1/auth/logout', undefined, { token: a.access_token });
      expect(out.status).toBe(204);
      const after = await t.get('/v1/auth/me', { token: a.access_token });
      expect(after.status).toBe(401);
      expect(after.body.code).toBe('invalid_token');
      expect(after.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
      expect((await t.post('/v1/auth/refresh', { refresh_token: a.refresh_token })).status).toBe(401);
      expect((await t.get('/v1/auth/me', { token: b.access_token })).status).toBe(200);
    });

    it('logout-all: every session of the account dead, this one included; other accounts untouched', async () => {
      const address = email();
      const a = await t.signIn(address);
      const b = await t.signIn(address);
      const other = await t.signIn(email());
      expect((await t.post('/v1/auth/logout-all', undefined, { token: a.access_token })).status).toBe(204);
      for (const pair of [a, b]) {
        expect((await t.get('/v1/auth/me', { token: pair.access_token })).status).toBe(401);
        expect((await t.post('/v1/auth/refresh', { refresh_token: pair.refresh_token })).status).toBe(401);
      }
      expect((await t.get('/v1/auth/me', { token: other.access_token })).status).toBe(200);
    });

    it('a second instance on the same database refuses a token revoked through the first', async () => {
      if (!process.env.TEST_DATABASE_URL && !process.env.DATABASE_URL) {
        // The embedded database belongs to one process; the two-instance case needs a server.
        expect(t.config.databaseUrl).toBeNull();
        return;
      }
      const second = await TestApp.start({
        databaseUrl: t.config.databaseUrl!,
        env: {
          JWT_SECRET: t.config.jwtSecret,
          OTP_PEPPER: t.config.otpPepper,
          PUBLIC_URL: t.config.publicUrl,
          MIGRATIONS_RUN: 'false',
        },
      });
      try {
        const pair = await t.signIn(email());
        expect((await second.get('/v1/auth/me', { token: pair.access_token })).status).toBe(200);
        expect((await t.post('/v1/auth/logout', undefined, { token: pair.access_token })).status).toBe(204);
        expect((await second.get('/v1/auth/me', { token: pair.access_token })).status).toBe(401);
      } finally {
        await second.close();
      }
    });
  });

  describe('sessions', () => {
    it('lists live sessions with the current one marked, and revokes one by id', async () => {
      const address = email();
      const a = await t.signIn(address);
      const b = await t.signIn(address);
      const list = await t.get('/v1/auth/sessions', {
        token: a.access_token,
        headers: { 'user-agent': 'jest-agent' },
      });
      expect(list.status).toBe(200);
      expect(list.body).toHaveLength(2);
      const current = list.body.find((s: { id: string }) => s.id === a.session_id);
      expect(current).toEqual({
        id: a.session_id,
        method: 'otp',
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
        userAgent: expect.any(String),
        ip: expect.any(String),
        current: true,
      });
      expect(list.body.find((s: { id: string }) => s.id === b.session_id).current).toBe(false);

      expect((await t.delete(`/v1/auth/sessions/${b.session_id}`, { token: a.access_token })).status).toBe(
        204,
      );
      expect((await t.get('/v1/auth/me', { token: b.access_token })).status).toBe(401);
      expect((await t.post('/v1/auth/refresh', { refresh_token: b.refresh_token })).status).toBe(401);
      const after = await t.get('/v1/auth/sessions', { token: a.access_token });
      expect(after.body.map((s: { id: string }) => s.id)).toEqual([a.session_id]);
      // Revoking it again: it no longer exists as a live session.
      const again = await t.delete(`/v1/auth/sessions/${b.session_id}`, { token: a.access_token });
      expect(again.status).toBe(404);
      expect(again.body.code).toBe('session_not_found');
    });

    it("answers 404 session_not_found for another account's session, a random id and a non-UUID", async () => {
      const mine = await t.signIn(email());
      const theirs = await t.signIn(email());
      for (const id of [theirs.session_id, randomUUID(), 'not-a-uuid', "1' OR '1'='1"]) {
        const res = await t.delete(`/v1/auth/sessions/${encodeURIComponent(id)}`, {
          token: mine.access_token,
        });
        expect(res.status).toBe(404);
        expect(res.body.code).toBe('session_not_found');
      }
      expect((await t.get('/v1/auth/me', { token: theirs.access_token })).status).toBe(200);
      const list = await t.get('/v1/auth/sessions', { token: mine.access_token });
      expect(list.body.map((s: { id: string }) => s.id)).toEqual([mine.session_id]);
    });
  });

  describe('access tokens: every forged or stale token is 401 invalid_token', () => {
    let pair: Awaited<ReturnType<TestApp['signIn']>>;
    let claims: jwt.JwtPayload;
    beforeAll(async () => {
      pair = await t.signIn(email());
      claims = jwt.decode(pair.access_token) as jwt.JwtPayload;
    });
    const sign = (payload: object, key: string = t.config.jwtSecret, options: jwt.SignOptions = {}) =>
      jwt.sign(payload, key, { algorithm: 'HS256', ...options });
    const base = () => ({
      typ: 'account',
      sub: claims.sub,
      sid: claims.sid,
      jti: randomUUID(),
      iss: t.config.publicUrl,
    });

    it('accepts a well-formed token signed with the key (control case)', async () => {
      const token = sign({ ...base() }, t.config.jwtSecret, { expiresIn: 60 });
      expect((await t.get('/v1/auth/me', { token })).status).toBe(200);
    });

    const cases: [string, () => string][] = [
      [
        'alg none',
        () => {
          const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
          return `${enc({ alg: 'none', typ: 'JWT' })}.${enc({ ...base(), exp: Math.floor(Date.now() / 1000) + 60 })}.`;
        },
      ],
      ['wrong key', () => sign(base(), 'x'.repeat(48), { expiresIn: 60 })],
      [
        'HS512 with the right key',
        () => jwt.sign({ ...base() }, t.config.jwtSecret, { algorithm: 'HS512', expiresIn: 60 }),
      ],
      ['expired', () => sign({ ...base(), exp: Math.floor(Date.now() / 1000) - 10 })],
      [
        'future nbf',
        () =>
          sign({ ...base(), nbf: Math.floor(Date.now() / 1000) + 600 }, t.config.jwtSecret, {
            expiresIn: 900,
          }),
      ],
      [
        'wrong iss',
        () => sign({ ...base(), iss: 'https://evil.example' }, t.config.jwtSecret, { expiresIn: 60 }),
      ],
      ['no typ', () => sign({ ...base(), typ: undefined }, t.config.jwtSecret, { expiresIn: 60 })],
      [
        'unknown session',
        () => sign({ ...base(), sid: randomUUID() }, t.config.jwtSecret, { expiresIn: 60 }),
      ],
      [
        'session of another account',
        () => sign({ ...base(), sub: randomUUID() }, t.config.jwtSecret, { expiresIn: 60 }),
      ],
      [
        'non-uuid claims',
        () => sign({ ...base(), sid: 'abc', sub: "' OR 1=1" }, t.config.jwtSecret, { expiresIn: 60 }),
      ],
      [
        'tampered payload',
        () => {
          const [h, , s] = pair.access_token.split('.');
          const p = Buffer.from(JSON.stringify({ ...claims, sub: randomUUID() })).toString('base64url');
          return `${h}.${p}.${s}`;
        },
      ],
      ['garbage', () => 'not.a.jwt'],
    ];
    it.each(cases)('%s', async (_name, make) => {
      const res = await t.get('/v1/auth/me', { token: make() });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('invalid_token');
      expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    });

    it('no token: 401 unauthenticated with WWW-Authenticate: Bearer', async () => {
      const res = await t.get('/v1/auth/me');
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('unauthenticated');
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    });

    it('refuses a token in the query string, even alongside a valid header', async () => {
      const res = await t.get(`/v1/auth/me?access_token=${pair.access_token}`, { token: pair.access_token });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('invalid_token');
      const alone = await t.get(`/v1/auth/me?access_token=${pair.access_token}`);
      expect(alone.status).toBe(401);
    });

    it('refuses a non-Bearer Authorization scheme', async () => {
      const res = await t.get('/v1/auth/me', { headers: { authorization: `Basic ${pair.access_token}` } });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('invalid_token');
    });
  });
});

describe('GET /v1/auth/providers', () => {
  it('lists only e-mail codes when no social provider is configured', async () => {
    const t = await TestApp.start();
    try {
      const res = await t.get('/v1/auth/providers');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ providers: ['otp'], codeDelivery: 'mail' });
    } finally {
      await t.close();
    }
  });

  it('lists the providers turned on, in a stable order', async () => {
    const t = await TestApp.start({
      env: {
        GITHUB_CLIENT_ID: 'gh-id',
        GITHUB_CLIENT_SECRET: 'gh-secret',
        GOOGLE_CLIENT_ID: 'g-id',
        GOOGLE_CLIENT_SECRET: 'g-secret',
      },
    });
    try {
      expect((await t.get('/v1/auth/providers')).body).toEqual({
        providers: ['otp', 'google', 'github'],
        codeDelivery: 'mail',
      });
    } finally {
      await t.close();
    }
  });

  it('says the code goes to the server log when SMTP_URL is unset (development)', async () => {
    const t = await TestApp.start({ env: { SMTP_URL: '' } });
    try {
      expect((await t.get('/v1/auth/providers')).body).toEqual({ providers: ['otp'], codeDelivery: 'log' });
    } finally {
      await t.close();
    }
  });

  it('lists GitHub alone when only GitHub is on', async () => {
    const t = await TestApp.start({ env: { GITHUB_CLIENT_ID: 'gh-id', GITHUB_CLIENT_SECRET: 'gh-secret' } });
    try {
      expect((await t.get('/v1/auth/providers')).body).toEqual({
        providers: ['otp', 'github'],
        codeDelivery: 'mail',
      });
    } finally {
      await t.close();
    }
  });
});
