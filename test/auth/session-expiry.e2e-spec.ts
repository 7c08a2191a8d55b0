import { DataSource } from 'typeorm';
import { SignedIn, TestApp } from '@app/testing/test-app';

// One definition of a session's life, used alike by the per-request check, the session list,
// revocation and refresh: a session lives until the later of its refresh token's expiry (sliding, moved
// by each refresh) and the expiry of the last access token it handed out — never past SESSION_MAX_AGE
// from sign-in. So a session that accepts requests can always be listed and revoked, and one that
// cannot be listed accepts nothing, whatever ACCESS_TOKEN_TTL and REFRESH_TOKEN_TTL are.
//
// Time is simulated by moving the session's (and its refresh tokens') timestamps back in the database.

describe('session expiry: the per-request check, the list and revocation agree', () => {
  let t: TestApp;
  /** The app's own data source: the same database on a PostgreSQL server and on the embedded PGlite. */
  let db: { query(text: string, values?: unknown[]): Promise<{ rows: { left: number }[] }> };

  /** Moves a session `seconds` into the past, as if that much time had gone by since it was written. */
  const age = async (sessionId: string, seconds: number) => {
    await db.query(
      `UPDATE sessions SET created_at = created_at - make_interval(secs => $2),
                           last_used_at = last_used_at - make_interval(secs => $2),
                           expires_at = expires_at - make_interval(secs => $2)
        WHERE id = $1`,
      [sessionId, seconds],
    );
    await db.query(
      `UPDATE refresh_tokens SET expires_at = expires_at - make_interval(secs => $2) WHERE session_id = $1`,
      [sessionId, seconds],
    );
  };
  const listed = async (token: string) => {
    const res = await t.get('/v1/auth/sessions', { token });
    return res.status === 200 ? (res.body as { id: string }[]).map((s) => s.id) : res.status;
  };

  beforeAll(async () => {
    // Access tokens outlive refresh tokens: the configuration where the two definitions used to split.
    t = await TestApp.start({ env: { ACCESS_TOKEN_TTL: '3600', REFRESH_TOKEN_TTL: '60' } });
    const source = t.app.get(DataSource);
    db = {
      query: async (text, values) => ({ rows: (await source.query(text, values)) as { left: number }[] }),
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('past the refresh expiry, the session whose access token still works is listed and revocable', async () => {
    const other: SignedIn = await t.signIn('expiry@example.com');
    const pair: SignedIn = await t.signIn('expiry@example.com');
    await age(pair.session_id, 120);
    // The refresh token is past its 60 s: no new pair.
    expect((await t.post('/v1/auth/refresh', { refresh_token: pair.refresh_token })).status).toBe(401);
    // The access token (1 h) still works, and its session is where the account can see and end it.
    expect((await t.get('/v1/auth/me', { token: pair.access_token })).status).toBe(200);
    expect(await listed(other.access_token)).toContain(pair.session_id);
    expect(await listed(pair.access_token)).toContain(pair.session_id);
    const revoked = await t.delete(`/v1/auth/sessions/${pair.session_id}`, { token: other.access_token });
    expect(revoked.status).toBe(204);
    expect((await t.get('/v1/auth/me', { token: pair.access_token })).status).toBe(401);
  });

  it('logout works on such a session too', async () => {
    const pair = await t.signIn('expiry-logout@example.com');
    await age(pair.session_id, 120);
    expect((await t.post('/v1/auth/logout', undefined, { token: pair.access_token })).status).toBe(204);
    expect((await t.get('/v1/auth/me', { token: pair.access_token })).status).toBe(401);
  });

  it('once the session has ended, its unexpired access token is refused, as the list and revocation say', async () => {
    const other = await t.signIn('ended@example.com');
    const pair = await t.signIn('ended@example.com');
    // Past the last access token's hour as the database sees it (the JWT's own exp is not touched).
    await age(pair.session_id, 3_700);
    expect(await listed(other.access_token)).not.toContain(pair.session_id);
    const me = await t.get('/v1/auth/me', { token: pair.access_token });
    expect(me.status).toBe(401);
    expect(me.body.code).toBe('invalid_token');
    // A route without the profile read uses the same check.
    expect((await t.get('/v1/auth/sessions', { token: pair.access_token })).status).toBe(401);
    expect(
      (await t.delete(`/v1/auth/sessions/${pair.session_id}`, { token: other.access_token })).status,
    ).toBe(404);
  });

  it('a refresh moves the session end forward by the longer of the two lifetimes', async () => {
    const pair = await t.signIn('slide@example.com');
    await age(pair.session_id, 30);
    const refreshed = await t.post('/v1/auth/refresh', { refresh_token: pair.refresh_token });
    expect(refreshed.status).toBe(200);
    const { rows } = await db.query(
      `SELECT extract(epoch FROM expires_at - now())::int AS left FROM sessions WHERE id = $1`,
      [pair.session_id],
    );
    expect(rows[0].left).toBeGreaterThan(3_590);
    expect(rows[0].left).toBeLessThanOrEqual(3_600);
  });
});
