import { createStore, STAGE2 } from '@app/testing';
import { TestApp } from '@app/testing/test-app';

const ADDRESS = {
  line1: '12 MG Road',
  line2: 'Floor 3',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  country: 'IN',
};
const STAGE3 = {
  mobile: '+919876543210',
  supportEmail: 'help@chai.example.com',
  address: ADDRESS,
  region: 'South India',
  landline: '+912226591234',
  whatsappNumber: '+919876543210',
  gstNumber: '27AAPFU0939F1ZV',
};
const STAGE4 = { socialLinks: ['https://instagram.com/chaiandco', 'https://x.com/chaiandco'] };

describe('onboarding', () => {
  let t: TestApp;
  let token: string;
  const path = (id: string, step: string) => `/v1/user/stores/${id}/onboarding/${step}`;

  const create = (name = 'Chai & Co.', as = token): Promise<string> => createStore(t, as, name, 'Tea.');
  async function upTo(stage: number, as = token): Promise<string> {
    const id = await create('Staged', as);
    const bodies = [STAGE2, STAGE3, STAGE4];
    for (let s = 2; s <= stage; s++) {
      const res = await t.post(path(id, `stage${s}`), bodies[s - 2], { token: as });
      expect(res.status).toBe(200);
    }
    return id;
  }

  beforeAll(async () => {
    t = await TestApp.start();
    token = (await t.signIn('owner@example.com')).access_token;
  });
  afterAll(() => t.close());

  it('walks stage 1 → 4 → complete to an active store', async () => {
    const s1 = await t.post(
      '/v1/user/stores/onboarding/stage1',
      { name: '  Chai & Co.  ', description: 'Tea.' },
      { token },
    );
    expect(s1.status).toBe(201);
    expect(s1.body).toMatchObject({
      name: 'Chai & Co.',
      description: 'Tea.',
      status: 'onboarding',
      onboarding: { completedStages: [1], nextStage: 2, completedAt: null },
      faviconUrl: null,
      logoBlackWhiteUrl: null,
      logoColorUrl: null,
      mobile: null,
      landline: null,
      supportEmail: null,
      whatsappNumber: null,
      address: null,
      region: null,
      gstNumber: null,
      socialLinks: [],
    });
    expect(s1.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(s1.body.createdAt).toISOString()).toBe(s1.body.createdAt);
    const id = s1.body.id;

    const s2 = await t.post(path(id, 'stage2'), STAGE2, { token });
    expect(s2.status).toBe(200);
    expect(s2.body).toMatchObject({ ...STAGE2, onboarding: { completedStages: [1, 2], nextStage: 3 } });

    const s3 = await t.post(path(id, 'stage3'), STAGE3, { token });
    expect(s3.status).toBe(200);
    expect(s3.body).toMatchObject({ ...STAGE3, onboarding: { completedStages: [1, 2, 3], nextStage: 4 } });

    const s4 = await t.post(path(id, 'stage4'), STAGE4, { token });
    expect(s4.status).toBe(200);
    expect(s4.body).toMatchObject({
      ...STAGE4,
      status: 'onboarding',
      onboarding: { completedStages: [1, 2, 3, 4], nextStage: null, completedAt: null },
    });

    const done = await t.post(path(id, 'complete'), undefined, { token });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('active');
    expect(done.body.onboarding).toMatchObject({ completedStages: [1, 2, 3, 4], nextStage: null });
    expect(Date.parse(done.body.onboarding.completedAt)).toBeGreaterThan(0);

    const got = await t.get(`/v1/user/stores/${id}`, { token });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(done.body);
  });

  it('takes an empty social-links list and a stage 1 without description', async () => {
    const s1 = await t.post('/v1/user/stores/onboarding/stage1', { name: 'Bare' }, { token });
    expect(s1.status).toBe(201);
    expect(s1.body.description).toBeNull();
    const id = s1.body.id;
    await t.post(path(id, 'stage2'), STAGE2, { token });
    const { landline: _l, whatsappNumber: _w, gstNumber: _g, ...required } = STAGE3;
    const s3 = await t.post(
      path(id, 'stage3'),
      { ...required, address: { ...ADDRESS, line2: undefined } },
      { token },
    );
    expect(s3.status).toBe(200);
    expect(s3.body).toMatchObject({ landline: null, whatsappNumber: null, gstNumber: null });
    expect(s3.body.address.line2).toBeNull();
    const s4 = await t.post(path(id, 'stage4'), { socialLinks: [] }, { token });
    expect(s4.status).toBe(200);
    expect(s4.body.socialLinks).toEqual([]);
    expect((await t.post(path(id, 'complete'), undefined, { token })).body.status).toBe('active');
  });

  it('normalises country and GSTIN to upper case', async () => {
    const id = await upTo(2);
    const res = await t.post(
      path(id, 'stage3'),
      { ...STAGE3, address: { ...ADDRESS, country: 'in' }, gstNumber: ' 27aapfu0939f1zv ' },
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body.address.country).toBe('IN');
    expect(res.body.gstNumber).toBe('27AAPFU0939F1ZV');
  });

  describe('validation: each failure names its field', () => {
    let storeAt3: string; // stages 1–3 filled, so stage 2, 3 and 4 bodies all reach validation
    beforeAll(async () => {
      storeAt3 = await upTo(3);
    });
    const long = (n: number) => 'https://cdn.example.com/' + 'a'.repeat(n - 24);
    const cases: [string, string, string, Record<string, unknown>][] = [
      ['stage1', 'name missing', 'name', { description: 'x' }],
      ['stage1', 'name blank after trimming', 'name', { name: '   ' }],
      ['stage1', 'name of 101 characters', 'name', { name: 'n'.repeat(101) }],
      ['stage1', 'name not a string', 'name', { name: 42 }],
      ['stage1', 'name with a NUL', 'name', { name: 'a\u0000b' }],
      [
        'stage1',
        'description of 2,001 characters',
        'description',
        { name: 'ok', description: 'd'.repeat(2001) },
      ],
      ['stage1', 'unknown field', 'status', { name: 'ok', status: 'active' }],
      ['stage2', 'http favicon', 'faviconUrl', { ...STAGE2, faviconUrl: 'http://cdn.example.com/f.ico' }],
      ['stage2', 'missing colour logo', 'logoColorUrl', { ...STAGE2, logoColorUrl: undefined }],
      ['stage2', 'null bw logo', 'logoBlackWhiteUrl', { ...STAGE2, logoBlackWhiteUrl: null }],
      ['stage2', 'URL of 2,049 characters', 'logoColorUrl', { ...STAGE2, logoColorUrl: long(2049) }],
      ['stage3', 'mobile not E.164', 'mobile', { ...STAGE3, mobile: '98765 43210' }],
      ['stage3', 'mobile a digit short', 'mobile', { ...STAGE3, mobile: '+91987654321' }],
      ['stage3', 'landline not a number', 'landline', { ...STAGE3, landline: '+91abc' }],
      ['stage3', 'whatsapp not E.164', 'whatsappNumber', { ...STAGE3, whatsappNumber: '919876543210' }],
      ['stage3', 'support e-mail', 'supportEmail', { ...STAGE3, supportEmail: 'help@' }],
      ['stage3', 'GSTIN typo', 'gstNumber', { ...STAGE3, gstNumber: '27AAPFU0938F1ZV' }],
      ['stage3', 'GSTIN too short', 'gstNumber', { ...STAGE3, gstNumber: '27AAPFU0939F1Z' }],
      ['stage3', 'country not ISO', 'address.country', { ...STAGE3, address: { ...ADDRESS, country: 'XX' } }],
      [
        'stage3',
        'address without line1',
        'address.line1',
        { ...STAGE3, address: { ...ADDRESS, line1: undefined } },
      ],
      ['stage3', 'address unknown field', 'address.zip', { ...STAGE3, address: { ...ADDRESS, zip: '1' } }],
      ['stage3', 'address not an object', 'address', { ...STAGE3, address: 'Bengaluru' }],
      ['stage3', 'address a list', 'address', { ...STAGE3, address: [ADDRESS] }],
      ['stage3', 'address null', 'address', { ...STAGE3, address: null }],
      [
        'stage3',
        'postal code',
        'address.postalCode',
        { ...STAGE3, address: { ...ADDRESS, postalCode: '56_0001' } },
      ],
      ['stage3', 'region missing', 'region', { ...STAGE3, region: undefined }],
      [
        'stage4',
        'eleven links',
        'socialLinks',
        { socialLinks: Array.from({ length: 11 }, (_, i) => `https://s.example.com/${i}`) },
      ],
      ['stage4', 'duplicate links', 'socialLinks', { socialLinks: ['https://x.com/a', 'https://x.com/a'] }],
      ['stage4', 'http link', 'socialLinks', { socialLinks: ['http://x.com/a'] }],
      ['stage4', 'not a list', 'socialLinks', { socialLinks: 'https://x.com/a' }],
      ['stage4', 'missing', 'socialLinks', {}],
    ];
    it.each(cases)('%s: %s → 400 naming %s', async (stage, _what, field, body) => {
      const url = stage === 'stage1' ? '/v1/user/stores/onboarding/stage1' : path(storeAt3, stage);
      const before = await t.get(`/v1/user/stores/${storeAt3}`, { token });
      const res = await t.post(url, body, { token });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(res.body.code).toBe('validation_failed');
      const fields = res.body.errors.map((e: { field: string }) => e.field);
      expect(fields).toEqual([field]); // that field only, with one message
      const after = await t.get(`/v1/user/stores/${storeAt3}`, { token });
      expect(after.body).toEqual(before.body);
    });

    it('a stage-1 failure creates nothing', async () => {
      const other = (await t.signIn('nothing@example.com')).access_token;
      expect((await t.post('/v1/user/stores/onboarding/stage1', { name: '' }, { token: other })).status).toBe(
        400,
      );
      expect((await t.get('/v1/user/stores/@me', { token: other })).body).toEqual([]);
    });
  });

  describe('order', () => {
    it('stage 3 before stage 2 → 409 naming stage 2', async () => {
      const id = await create();
      const res = await t.post(path(id, 'stage3'), STAGE3, { token });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('onboarding_out_of_order');
      expect(res.body.missingStage).toBe(2);
      expect(res.body.missingStages).toEqual([2]);
      expect(res.body.detail).toMatch(/stage 2/i);
      const got = await t.get(`/v1/user/stores/${id}`, { token });
      expect(got.body.mobile).toBeNull();
      expect(got.body.onboarding.completedStages).toEqual([1]);
    });

    it('stage 4 before 2 and 3 → 409 naming stage 2, then stage 3', async () => {
      const id = await create();
      const first = await t.post(path(id, 'stage4'), STAGE4, { token });
      expect(first.status).toBe(409);
      expect(first.body).toMatchObject({
        code: 'onboarding_out_of_order',
        missingStage: 2,
        missingStages: [2, 3],
      });
      await t.post(path(id, 'stage2'), STAGE2, { token });
      const second = await t.post(path(id, 'stage4'), STAGE4, { token });
      expect(second.body).toMatchObject({
        code: 'onboarding_out_of_order',
        missingStage: 3,
        missingStages: [3],
      });
    });

    it('a filled stage may be sent again and overwrites that stage', async () => {
      const id = await upTo(3);
      const again2 = await t.post(
        path(id, 'stage2'),
        { ...STAGE2, faviconUrl: 'https://cdn.example.com/new.ico' },
        { token },
      );
      expect(again2.status).toBe(200);
      expect(again2.body.faviconUrl).toBe('https://cdn.example.com/new.ico');
      expect(again2.body.onboarding.completedStages).toEqual([1, 2, 3]);
      const { gstNumber: _g, landline: _l, ...noOptional } = STAGE3;
      const again3 = await t.post(path(id, 'stage3'), { ...noOptional, region: 'West' }, { token });
      expect(again3.status).toBe(200);
      expect(again3.body).toMatchObject({ region: 'West', gstNumber: null, landline: null });
    });
  });

  describe('complete', () => {
    it('early → 409 onboarding_incomplete with missingStages', async () => {
      const id = await upTo(2);
      const res = await t.post(path(id, 'complete'), undefined, { token });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('onboarding_incomplete');
      expect(res.body.missingStages).toEqual([3, 4]);
      const bare = await create();
      expect((await t.post(path(bare, 'complete'), undefined, { token })).body.missingStages).toEqual([
        2, 3, 4,
      ]);
      expect((await t.get(`/v1/user/stores/${id}`, { token })).body.status).toBe('onboarding');
    });

    it('twice → 200, unchanged', async () => {
      const id = await upTo(4);
      const first = await t.post(path(id, 'complete'), undefined, { token });
      expect(first.status).toBe(200);
      await new Promise((r) => setTimeout(r, 20));
      const second = await t.post(path(id, 'complete'), undefined, { token });
      expect(second.status).toBe(200);
      expect(second.body).toEqual(first.body);
    });

    it('every stage after completion → 409 onboarding_completed, nothing changes', async () => {
      const id = await upTo(4);
      const done = await t.post(path(id, 'complete'), undefined, { token });
      const bodies: Record<string, unknown> = { stage2: STAGE2, stage3: STAGE3, stage4: { socialLinks: [] } };
      for (const stage of ['stage2', 'stage3', 'stage4']) {
        const res = await t.post(path(id, stage), bodies[stage], { token });
        expect(res.status).toBe(409);
        expect(res.body.code).toBe('onboarding_completed');
      }
      expect((await t.get(`/v1/user/stores/${id}`, { token })).body).toEqual(done.body);
    });
  });

  describe('concurrency', () => {
    it('50 parallel stage-1 calls create 50 distinct stores', async () => {
      const other = (await t.signIn('parallel@example.com')).access_token;
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          t.post('/v1/user/stores/onboarding/stage1', { name: `Store ${i}` }, { token: other }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
      const ids = new Set(results.map((r) => r.body.id));
      expect(ids.size).toBe(50);
      const mine = await t.get('/v1/user/stores/@me', { token: other });
      expect(mine.body).toHaveLength(50);
      expect(new Set(mine.body.map((s: { id: string }) => s.id))).toEqual(ids);
    });

    it('stage 4 racing complete never leaves an active store with a missing stage', async () => {
      for (let round = 0; round < 15; round++) {
        const id = await upTo(3);
        const links = { socialLinks: [`https://x.com/round${round}`] };
        const [s4, c1, c2] = await Promise.all([
          t.post(path(id, 'stage4'), links, { token }),
          t.post(path(id, 'complete'), undefined, { token }),
          t.post(path(id, 'complete'), undefined, { token }),
        ]);
        expect(s4.status).toBe(200); // stage 4 can only come before completion, which needs it
        expect(s4.body.status).toBe('onboarding');
        for (const c of [c1, c2]) {
          if (c.status === 200) {
            expect(c.body.status).toBe('active');
            expect(c.body.onboarding.completedStages).toEqual([1, 2, 3, 4]);
            expect(c.body.socialLinks).toEqual(links.socialLinks);
          } else {
            expect(c.status).toBe(409);
            expect(c.body).toMatchObject({ code: 'onboarding_incomplete', missingStages: [4] });
          }
        }
        const final = (await t.get(`/v1/user/stores/${id}`, { token })).body;
        if (final.status === 'active') {
          expect(final.onboarding.completedStages).toEqual([1, 2, 3, 4]);
          expect(final.socialLinks).toEqual(links.socialLinks);
        }
      }
    });

    it('a re-sent stage racing complete never changes an active store', async () => {
      for (let round = 0; round < 15; round++) {
        const id = await upTo(4);
        const favicon = `https://cdn.example.com/f${round}.ico`;
        const [s2, c] = await Promise.all([
          t.post(path(id, 'stage2'), { ...STAGE2, faviconUrl: favicon }, { token }),
          t.post(path(id, 'complete'), undefined, { token }),
        ]);
        expect(c.status).toBe(200);
        const final = (await t.get(`/v1/user/stores/${id}`, { token })).body;
        expect(final.status).toBe('active');
        if (s2.status === 200) {
          // the stage landed before completion: the completed store carries it
          expect(s2.body.status).toBe('onboarding');
          expect(final.faviconUrl).toBe(favicon);
          expect(c.body.faviconUrl).toBe(favicon);
        } else {
          expect(s2.status).toBe(409);
          expect(s2.body.code).toBe('onboarding_completed');
          expect(final.faviconUrl).toBe(STAGE2.faviconUrl);
        }
        expect(final).toEqual(c.body);
      }
    });
  });
});
