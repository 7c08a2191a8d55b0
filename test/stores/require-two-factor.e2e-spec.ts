import { addMember, authenticatorCode, createStore, stepWithMargin } from '@app/testing';
import { TestApp } from '@app/testing/test-app';

/**
 * Stores that require a second factor (contract §19): the owner's setting (with a factor of their own,
 * and step-up); a member without a factor is refused on every route of the store, before any role check,
 * from the very next request; the store stays in their list, marked.
 */
describe('requireTwoFactor', () => {
  let t: TestApp;
  let n = 0;
  const email = () => `req2fa${++n}-${Date.now()}@example.com`;

  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  const person = async () => {
    const address = email();
    const pair = await t.signIn(address);
    return { address, email: address, token: pair.access_token };
  };
  /** Sets up and confirms an authenticator in this session (which then counts as verified). */
  const addFactor = async (who: { address: string; token: string }) => {
    const setup = await t.post('/v1/auth/factors/totp', undefined, { token: who.token });
    const step = await stepWithMargin();
    const res = await t.post(
      '/v1/auth/factors/totp/confirm',
      { code: authenticatorCode(setup.body.secret, step) },
      { token: who.token },
    );
    expect(res.status).toBe(200);
    await t.mail.waitFor(who.address);
    return setup.body.secret as string;
  };
  const setting = (store: string, token: string, on: boolean) =>
    t.put(`/v1/user/stores/${store}`, { requireTwoFactor: on }, { token });

  it('is the owner’s setting, with a factor of their own and step-up', async () => {
    const owner = await person();
    const admin = await person();
    const store = await createStore(t, owner.token, 'Careful shop');
    await addMember(t, owner.token, store, admin, 'admin');
    expect((await t.get(`/v1/user/stores/${store}`, { token: owner.token })).body.requireTwoFactor).toBe(
      false,
    );

    const noFactor = await setting(store, owner.token, true);
    expect([noFactor.status, noFactor.body.code]).toEqual([409, 'two_factor_required']);
    const notOwner = await setting(store, admin.token, true);
    expect([notOwner.status, notOwner.body.code]).toEqual([403, 'insufficient_role']);

    const otherSession = (await t.signIn(owner.address)).access_token;
    await addFactor(owner);
    const on = await setting(store, owner.token, true);
    expect([on.status, on.body.requireTwoFactor]).toEqual([200, true]);
    // Another session of the owner, never verified: asked to step up, on and off alike; other edits are not.
    const off = await setting(store, otherSession, false);
    expect([off.status, off.body.code]).toEqual([401, 'step_up_required']);
    const rename = await t.put(
      `/v1/user/stores/${store}`,
      { name: 'Careful shop 2' },
      { token: otherSession },
    );
    expect(rename.status).toBe(200);
    const bad = await t.put(`/v1/user/stores/${store}`, { requireTwoFactor: 'yes' }, { token: owner.token });
    expect([bad.status, bad.body.code]).toEqual([400, 'validation_failed']);
  });

  it('refuses a member without a factor on every route of the store, before the role check, until they add one', async () => {
    const owner = await person();
    const staff = await person();
    const store = await createStore(t, owner.token, 'Strict shop');
    const spare = await createStore(t, owner.token, 'Relaxed shop');
    await addMember(t, owner.token, store, staff, 'staff');
    await addMember(t, owner.token, spare, staff, 'staff');
    expect((await t.get(`/v1/user/stores/${store}`, { token: staff.token })).status).toBe(200);
    await addFactor(owner);
    expect((await setting(store, owner.token, true)).status).toBe(200);

    // The very next request of the member.
    const read = await t.get(`/v1/user/stores/${store}`, { token: staff.token });
    expect([read.status, read.body.code]).toEqual([403, 'two_factor_required']);
    // A route the role does not allow either: two_factor_required comes first.
    const remove = await t.delete(`/v1/user/stores/${store}`, { token: staff.token });
    expect([remove.status, remove.body.code]).toEqual([403, 'two_factor_required']);
    const orders = await t.get(`/v1/user/stores/${store}/orders`, { token: staff.token });
    expect([orders.status, orders.body.code]).toEqual([403, 'two_factor_required']);
    // Other stores and the account's own routes work; the store stays listed, marked.
    expect((await t.get(`/v1/user/stores/${spare}`, { token: staff.token })).status).toBe(200);
    const mine = (await t.get('/v1/user/stores/@me', { token: staff.token })).body as any[];
    expect(mine.map((s) => [s.id, s.twoFactorRequired]).sort()).toEqual(
      [
        [store, true],
        [spare, false],
      ].sort(),
    );
    // A non-member still gets the 404, not a hint that the store exists.
    const stranger = await person();
    expect((await t.get(`/v1/user/stores/${store}`, { token: stranger.token })).status).toBe(404);

    await addFactor(staff);
    expect((await t.get(`/v1/user/stores/${store}`, { token: staff.token })).status).toBe(200);
    const after = (await t.get('/v1/user/stores/@me', { token: staff.token })).body as any[];
    expect(after.find((s) => s.id === store).twoFactorRequired).toBe(false);
    // The owner (with a factor) is never refused.
    expect((await t.get(`/v1/user/stores/${store}`, { token: owner.token })).status).toBe(200);
  });
});
