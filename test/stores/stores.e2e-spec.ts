import { recordSql, STAGE2 } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { DataSource } from 'typeorm';

const ADDRESS = {
  line1: '1 Main St',
  city: 'Pune',
  state: 'Maharashtra',
  postalCode: '411001',
  country: 'IN',
};
const STAGE3 = {
  mobile: '+919876543210',
  supportEmail: 'help@shop.example.com',
  address: ADDRESS,
  region: 'West',
  gstNumber: '27AAPFU0939F1ZV',
};
const RANDOM_ID = '6f1c2a9e-5b4d-4c3a-9e8f-7a6b5c4d3e2f';

describe('stores', () => {
  let t: TestApp;
  let alice: string;
  let bob: string;

  const create = async (token: string, name = 'Shop'): Promise<any> => {
    const res = await t.post('/v1/user/stores/onboarding/stage1', { name, description: 'About' }, { token });
    expect(res.status).toBe(201);
    return res.body;
  };
  const stage = (id: string, step: string, body: unknown, token: string) =>
    t.post(`/v1/user/stores/${id}/onboarding/${step}`, body, { token });
  const activeStore = async (token: string): Promise<any> => {
    const { id } = await create(token, 'Active shop');
    expect((await stage(id, 'stage2', STAGE2, token)).status).toBe(200);
    expect((await stage(id, 'stage3', STAGE3, token)).status).toBe(200);
    expect((await stage(id, 'stage4', { socialLinks: ['https://x.com/shop'] }, token)).status).toBe(200);
    const done = await stage(id, 'complete', undefined, token);
    expect(done.status).toBe(200);
    return done.body;
  };

  /** Every route that takes a store id, with a body that would pass validation. */
  const everyIdRoute = (id: string, token: string) => [
    t.get(`/v1/user/stores/${id}`, { token }),
    t.put(`/v1/user/stores/${id}`, { name: 'Taken over' }, { token }),
    stage(id, 'stage2', STAGE2, token),
    stage(id, 'stage3', STAGE3, token),
    stage(id, 'stage4', { socialLinks: [] }, token),
    stage(id, 'complete', undefined, token),
    t.delete(`/v1/user/stores/${id}`, { token }),
  ];

  beforeAll(async () => {
    t = await TestApp.start();
    alice = (await t.signIn('alice@example.com')).access_token;
    bob = (await t.signIn('bob@example.com')).access_token;
  });
  afterAll(() => t.close());

  it('refuses unauthenticated calls on every route with 401', async () => {
    const { id } = await create(alice);
    const calls = [
      t.get('/v1/user/stores/@me'),
      t.post('/v1/user/stores/onboarding/stage1', { name: 'x' }),
      ...everyIdRoute(id, ''),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('unauthenticated');
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    }
    expect((await t.get(`/v1/user/stores/${id}`, { token: 'not-a-jwt' })).body.code).toBe('invalid_token');
    expect((await t.get(`/v1/user/stores/${id}`, { token: alice })).status).toBe(200);
  });

  describe('routing', () => {
    it('never takes @me or onboarding for an :id', async () => {
      const me = await t.get('/v1/user/stores/@me', { token: alice });
      expect(me.status).toBe(200);
      expect(Array.isArray(me.body)).toBe(true);
      const created = await t.post('/v1/user/stores/onboarding/stage1', { name: 'Routed' }, { token: alice });
      expect(created.status).toBe(201);
      expect(created.body.name).toBe('Routed');
    });

    it('answers 404 store_not_found for malformed and unknown ids, never 400 or 500', async () => {
      for (const id of ['not-a-uuid', '123', RANDOM_ID, 'onboarding', '%40me', "1'%20or%20'1'='1"]) {
        for (const res of await Promise.all(everyIdRoute(id, alice))) {
          expect(res.status).toBe(404);
          expect(res.body.code).toBe('store_not_found');
        }
      }
      for (const res of await Promise.all([
        t.put('/v1/user/stores/@me', { name: 'x' }, { token: alice }),
        t.delete('/v1/user/stores/@me', { token: alice }),
      ])) {
        expect(res.status).toBe(404);
        expect(res.body.code).toBe('store_not_found');
      }
    });
  });

  it('@me lists only the caller’s stores, oldest first', async () => {
    const carol = (await t.signIn('carol@example.com')).access_token;
    const dave = (await t.signIn('dave@example.com')).access_token;
    const carols: string[] = [];
    for (const name of ['First', 'Second', 'Third']) {
      carols.push((await create(carol, name)).id);
      await create(dave, `Dave ${name}`);
    }
    const list = await t.get('/v1/user/stores/@me', { token: carol });
    expect(list.status).toBe(200);
    expect(list.body.map((s: any) => s.id)).toEqual(carols);
    expect(list.body.map((s: any) => s.name)).toEqual(['First', 'Second', 'Third']);
    // (v1.4) A list entry is the store plus twoFactorRequired (is the caller refused by requireTwoFactor?).
    expect(list.body[0]).toEqual({
      ...(await t.get(`/v1/user/stores/${carols[0]}`, { token: carol })).body,
      twoFactorRequired: false,
    });
    const daves = await t.get('/v1/user/stores/@me', { token: dave });
    expect(daves.body.map((s: any) => s.name)).toEqual(['Dave First', 'Dave Second', 'Dave Third']);
    const erin = (await t.signIn('erin@example.com')).access_token;
    expect((await t.get('/v1/user/stores/@me', { token: erin })).body).toEqual([]);
  });

  describe('PUT', () => {
    it('updates only the fields sent and leaves onboarding progress as it is', async () => {
      const store = await create(alice, 'Before');
      await new Promise((r) => setTimeout(r, 5));
      const res = await t.put(
        `/v1/user/stores/${store.id}`,
        { name: '  After  ', mobile: '+14155552671', socialLinks: ['https://x.com/a'], address: ADDRESS },
        { token: alice },
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: store.id,
        name: 'After',
        description: 'About',
        mobile: '+14155552671',
        socialLinks: ['https://x.com/a'],
        address: { ...ADDRESS, line2: null },
        faviconUrl: null,
        status: 'onboarding',
        onboarding: { completedStages: [1], nextStage: 2, completedAt: null },
        createdAt: store.createdAt,
      });
      expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(store.updatedAt));
      expect((await t.get(`/v1/user/stores/${store.id}`, { token: alice })).body).toEqual(res.body);
      // Fields set by PUT do not count as a stage: stage 3 is still out of order, complete still refused.
      expect((await stage(store.id, 'stage3', STAGE3, alice)).body.missingStage).toBe(2);
      expect((await stage(store.id, 'complete', undefined, alice)).body.missingStages).toEqual([2, 3, 4]);
    });

    it('edits an active store and keeps it active', async () => {
      const store = await activeStore(alice);
      const res = await t.put(
        `/v1/user/stores/${store.id}`,
        { faviconUrl: 'https://cdn.example.com/new.ico', gstNumber: null, description: null },
        { token: alice },
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        faviconUrl: 'https://cdn.example.com/new.ico',
        gstNumber: null,
        description: null,
        status: 'active',
        onboarding: store.onboarding,
      });
    });

    it('an empty body changes nothing', async () => {
      const store = await create(alice);
      const res = await t.put(`/v1/user/stores/${store.id}`, {}, { token: alice });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(store);
    });

    it.each([
      ['status', { status: 'active' }],
      ['completedStages', { completedStages: [1, 2, 3, 4] }],
      ['id', { id: RANDOM_ID }],
      ['nmae', { nmae: 'typo' }],
    ])('refuses the unknown field %s', async (field, body) => {
      const store = await create(alice);
      const res = await t.put(`/v1/user/stores/${store.id}`, body, { token: alice });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.errors).toContainEqual({ field, message: 'unknown field' });
      expect((await t.get(`/v1/user/stores/${store.id}`, { token: alice })).body).toEqual(store);
    });

    it.each([
      'name',
      'faviconUrl',
      'logoBlackWhiteUrl',
      'logoColorUrl',
      'mobile',
      'supportEmail',
      'address',
      'region',
      'socialLinks',
    ])('refuses to null the required field %s', async (field) => {
      const store = await activeStore(alice);
      const res = await t.put(
        `/v1/user/stores/${store.id}`,
        { landline: '+912226591234', [field]: null },
        { token: alice },
      );
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.errors.map((e: any) => e.field)).toEqual([field]);
      expect(res.body.errors[0].message).toMatch(/may not be null/);
      expect((await t.get(`/v1/user/stores/${store.id}`, { token: alice })).body).toEqual(store);
    });

    it.each([
      ['name', { name: '' }],
      ['description', { description: 'x'.repeat(2001) }],
      ['faviconUrl', { faviconUrl: 'http://cdn.example.com/f.ico' }],
      ['mobile', { mobile: '+9198765' }],
      ['landline', { landline: 'call me' }],
      ['supportEmail', { supportEmail: 'nope' }],
      ['gstNumber', { gstNumber: '29AAGCB7383J1Z5' }],
      ['address.city', { address: { ...ADDRESS, city: undefined } }],
      ['address.country', { address: { ...ADDRESS, country: 'ZZ' } }],
      ['socialLinks', { socialLinks: ['https://x.com/a', 'https://x.com/a'] }],
      ['region', { region: 'r'.repeat(101) }],
    ])('validates %s as its stage does', async (field, body) => {
      const store = await create(alice);
      const res = await t.put(`/v1/user/stores/${store.id}`, body, { token: alice });
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: any) => e.field)).toContain(field);
    });
  });

  it('isolation: another account gets 404 on every route of a store it does not own', async () => {
    const store = await activeStore(alice);
    const onboarding = await create(alice, 'Still onboarding');
    for (const target of [store, onboarding]) {
      for (const res of await Promise.all(everyIdRoute(target.id, bob))) {
        expect(res.status).toBe(404);
        expect(res.body.code).toBe('store_not_found');
      }
      expect((await t.get(`/v1/user/stores/${target.id}`, { token: alice })).body).toEqual(target);
    }
    const bobs = await t.get('/v1/user/stores/@me', { token: bob });
    expect(bobs.body.map((s: any) => s.id)).not.toContain(store.id);
  });

  describe('DELETE', () => {
    it('is final: 204, then every route answers 404 and @me no longer lists it', async () => {
      const store = await activeStore(alice);
      const keep = await create(alice, 'Kept');
      const res = await t.delete(`/v1/user/stores/${store.id}`, { token: alice });
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      for (const after of await Promise.all(everyIdRoute(store.id, alice))) {
        expect(after.status).toBe(404);
        expect(after.body.code).toBe('store_not_found');
      }
      const ids = (await t.get('/v1/user/stores/@me', { token: alice })).body.map((s: any) => s.id);
      expect(ids).not.toContain(store.id);
      expect(ids).toContain(keep.id);
    });

    it('every foreign key to stores cascades, so a store takes what it owns with it', async () => {
      const rows: { name: string; rule: string }[] = await t.app.get(DataSource).query(
        `SELECT conname AS name, confdeltype AS rule FROM pg_constraint
          WHERE contype = 'f' AND confrelid = 'stores'::regclass`,
      );
      for (const fk of rows) expect(fk).toEqual({ name: fk.name, rule: 'c' });
    });
  });

  it('@me runs a constant number of SQL queries, whatever the number of stores', async () => {
    const few = (await t.signIn('few@example.com')).access_token;
    const many = (await t.signIn('many@example.com')).access_token;
    for (let i = 0; i < 3; i++) await create(few, `Few ${i}`);
    await Promise.all(Array.from({ length: 30 }, (_, i) => create(many, `Many ${i}`)));

    const countQueries = async (token: string) => {
      const { result: res, statements } = await recordSql(() => t.get('/v1/user/stores/@me', { token }));
      expect(res.status).toBe(200);
      return { stores: res.body.length, queries: statements.length };
    };
    const small = await countQueries(few);
    const large = await countQueries(many);
    expect(small.stores).toBe(3);
    expect(large.stores).toBe(30);
    expect(large.queries).toBe(small.queries);
    // the revocation read of the access guard and the one list query
    expect(small.queries).toBeLessThanOrEqual(2);
    console.log(`@me: ${small.queries} SQL queries for 3 stores, ${large.queries} for 30`);
  });

  it('publishes every store route in the OpenAPI document with the store schema', async () => {
    const doc = (await t.get('/docs/openapi.json')).body;
    expect(doc.paths['/v1/user/stores/@me'].get).toBeDefined();
    expect(Object.keys(doc.paths['/v1/user/stores/{id}']).sort()).toEqual(['delete', 'get', 'put']);
    for (const step of ['stage2', 'stage3', 'stage4', 'complete']) {
      expect(doc.paths[`/v1/user/stores/{id}/onboarding/${step}`].post.security).toBeDefined();
    }
    expect(doc.paths['/v1/user/stores/onboarding/stage1'].post.responses['201']).toBeDefined();
    const store = doc.components.schemas.StoreModel;
    expect(Object.keys(store.properties)).toEqual(
      expect.arrayContaining(['id', 'name', 'status', 'onboarding', 'address', 'socialLinks', 'gstNumber']),
    );
  });
});
