import { addMember, createStore } from '@app/testing';
import { TestApp } from '@app/testing/test-app';

/**
 * MAX_STORES_PER_ACCOUNT (§14 v1.4): an account owns at most that many stores; stage 1 past it is 409
 * `store_limit_reached` — also when the creations race. Stores where the account is another member do
 * not count, and a deleted store frees its place.
 */
describe('stores per account', () => {
  let t: TestApp;
  const stage1 = (token: string, name: string) =>
    t.post('/v1/user/stores/onboarding/stage1', { name, description: 'limit' }, { token });

  beforeAll(async () => {
    t = await TestApp.start({ env: { MAX_STORES_PER_ACCOUNT: '3' } });
  });
  afterAll(() => t?.close());

  it('refuses the store past the limit with 409 store_limit_reached, under concurrency too', async () => {
    const owner = (await t.signIn('many@stores.example')).access_token;
    const first = await createStore(t, owner, 'One');
    const racing = await Promise.all(Array.from({ length: 6 }, (_, i) => stage1(owner, `Race ${i}`)));
    expect(racing.filter((r) => r.status === 201)).toHaveLength(2);
    const refused = racing.filter((r) => r.status !== 201);
    expect(refused.map((r) => [r.status, r.body.code])).toEqual(
      Array.from({ length: 4 }, () => [409, 'store_limit_reached']),
    );
    expect(refused[0].headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await t.get('/v1/user/stores/@me', { token: owner })).body).toHaveLength(3);

    // Being another store's member does not count; owning does.
    const other = (await t.signIn('other@stores.example')).access_token;
    const theirs = await createStore(t, other, 'Theirs');
    await addMember(t, other, theirs, { token: owner, email: 'many@stores.example' }, 'admin');
    expect((await stage1(owner, 'Still four')).status).toBe(409);
    expect((await stage1(other, 'Theirs two')).status).toBe(201);

    // A deleted store frees its place.
    expect((await t.delete(`/v1/user/stores/${first}`, { token: owner })).status).toBe(204);
    expect((await stage1(owner, 'Again')).status).toBe(201);
  });
});
