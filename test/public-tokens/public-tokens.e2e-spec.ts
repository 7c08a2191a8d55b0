import { createStore } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { DataSource } from 'typeorm';

// Store-scoped public tokens, and what deleting a store does to every credential it owns.

const FORM = 'application/x-www-form-urlencoded';
const basic = (id: string, secret: string) =>
  'Basic ' + Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64');

describe('public tokens', () => {
  let t: TestApp;
  let owner: string;
  let other: string;
  let storeId: string;
  let otherStoreId: string;

  const createToken = async (store: string, body: Record<string, unknown> = { name: 'Web' }) => {
    const res = await t.post(`/v1/user/stores/${store}/public-tokens`, body, { token: owner });
    expect(res.status).toBe(201);
    return res.body as { id: string; token: string; storeId: string; scopes: string[]; createdAt: string };
  };
  /**
   * Whether a public token is alive, through the guard: a live one is a known caller that this route
   * refuses (403 insufficient_scope), a dead one is not a caller at all (401 invalid_token).
   */
  const liveness = async (token: string) => {
    const res = await t.get('/v1/app/store', { token });
    return `${res.status} ${res.body.code}`;
  };
  const ALIVE = '403 insufficient_scope';
  const DEAD = '401 invalid_token';

  beforeAll(async () => {
    t = await TestApp.start();
    owner = (await t.signIn('owner@example.com')).access_token;
    other = (await t.signIn('other@example.com')).access_token;
    storeId = await createStore(t, owner, 'Owner store');
    otherStoreId = await createStore(t, other, 'Other store');
  });
  afterAll(() => t?.close());

  it('creates a token with both read scopes by default, shows it once, and lists it without it', async () => {
    const created = await createToken(storeId);
    expect(created).toEqual({
      id: expect.any(String),
      storeId,
      name: 'Web',
      token: expect.stringMatching(/^sfp_[A-Za-z0-9_-]{43}$/),
      scopes: ['store:read', 'products:read'],
      allowedOrigins: [],
      createdAt: expect.any(String),
    });
    const narrow = await createToken(storeId, { name: ' Catalogue ', scopes: ['products:read'] });
    expect([narrow.scopes, (narrow as unknown as { name: string }).name]).toEqual([
      ['products:read'],
      'Catalogue',
    ]);

    const list = await t.get(`/v1/user/stores/${storeId}/public-tokens`, { token: owner });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: created.id,
        storeId,
        name: 'Web',
        scopes: ['store:read', 'products:read'],
        allowedOrigins: [],
        createdAt: created.createdAt,
        tokenHint: created.token.slice(-4),
      },
      expect.objectContaining({ id: narrow.id, name: 'Catalogue', tokenHint: narrow.token.slice(-4) }),
    ]);
    expect(list.text).not.toContain(created.token);
    expect(list.text).not.toContain(narrow.token);

    // At rest: only a keyed hash, nowhere the raw token.
    const db = t.app.get(DataSource);
    const tables = (await db.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    )) as { table_name: string }[];
    let dump = '';
    for (const { table_name } of tables)
      dump += JSON.stringify(await db.query(`SELECT * FROM "${table_name}"`));
    expect(dump).toContain(created.id);
    expect(dump).not.toContain(created.token);
    expect(dump).not.toContain(created.token.slice(4, 30));
  });

  it('validates the body and answers 404 for unknown ids', async () => {
    for (const body of [
      { name: 'x', scopes: ['products:write'] },
      { name: 'x', scopes: ['orders:read'] },
      { name: 'x', scopes: [] },
      { name: '' },
      { name: 'x'.repeat(101) },
      { name: 'x', token: 'sfp_mine' },
      {},
    ]) {
      const res = await t.post(`/v1/user/stores/${storeId}/public-tokens`, body, { token: owner });
      expect({ body, status: res.status, code: res.body.code }).toEqual({
        body,
        status: 400,
        code: 'validation_failed',
      });
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = [
      await t.get('/v1/user/stores/not-a-uuid/public-tokens', { token: owner }),
      await t.get(`/v1/user/stores/${unknown}/public-tokens`, { token: owner }),
      await t.post(`/v1/user/stores/${storeId}/public-tokens/not-a-uuid/rotate`, undefined, { token: owner }),
      await t.delete(`/v1/user/stores/${storeId}/public-tokens/${unknown}`, { token: owner }),
    ].map((r) => [r.status, r.body.code]);
    expect(res).toEqual([
      [404, 'store_not_found'],
      [404, 'store_not_found'],
      [404, 'public_token_not_found'],
      [404, 'public_token_not_found'],
    ]);
  });

  it("answers 404 to another account for every public-token route of the owner's store", async () => {
    const mine = await createToken(storeId, { name: 'Guarded' });
    const base = `/v1/user/stores/${storeId}/public-tokens`;
    const attempts = [
      await t.get(base, { token: other }),
      await t.post(base, { name: 'Mine now' }, { token: other }),
      await t.post(`${base}/${mine.id}/rotate`, undefined, { token: other }),
      await t.delete(`${base}/${mine.id}`, { token: other }),
      // The other account's own store, with the owner's token id: still not found.
      await t.post(`/v1/user/stores/${otherStoreId}/public-tokens/${mine.id}/rotate`, undefined, {
        token: other,
      }),
      await t.delete(`/v1/user/stores/${otherStoreId}/public-tokens/${mine.id}`, { token: other }),
    ].map((r) => [r.status, r.body.code]);
    expect(attempts).toEqual([
      [404, 'store_not_found'],
      [404, 'store_not_found'],
      [404, 'store_not_found'],
      [404, 'store_not_found'],
      [404, 'public_token_not_found'],
      [404, 'public_token_not_found'],
    ]);
    expect(await liveness(mine.token)).toBe(ALIVE);
    const list = await t.get(`/v1/user/stores/${otherStoreId}/public-tokens`, { token: other });
    expect([list.status, list.body]).toEqual([200, []]);
  });

  it('is refused everywhere else: 403 on account and app routes, 401 invalid_client at the token endpoint', async () => {
    const { token } = await createToken(storeId, { name: 'Browser' });
    for (const path of [
      '/v1/user/stores/@me',
      '/v1/auth/me',
      `/v1/user/stores/${storeId}`,
      '/v1/app/store',
    ]) {
      const res = await t.get(path, { token });
      expect({ path, status: res.status, code: res.body.code }).toEqual({
        path,
        status: 403,
        code: 'insufficient_scope',
      });
    }
    const write = await t.post(`/v1/user/stores/${storeId}/public-tokens`, { name: 'x' }, { token });
    expect([write.status, write.body.code]).toEqual([403, 'insufficient_scope']);

    const asBearer = await t.post('/v1/auth/oauth/token', undefined, {
      rawBody: 'grant_type=client_credentials',
      headers: { 'content-type': FORM, authorization: `Bearer ${token}` },
    });
    expect([asBearer.status, asBearer.body.error]).toEqual([401, 'invalid_client']);
    for (const [id, secret] of [
      [token, token],
      ['sfc_x', token],
    ]) {
      const asSecret = await t.post('/v1/auth/oauth/token', {
        grant_type: 'client_credentials',
        client_id: id,
        client_secret: secret,
      });
      expect([asSecret.status, asSecret.body.error]).toEqual([401, 'invalid_client']);
      const asBasic = await t.post('/v1/auth/oauth/token', undefined, {
        rawBody: 'grant_type=client_credentials',
        headers: { 'content-type': FORM, authorization: basic(id, secret) },
      });
      expect([asBasic.status, asBasic.body.error]).toEqual([401, 'invalid_client']);
    }
    // A look-alike that was never issued is no caller at all.
    expect(await liveness('sfp_' + 'A'.repeat(43))).toBe(DEAD);
  });

  it('rotate: a new token, the old one dead at once; delete: dead at once', async () => {
    const created = await createToken(storeId, { name: 'Rotating' });
    expect(await liveness(created.token)).toBe(ALIVE);
    const rotated = await t.post(`/v1/user/stores/${storeId}/public-tokens/${created.id}/rotate`, undefined, {
      token: owner,
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({
      id: created.id,
      storeId,
      name: 'Rotating',
      allowedOrigins: [],
      token: expect.stringMatching(/^sfp_[A-Za-z0-9_-]{43}$/),
      scopes: ['store:read', 'products:read'],
      createdAt: created.createdAt,
    });
    expect(rotated.body.token).not.toBe(created.token);
    expect(await liveness(created.token)).toBe(DEAD);
    expect(await liveness(rotated.body.token)).toBe(ALIVE);

    const del = await t.delete(`/v1/user/stores/${storeId}/public-tokens/${created.id}`, { token: owner });
    expect([del.status, del.text]).toEqual([204, '']);
    expect(await liveness(rotated.body.token)).toBe(DEAD);
    const again = await t.delete(`/v1/user/stores/${storeId}/public-tokens/${created.id}`, { token: owner });
    expect([again.status, again.body.code]).toEqual([404, 'public_token_not_found']);
  });

  it('concurrent rotations leave exactly one live token', async () => {
    const created = await createToken(storeId, { name: 'Raced' });
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        t.post(`/v1/user/stores/${storeId}/public-tokens/${created.id}/rotate`, undefined, { token: owner }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const states = await Promise.all(
      [created.token, ...results.map((r) => r.body.token as string)].map((tok) => liveness(tok)),
    );
    expect(states.filter((s) => s === ALIVE)).toHaveLength(1);
    expect(states[0]).toBe(DEAD);
  });

  it('deleting the store kills its apps, public tokens and all of their tokens on the very next request', async () => {
    const doomed = await createStore(t, owner, 'Doomed store');
    const app = await t.post(
      '/v1/user/stores/oauth/apps',
      { storeId: doomed, name: 'Sync' },
      { token: owner },
    );
    expect(app.status).toBe(201);
    const minted = await t.post('/v1/auth/oauth/token', undefined, {
      rawBody: 'grant_type=client_credentials',
      headers: { 'content-type': FORM, authorization: basic(app.body.clientId, app.body.clientSecret) },
    });
    expect(minted.status).toBe(200);
    const appToken = minted.body.access_token as string;
    const publicToken = (await createToken(doomed, { name: 'Doomed web' })).token;
    // A second store of the same owner is not touched.
    const survivor = await createToken(storeId, { name: 'Survivor' });

    expect((await t.get('/v1/app/store', { token: appToken })).body).toEqual({
      id: doomed,
      name: 'Doomed store',
    });
    expect(await liveness(publicToken)).toBe(ALIVE);

    const del = await t.delete(`/v1/user/stores/${doomed}`, { token: owner });
    expect(del.status).toBe(204);

    const appAfter = await t.get('/v1/app/store', { token: appToken });
    expect([appAfter.status, appAfter.body.code]).toEqual([401, 'invalid_token']);
    expect(await liveness(publicToken)).toBe(DEAD);
    expect(await liveness(survivor.token)).toBe(ALIVE);
    const mintAfter = await t.post('/v1/auth/oauth/token', {
      grant_type: 'client_credentials',
      client_id: app.body.clientId,
      client_secret: app.body.clientSecret,
    });
    expect([mintAfter.status, mintAfter.body.error]).toEqual([401, 'invalid_client']);
    const lists = [
      await t.get(`/v1/user/stores/oauth/apps?storeId=${doomed}`, { token: owner }),
      await t.get(`/v1/user/stores/${doomed}/public-tokens`, { token: owner }),
    ].map((r) => [r.status, r.body.code]);
    expect(lists).toEqual([
      [404, 'store_not_found'],
      [404, 'store_not_found'],
    ]);
    const db = t.app.get(DataSource);
    const [counts] = await db.query(
      `SELECT (SELECT count(*) FROM oauth_apps WHERE store_id = $1)::int AS apps,
              (SELECT count(*) FROM public_tokens WHERE store_id = $1)::int AS tokens`,
      [doomed],
    );
    expect(counts).toEqual({ apps: 0, tokens: 0 });
  });
});
