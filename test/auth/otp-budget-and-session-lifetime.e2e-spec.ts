import { otpFrom } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { DataSource } from 'typeorm';

/**
 * Sign-in as an attacker tries it: an hourly OTP failure budget per address that a new code does not
 * reset, sessions that end SESSION_MAX_AGE after sign-in however often they are refreshed, and a refresh
 * reuse interval that lets retries and parallel tabs through while later reuse still kills the session.
 */
let counter = 0;
const email = () => `hardening-${Date.now()}-${++counter}@example.com`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function requestCode(t: TestApp, address: string): Promise<string> {
  const login = await t.post('/v1/auth/login', { email: address });
  expect(login.status).toBe(202);
  return otpFrom(await t.mail.waitFor(address));
}

const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

describe('OTP failure budget per address (OTP_MAX_FAILURES)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start({ env: { OTP_MAX_FAILURES: '10', OTP_MAX_ATTEMPTS: '5' } });
  });
  afterAll(() => t.close());

  it('counts failures across codes: after 2 × 5 wrong codes even the right code is 429; other addresses sign in', async () => {
    const address = email();
    for (let round = 0; round < 2; round++) {
      const code = await requestCode(t, address);
      for (let i = 0; i < 5; i++) {
        const res = await t.post('/v1/auth/login/verify', { email: address, otp: wrong(code) });
        expect(res.status).toBe(401);
        expect(res.body.code).toBe('invalid_otp');
      }
    }
    // A third, fresh code does not reset the budget.
    const code = await requestCode(t, address);
    const limited = await t.post('/v1/auth/login/verify', { email: address, otp: code });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Another address is unaffected.
    const other = email();
    const otherCode = await requestCode(t, other);
    expect((await t.post('/v1/auth/login/verify', { email: other, otp: otherCode })).status).toBe(200);
  });

  it('frees up as the rolling hour moves on', async () => {
    const address = email();
    for (let i = 0; i < 10; i++) {
      expect((await t.post('/v1/auth/login/verify', { email: address, otp: '123456' })).status).toBe(401);
    }
    expect((await t.post('/v1/auth/login/verify', { email: address, otp: '123456' })).status).toBe(429);
    // The oldest failure leaves the window: one more try is allowed, and it is the right one.
    await t.app.get(DataSource).query(
      `UPDATE otp_failures SET failed_at = now() - interval '61 minutes'
          WHERE id = (SELECT min(id) FROM otp_failures WHERE email = $1)`,
      [address],
    );
    const code = await requestCode(t, address);
    expect((await t.post('/v1/auth/login/verify', { email: address, otp: code })).status).toBe(200);
  });

  it('holds under 30 parallel wrong guesses: never more failures recorded than the budget', async () => {
    const address = email();
    // The code allows only 5 comparisons, but every guess past them still fails and counts toward the
    // address budget (10): exactly 10 are recorded as 401, the other 20 wait on the lock and get 429.
    const code = await requestCode(t, address);
    const results = await Promise.all(
      Array.from({ length: 30 }, () => t.post('/v1/auth/login/verify', { email: address, otp: wrong(code) })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    const [{ failures }] = await t.app
      .get(DataSource)
      .query(`SELECT count(*)::int AS failures FROM otp_failures WHERE email = $1`, [address]);
    expect(failures).toBe(10);
    const fresh = await requestCode(t, address);
    expect((await t.post('/v1/auth/login/verify', { email: address, otp: fresh })).status).toBe(429);
  });
});

describe('SESSION_MAX_AGE', () => {
  it('ends a session that many seconds after sign-in, refreshed or not', async () => {
    const t = await TestApp.start({ env: { SESSION_MAX_AGE: '3', ACCESS_TOKEN_TTL: '60' } });
    try {
      const pair = await t.signIn(email());
      await sleep(1200);
      const refreshed = await t.post('/v1/auth/refresh', { refresh_token: pair.refresh_token });
      expect(refreshed.status).toBe(200);
      expect((await t.get('/v1/auth/me', { token: refreshed.body.access_token })).status).toBe(200);
      // The refresh token handed out never outlives the session.
      const [row] = await t.app.get(DataSource).query(
        `SELECT (rt.expires_at <= s.created_at + interval '3 seconds') AS capped
             FROM refresh_tokens rt JOIN sessions s ON s.id = rt.session_id
            WHERE rt.session_id = $1 AND rt.used_at IS NULL`,
        [pair.session_id],
      );
      expect(row.capped).toBe(true);
      await sleep(2300);
      const me = await t.get('/v1/auth/me', { token: refreshed.body.access_token });
      expect(me.status).toBe(401);
      expect(me.body.code).toBe('invalid_token');
      const again = await t.post('/v1/auth/refresh', { refresh_token: refreshed.body.refresh_token });
      expect(again.status).toBe(401);
      expect(again.body.code).toBe('invalid_token');
      // A new sign-in is a new session with its own clock, and the ended one is not listed.
      const next = await t.signIn(`${pair.session_id}@example.com`);
      const sessions = await t.get('/v1/auth/sessions', { token: next.access_token });
      expect(sessions.body.map((s: { id: string }) => s.id)).toEqual([next.session_id]);
    } finally {
      await t.close();
    }
  });
});

describe('REFRESH_REUSE_INTERVAL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start({ env: { REFRESH_REUSE_INTERVAL: '2' } });
  });
  afterAll(() => t.close());

  it('lets 5 concurrent refreshes with one token all succeed, same session, every pair usable', async () => {
    const pair = await t.signIn(email());
    const results = await Promise.all(
      Array.from({ length: 5 }, () => t.post('/v1/auth/refresh', { refresh_token: pair.refresh_token })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.session_id))).toEqual(new Set([pair.session_id]));
    expect(new Set(results.map((r) => r.body.refresh_token)).size).toBe(5);
    for (const r of results) {
      expect((await t.get('/v1/auth/me', { token: r.body.access_token })).status).toBe(200);
    }
    // Each new refresh token works (once) and the session is alive.
    for (const r of results) {
      expect((await t.post('/v1/auth/refresh', { refresh_token: r.body.refresh_token })).status).toBe(200);
    }
  });

  it('kills the session when a rotated token comes back after the interval', async () => {
    const pair = await t.signIn(email());
    const next = await t.post('/v1/auth/refresh', { refresh_token: pair.refresh_token });
    expect(next.status).toBe(200);
    const retry = await t.post('/v1/auth/refresh', { refresh_token: pair.refresh_token });
    expect(retry.status).toBe(200);
    await sleep(2500);
    const reuse = await t.post('/v1/auth/refresh', { refresh_token: pair.refresh_token });
    expect(reuse.status).toBe(401);
    expect(reuse.body.code).toBe('invalid_token');
    // Dead on the very next request, for every pair of the session.
    expect((await t.get('/v1/auth/me', { token: next.body.access_token })).status).toBe(401);
    expect((await t.get('/v1/auth/me', { token: retry.body.access_token })).status).toBe(401);
    expect((await t.post('/v1/auth/refresh', { refresh_token: retry.body.refresh_token })).status).toBe(401);
  });

  it('gives nothing for a rotated token of a session that was signed out', async () => {
    const pair = await t.signIn(email());
    const next = await t.post('/v1/auth/refresh', { refresh_token: pair.refresh_token });
    expect((await t.post('/v1/auth/logout', undefined, { token: next.body.access_token })).status).toBe(204);
    expect((await t.post('/v1/auth/refresh', { refresh_token: pair.refresh_token })).status).toBe(401);
  });

  it('with REFRESH_REUSE_INTERVAL=0, any second use is reuse', async () => {
    const strict = await TestApp.start({ env: { REFRESH_REUSE_INTERVAL: '0' } });
    try {
      const pair = await strict.signIn(email());
      const next = await strict.post('/v1/auth/refresh', { refresh_token: pair.refresh_token });
      expect(next.status).toBe(200);
      await sleep(20);
      expect((await strict.post('/v1/auth/refresh', { refresh_token: pair.refresh_token })).status).toBe(401);
      expect((await strict.get('/v1/auth/me', { token: next.body.access_token })).status).toBe(401);
    } finally {
      await strict.close();
    }
  });
});
