import { ExpiredRowsPurge } from '@app/database';
import { serverUrl } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';

/**
 * The periodic purge of expired rows: what has stopped mattering goes, what revocation, reuse detection
 * and cooldowns still need stays, and two instances purging at once neither fail nor double-count.
 */
describe('purge of expired rows', () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await TestApp.start();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const count = async (sql: string, params: unknown[] = []) =>
    ((await db.query(`SELECT count(*)::int AS n FROM ${sql}`, params)) as { n: number }[])[0].n;
  const hash = () => randomBytes(32).toString('hex');

  it('deletes expired rows of every kind and keeps the live ones', async () => {
    const live = await t.signIn('live@example.com');
    const old = await t.signIn('old@example.com');
    const [{ id: accountId }] = (await db.query(
      `SELECT id FROM accounts WHERE email = 'live@example.com'`,
    )) as {
      id: string;
    }[];
    // Age what belongs to "old": a finished code, a long-expired refresh token, a session ended 31 days ago.
    await db.query(
      `UPDATE otp_challenges SET expires_at = now() - interval '1 minute', created_at = now() - interval '10 minutes'
        WHERE email = 'old@example.com'`,
    );
    await db.query(`UPDATE refresh_tokens SET expires_at = now() - interval '2 days' WHERE session_id = $1`, [
      old.session_id,
    ]);
    await db.query(`UPDATE sessions SET revoked_at = now() - interval '31 days' WHERE id = $1`, [
      old.session_id,
    ]);
    await db.query(
      `INSERT INTO otp_failures (email, failed_at) VALUES ('x@example.com', now() - interval '2 hours'),
              ('x@example.com', now() - interval '10 minutes')`,
    );
    const expiredJti = randomUUID();
    const liveJti = randomUUID();
    await db.query(
      `INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, now() - interval '1 hour'), ($2, now() + interval '1 hour')`,
      [expiredJti, liveJti],
    );
    await db.query(
      `INSERT INTO login_codes (code_hash, account_id, method, expires_at)
       VALUES ($1, $3, 'google', now() - interval '1 minute'), ($2, $3, 'google', now() + interval '1 minute')`,
      [hash(), hash(), accountId],
    );
    await db.query(
      `INSERT INTO social_login_states (state_hash, provider, binding_hash, expires_at)
       VALUES ($1, 'google', $3, now() - interval '1 minute'), ($2, 'google', $3, now() + interval '5 minutes')`,
      [hash(), hash(), hash()],
    );
    // (v1.4) An mfaToken expired two days ago and a live one; a second-factor failure past its 15 minutes.
    await db.query(
      `INSERT INTO mfa_challenges (token_hash, account_id, method, expires_at)
       VALUES ($1, $3, 'otp', now() - interval '2 days'), ($2, $3, 'otp', now() + interval '5 minutes')`,
      [hash(), hash(), accountId],
    );
    await db.query(
      `INSERT INTO second_factor_failures (account_id, failed_at)
       VALUES ($1, now() - interval '20 minutes'), ($1, now() - interval '1 minute')`,
      [accountId],
    );
    // (v1.4) A WebAuthn challenge past its 300 s and a live one.
    await db.query(
      `INSERT INTO webauthn_challenges (challenge, purpose, expires_at)
       VALUES ($1, 'login', now() - interval '1 second'), ($2, 'login', now() + interval '5 minutes')`,
      [hash(), hash()],
    );

    const report = await t.app.get(ExpiredRowsPurge).purgeOnce();
    expect(report.ran).toBe(true);
    expect(report.deleted).toMatchObject({
      otp_challenges: 1,
      otp_failures: 1,
      revoked_tokens: 1,
      sessions: 1,
      login_codes: 1,
      social_login_states: 1,
      mfa_challenges: 1,
      second_factor_failures: 1,
      webauthn_challenges: 1,
    });
    expect(await count(`mfa_challenges`)).toBe(1);
    expect(await count(`second_factor_failures`)).toBe(1);
    expect(await count(`webauthn_challenges`)).toBe(1);
    // The old session's refresh tokens went (expired, and with the session by the cascade).
    expect(await count(`refresh_tokens WHERE session_id = $1`, [old.session_id])).toBe(0);
    // What is live stays.
    expect(await count(`otp_challenges WHERE email = 'live@example.com'`)).toBe(1);
    expect(await count(`otp_failures WHERE email = 'x@example.com'`)).toBe(1);
    expect(await count(`revoked_tokens WHERE jti = $1`, [liveJti])).toBe(1);
    expect(await count(`login_codes`)).toBe(1);
    expect(await count(`social_login_states`)).toBe(1);
    expect(await count(`sessions WHERE id = $1`, [live.session_id])).toBe(1);
    expect((await t.get('/v1/auth/me', { token: live.access_token })).status).toBe(200);
    expect((await t.post('/v1/auth/refresh', { refresh_token: live.refresh_token })).status).toBe(200);
    // The purged session's tokens stay refused.
    expect((await t.get('/v1/auth/me', { token: old.access_token })).status).toBe(401);
    expect((await t.post('/v1/auth/refresh', { refresh_token: old.refresh_token })).status).toBe(401);

    // A second round finds nothing more.
    const again = await t.app.get(ExpiredRowsPurge).purgeOnce();
    expect(Object.values(again.deleted).every((n) => n === 0)).toBe(true);
  });

  it('deletes a large backlog in batches', async () => {
    await db.query(
      `INSERT INTO otp_failures (email, failed_at)
       SELECT 'backlog@example.com', now() - interval '3 hours' FROM generate_series(1, 2500)`,
    );
    const report = await t.app.get(ExpiredRowsPurge).purgeOnce();
    expect(report.deleted.otp_failures).toBe(2500);
    expect(await count(`otp_failures WHERE email = 'backlog@example.com'`)).toBe(0);
  });

  // Another instance's lock needs a second connection, which the embedded database (one session, a pool of
  // one) has not: there this case is skipped, saying so — `test` is `it`, or `it.skip`.
  const test = serverUrl() !== null ? it : it.skip;
  if (serverUrl() === null)
    process.stderr.write(
      'skipped: the purge-lock case of test/database/maintenance.e2e-spec.ts needs two connections; the embedded database has one\n',
    );
  test('steps aside while another instance holds the purge lock, and leaves no lock behind on any connection', async () => {
    await db.query(
      `INSERT INTO otp_failures (email, failed_at) VALUES ('locked@example.com', now() - interval '3 hours')`,
    );
    // Another instance in the middle of a batch: its transaction holds the lock.
    const other = db.createQueryRunner();
    await other.connect();
    try {
      await other.startTransaction();
      await other.query(`SELECT pg_advisory_xact_lock(7423915112026110001)`);
      const skipped = await t.app.get(ExpiredRowsPurge).purgeOnce();
      expect(skipped).toEqual({ ran: false, deleted: {} });
      expect(await count(`otp_failures WHERE email = 'locked@example.com'`)).toBe(1);
    } finally {
      await other.commitTransaction();
      await other.release();
    }
    const report = await t.app.get(ExpiredRowsPurge).purgeOnce();
    expect(report.ran).toBe(true);
    expect(await count(`otp_failures WHERE email = 'locked@example.com'`)).toBe(0);
    // A transaction-level lock ends with its transaction: nothing stays held between rounds (a session-level
    // lock behind a transaction-mode pooler could stay stuck on a server connection and stop every purge).
    expect(
      await count(
        `pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      ),
    ).toBe(0);
  });

  it('keeps revoked tokens refused after a purge (a logged-out session, a revoked app token)', async () => {
    const pair = await t.signIn('revoked@example.com');
    expect((await t.post('/v1/auth/logout', undefined, { token: pair.access_token })).status).toBe(204);
    const store = await t.post(
      '/v1/user/stores/onboarding/stage1',
      { name: 'Purge shop', description: 'x' },
      { token: (await t.signIn('owner@example.com')).access_token },
    );
    const owner = await t.signIn('owner@example.com');
    const app = await t.post(
      '/v1/user/stores/oauth/apps',
      { storeId: store.body.id, name: 'purge app' },
      { token: owner.access_token },
    );
    const client = { client_id: app.body.clientId, client_secret: app.body.clientSecret };
    const token = await t.post('/v1/auth/oauth/token', { grant_type: 'client_credentials', ...client });
    expect(
      (await t.post('/v1/auth/oauth/revoke', { token: token.body.access_token, ...client })).status,
    ).toBe(200);

    await t.app.get(ExpiredRowsPurge).purgeOnce();
    expect((await t.get('/v1/auth/me', { token: pair.access_token })).status).toBe(401);
    expect((await t.get('/v1/app/store', { token: token.body.access_token })).status).toBe(401);
  });

  it('is safe when two instances purge at the same moment', async () => {
    await db.query(
      `INSERT INTO otp_failures (email, failed_at)
       SELECT 'twice@example.com', now() - interval '3 hours' FROM generate_series(1, 1500)`,
    );
    // A second instance on the same database when there is a server; on the embedded database (one
    // process owns it) two rounds of the same instance race instead.
    const second = t.config.databaseUrl ? await TestApp.start({ databaseUrl: t.config.databaseUrl }) : t;
    try {
      const reports = await Promise.all([
        t.app.get(ExpiredRowsPurge).purgeOnce(),
        second.app.get(ExpiredRowsPurge).purgeOnce(),
      ]);
      const deleted = reports.reduce((sum, r) => sum + (r.deleted.otp_failures ?? 0), 0);
      expect(deleted).toBe(1500);
      expect(reports.some((r) => r.ran)).toBe(true);
      expect(await count(`otp_failures WHERE email = 'twice@example.com'`)).toBe(0);
    } finally {
      if (second !== t) await second.close();
    }
  });
});
