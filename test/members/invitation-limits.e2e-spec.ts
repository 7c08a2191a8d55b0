import { addMember, createStore, invite } from '@app/testing';
import { TestApp } from '@app/testing/test-app';

/**
 * Invitations hardened (§14 v1.4). The review's attacks, as written: invitations were an unthrottled mail
 * relay (30 mails to one address in 7 s, with text the inviter chose in the subject), and an invitation
 * outlived its inviter's removal. Now: at most 3 invitation mails to one address per store and 100 per
 * inviting account in 24 hours (429 rate_limited with Retry-After, nothing sent, nothing changed), and an
 * invitation dies with its inviter's right to invite that role.
 */
describe('invitation limits and lifetime', () => {
  let t: TestApp;
  let owner: string;
  const signIn = async (address: string) => (await t.signIn(address)).access_token;
  const post = (store: string, email: string, as: string, role = 'staff') =>
    t.post(`/v1/user/stores/${store}/invitations`, { email, role }, { token: as });
  const mailsTo = (address: string) => t.mail.messages.filter((m) => m.to.includes(address)).length;
  const pendingOf = async (store: string) =>
    (await t.get(`/v1/user/stores/${store}/invitations`, { token: owner })).body as {
      id: string;
      email: string;
    }[];
  /** Waits until the catcher has `count` mails to the address (mail is sent after the answer's commit). */
  const mailCount = async (address: string, count: number) => {
    for (let i = 0; i < count; i++) await t.mail.waitFor(address);
  };

  beforeAll(async () => {
    t = await TestApp.start();
    owner = await signIn('owner@limits.example');
  });
  afterAll(() => t?.close());

  it('sends at most 3 invitation mails to one address per store in 24 h: the 4th is 429 with Retry-After, sends nothing and changes nothing', async () => {
    const store = await createStore(t, owner, 'Relay');
    const target = 'victim@relay.example';
    for (let i = 0; i < 3; i++) expect((await post(store, target, owner)).status).toBe(201);
    await mailCount(target, 3);
    const before = await pendingOf(store);
    const fourth = await post(store, target, owner, 'developer');
    expect([fourth.status, fourth.body.code]).toEqual([429, 'rate_limited']);
    expect(fourth.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const retryAfter = Number(fourth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(86_400 - 120);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    // Nothing changed: the third invitation is still the pending one, with its role; no fourth mail came.
    expect(await pendingOf(store)).toEqual(before);
    // A concurrent burst cannot slip past the count either.
    const burst = await Promise.all(Array.from({ length: 10 }, () => post(store, target, owner)));
    expect(burst.every((r) => r.status === 429)).toBe(true);
    // Another store of the same account may still invite the address.
    const other = await createStore(t, owner, 'Relay two');
    expect((await post(other, target, owner)).status).toBe(201);
    await mailCount(target, 1);
    expect(mailsTo(target)).toBe(4);
  });

  it('sends at most 100 invitation mails per inviting account in 24 h, across its stores', async () => {
    const inviter = await signIn('busy@limits.example');
    const stores = [await createStore(t, inviter, 'Busy one'), await createStore(t, inviter, 'Busy two')];
    for (let i = 0; i < 100; i++) {
      const res = await post(stores[i % 2], `person-${i}@busy.example`, inviter);
      expect(res.status).toBe(201);
    }
    const third = await createStore(t, inviter, 'Busy three');
    const over = await post(third, 'one-more@busy.example', inviter);
    expect([over.status, over.body.code]).toEqual([429, 'rate_limited']);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await t.get(`/v1/user/stores/${third}/invitations`, { token: inviter })).body).toEqual([]);
    // Another account inviting the same address is not limited by this one's count.
    expect((await post(await createStore(t, owner, 'Calm'), 'one-more@busy.example', owner)).status).toBe(
      201,
    );
  });

  it('an invitation dies with its inviter: removed from the store, it is not listed and cannot be accepted', async () => {
    const store = await createStore(t, owner, 'Removal');
    const admin = {
      email: 'admin-removed@limits.example',
      token: await signIn('admin-removed@limits.example'),
    };
    await addMember(t, owner, store, admin, 'admin');
    const invitedEmail = 'invited-by-removed@limits.example';
    const invited = await signIn(invitedEmail);
    const { token } = await invite(t, admin.token, store, invitedEmail, 'developer');
    const adminId = (await t.get('/v1/auth/me', { token: admin.token })).body.id;
    expect((await t.delete(`/v1/user/stores/${store}/members/${adminId}`, { token: owner })).status).toBe(
      204,
    );
    expect((await pendingOf(store)).map((i) => i.email)).not.toContain(invitedEmail);
    const accepted = await t.post('/v1/user/invitations/accept', { token }, { token: invited });
    expect([accepted.status, accepted.body.code]).toEqual([404, 'invitation_not_found']);
  });

  it('and with its inviter’s right to invite that role: an admin demoted to staff, its invitations die', async () => {
    const store = await createStore(t, owner, 'Demotion');
    const admin = {
      email: 'admin-demoted@limits.example',
      token: await signIn('admin-demoted@limits.example'),
    };
    await addMember(t, owner, store, admin, 'admin');
    const invitedEmail = 'invited-by-demoted@limits.example';
    const invited = await signIn(invitedEmail);
    const { token } = await invite(t, admin.token, store, invitedEmail, 'staff');
    const adminId = (await t.get('/v1/auth/me', { token: admin.token })).body.id;
    const demoted = await t.put(
      `/v1/user/stores/${store}/members/${adminId}`,
      { role: 'staff' },
      { token: owner },
    );
    expect(demoted.status).toBe(200);
    expect((await pendingOf(store)).map((i) => i.email)).not.toContain(invitedEmail);
    const accepted = await t.post('/v1/user/invitations/accept', { token }, { token: invited });
    expect([accepted.status, accepted.body.code]).toEqual([404, 'invitation_not_found']);
  });

  it('an invitation whose inviter still may invite that role lives on', async () => {
    const store = await createStore(t, owner, 'Survivor');
    const invitedEmail = 'invited-by-owner@limits.example';
    const invited = await signIn(invitedEmail);
    const { token } = await invite(t, owner, store, invitedEmail, 'admin');
    expect((await pendingOf(store)).map((i) => i.email)).toContain(invitedEmail);
    const accepted = await t.post('/v1/user/invitations/accept', { token }, { token: invited });
    expect([accepted.status, accepted.body.role]).toEqual([200, 'admin']);
  });
});
