import { createStore, invitationTokenFrom, invite } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ExpiredRowsPurge } from '@app/database';

/**
 * Invitations (contract §14): the mail through the real SMTP catcher, the token in its link kept only as
 * a hash, the e-mail that must match, expiry, replacement, revocation, single use under concurrency, who
 * may invite whom, and the limits.
 */
describe('invitations', () => {
  let t: TestApp;
  let db: DataSource;
  let owner: string;
  let ownerId: string;
  let seq = 0;
  const email = (name: string) => `${name}-${++seq}@invite.example`;
  const signIn = async (address: string) => (await t.signIn(address)).access_token;
  const accept = (token: string, as: string) =>
    t.post('/v1/user/invitations/accept', { token }, { token: as });

  beforeAll(async () => {
    t = await TestApp.start();
    db = t.app.get(DataSource);
    owner = await signIn('owner@invite.example');
    ownerId = (await t.get('/v1/auth/me', { token: owner })).body.id;
  });
  afterAll(() => t?.close());

  it('mails a link to the console’s invitation page whose token (256 bits) is stored only as a hash, and the invited account joins with the role', async () => {
    const store = await createStore(t, owner, 'Chai & Co.');
    const address = email('ravi');
    const ravi = await signIn(address);
    const created = await t.post(
      `/v1/user/stores/${store}/invitations`,
      { email: `  ${address.toUpperCase()} `, role: 'developer' },
      { token: owner },
    );
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      email: address,
      role: 'developer',
      invitedBy: { id: ownerId, email: 'owner@invite.example' },
      expiresAt: expect.any(String),
      createdAt: expect.any(String),
    });
    const lifetime = Date.parse(created.body.expiresAt) - Date.parse(created.body.createdAt);
    expect(Math.abs(lifetime - 259_200_000)).toBeLessThan(2000);

    const mail = await t.mail.waitFor(address);
    expect(mail.subject).toContain('Chai & Co.');
    const token = invitationTokenFrom(mail);
    expect(mail.text).toContain(`${t.config.publicUrl}/console/invitations/${token}`);
    // sfi_ + 43 base64url characters: 32 random bytes.
    expect(token).toMatch(/^sfi_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token.slice(4), 'base64url')).toHaveLength(32);
    const rows = await db.query(`SELECT * FROM store_invitations WHERE store_id = $1`, [store]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token.slice(4));

    const listed = await t.get(`/v1/user/stores/${store}/invitations`, { token: owner });
    expect([listed.status, listed.body]).toEqual([200, [created.body]]);

    // Not a member yet: the store is not there for it.
    expect((await t.get(`/v1/user/stores/${store}`, { token: ravi })).status).toBe(404);
    const accepted = await accept(token, ravi);
    expect([accepted.status, accepted.body]).toEqual([200, { storeId: store, role: 'developer' }]);
    const seen = await t.get(`/v1/user/stores/${store}`, { token: ravi });
    expect([seen.status, seen.body.role, seen.body.name]).toEqual([200, 'developer', 'Chai & Co.']);
    const mine = await t.get('/v1/user/stores/@me', { token: ravi });
    expect(mine.body.map((s: { id: string; role: string }) => [s.id, s.role])).toEqual([
      [store, 'developer'],
    ]);
    const members = await t.get(`/v1/user/stores/${store}/members`, { token: ravi });
    expect(members.body.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ['owner@invite.example', 'owner'],
      [address, 'developer'],
    ]);

    // Used: the link is dead, and the invitation is no longer pending.
    expect((await accept(token, ravi)).body.code).toBe('invitation_not_found');
    expect((await t.get(`/v1/user/stores/${store}/invitations`, { token: owner })).body).toEqual([]);

    // The events: who invited, who joined; the account as actor, no token anywhere.
    const events = (await t.get(`/v1/user/stores/${store}/events`, { token: owner })).body.data;
    const raviId = members.body[1].accountId;
    expect(events.slice(0, 2).map((e: any) => [e.type, e.actor.id, e.data])).toEqual([
      [
        'member.joined',
        raviId,
        { accountId: raviId, email: address, role: 'developer', joinedAt: expect.any(String) },
      ],
      ['member.invited', ownerId, created.body],
    ]);
    expect(JSON.stringify(events)).not.toContain(token.slice(4));
  });

  it('refuses an accept from another address with 403 and leaves the invitation usable', async () => {
    const store = await createStore(t, owner, 'Mismatch');
    const sam = email('sam');
    const { token } = await invite(t, owner, store, sam, 'staff');
    const stranger = await signIn(email('stranger'));
    const refused = await accept(token, stranger);
    expect([refused.status, refused.body.code]).toEqual([403, 'invitation_email_mismatch']);
    expect((await t.get(`/v1/user/stores/${store}`, { token: stranger })).status).toBe(404);
    // The invited person signs in afterwards (a new account) and accepts.
    const samToken = await signIn(sam);
    const accepted = await accept(token, samToken);
    expect([accepted.status, accepted.body.role]).toEqual([200, 'staff']);
  });

  it('previews what a link offers (store, role, inviter, address) to any signed-in account, changing nothing; a dead link is 404', async () => {
    const store = await createStore(t, owner, 'Preview Tea');
    const address = email('preview');
    const { token, invitation } = await invite(t, owner, store, address, 'staff');
    // another account than the invited one may read it (it holds the link), and is told whom it is for
    const stranger = await signIn(email('someone'));
    const preview = (as: string | undefined, body: object = { token }) =>
      t.post('/v1/user/invitations/preview', body, as ? { token: as } : {});
    const seen = await preview(stranger);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({
      storeName: 'Preview Tea',
      email: address,
      role: 'staff',
      invitedBy: { id: ownerId, email: 'owner@invite.example' },
      expiresAt: invitation.expiresAt,
    });
    expect(JSON.stringify(seen.body)).not.toContain(token);
    // nothing changed: still pending, still acceptable by its address
    const listed = await t.get(`/v1/user/stores/${store}/invitations`, { token: owner });
    expect(listed.body.map((i: { id: string }) => i.id)).toEqual([invitation.id]);
    expect((await preview(undefined)).status).toBe(401);
    expect((await preview(stranger, {})).status).toBe(400);
    for (const bad of ['sfi_' + 'A'.repeat(43), 'not-a-token']) {
      const refused = await preview(stranger, { token: bad });
      expect([refused.status, refused.body.code]).toEqual([404, 'invitation_not_found']);
    }
    expect((await accept(token, await signIn(address))).status).toBe(200);
    const used = await preview(stranger);
    expect([used.status, used.body.code]).toEqual([404, 'invitation_not_found']);
  });

  it('inviting an address again replaces the invitation: the old link dies', async () => {
    const store = await createStore(t, owner, 'Replace');
    const address = email('twice');
    const member = await signIn(address);
    const first = await invite(t, owner, store, address, 'staff');
    const second = await invite(t, owner, store, address, 'developer');
    expect(second.invitation.id).not.toBe(first.invitation.id);
    const listed = await t.get(`/v1/user/stores/${store}/invitations`, { token: owner });
    expect(listed.body.map((i: { id: string; role: string }) => [i.id, i.role])).toEqual([
      [second.invitation.id, 'developer'],
    ]);
    expect((await accept(first.token, member)).body.code).toBe('invitation_not_found');
    expect((await accept(second.token, member)).body).toEqual({ storeId: store, role: 'developer' });
  });

  it('revoking kills the link; revoking again (or another store’s invitation) is 404', async () => {
    const store = await createStore(t, owner, 'Revoke');
    const address = email('revoked');
    const member = await signIn(address);
    const { invitation, token } = await invite(t, owner, store, address, 'staff');
    const other = await createStore(t, owner, 'Other store');
    const elsewhere = await t.delete(`/v1/user/stores/${other}/invitations/${invitation.id}`, {
      token: owner,
    });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([404, 'invitation_not_found']);
    expect(
      (await t.delete(`/v1/user/stores/${store}/invitations/${invitation.id}`, { token: owner })).status,
    ).toBe(204);
    expect(
      (await t.delete(`/v1/user/stores/${store}/invitations/${invitation.id}`, { token: owner })).status,
    ).toBe(404);
    expect((await t.delete(`/v1/user/stores/${store}/invitations/not-a-uuid`, { token: owner })).status).toBe(
      404,
    );
    const refused = await accept(token, member);
    expect([refused.status, refused.body.code]).toEqual([404, 'invitation_not_found']);
  });

  it('an invitation past INVITATION_TTL is not listed and cannot be accepted', async () => {
    const short = await TestApp.start({ env: { INVITATION_TTL: '1' } });
    try {
      const boss = (await short.signIn('boss@invite.example')).access_token;
      const store = await createStore(short, boss, 'Short-lived');
      const late = (await short.signIn('late@invite.example')).access_token;
      const { token, invitation } = await invite(short, boss, store, 'late@invite.example', 'staff');
      expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBe(1000);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect((await short.get(`/v1/user/stores/${store}/invitations`, { token: boss })).body).toEqual([]);
      const refused = await short.post('/v1/user/invitations/accept', { token }, { token: late });
      expect([refused.status, refused.body.code]).toEqual([404, 'invitation_not_found']);
      // Inviting again gives a new, live link.
      const again = await invite(short, boss, store, 'late@invite.example', 'staff');
      expect(
        (await short.post('/v1/user/invitations/accept', { token: again.token }, { token: late })).status,
      ).toBe(200);
    } finally {
      await short.close();
    }
  });

  it('the purge job deletes invitations a day past their expiry, accepted or not, and keeps the others', async () => {
    const store = await createStore(t, owner, 'Purged');
    const address = email('purged');
    const member = await signIn(address);
    const used = await invite(t, owner, store, address, 'staff');
    expect((await accept(used.token, member)).status).toBe(200);
    const stale = await invite(t, owner, store, email('stale'), 'staff');
    const fresh = await invite(t, owner, store, email('fresh'), 'staff');
    // Both a day and a moment past their expiry (the clock moved by hand: the rule is what is tested).
    await db.query(
      `UPDATE store_invitations SET expires_at = now() - interval '25 hours' WHERE id = ANY($1::uuid[])`,
      [[used.invitation.id, stale.invitation.id]],
    );
    const report = await t.app.get(ExpiredRowsPurge).purgeOnce();
    expect(report.deleted.store_invitations).toBe(2);
    const left = await db.query(`SELECT id FROM store_invitations WHERE store_id = $1`, [store]);
    expect(left.map((r: { id: string }) => r.id)).toEqual([fresh.invitation.id]);
    // The membership and the events stay.
    expect((await t.get(`/v1/user/stores/${store}`, { token: member })).body.role).toBe('staff');
  });

  it('ten concurrent accepts of one invitation make exactly one membership and one event', async () => {
    const store = await createStore(t, owner, 'Race');
    const address = email('racer');
    const member = await signIn(address);
    const { token } = await invite(t, owner, store, address, 'staff');
    const answers = await Promise.all(Array.from({ length: 10 }, () => accept(token, member)));
    const outcomes = answers.map((a) => `${a.status} ${a.body.code ?? a.body.role}`).sort();
    expect(outcomes).toEqual(['200 staff', ...Array(9).fill('404 invitation_not_found')]);
    const members = await t.get(`/v1/user/stores/${store}/members`, { token: owner });
    expect(members.body.filter((m: { email: string }) => m.email === address)).toHaveLength(1);
    const joined = await t.get(`/v1/user/stores/${store}/events?type=member.joined`, { token: owner });
    expect(joined.body.data).toHaveLength(1);
  });

  it('an admin invites developers and staff only; nobody invites a member; bad tokens and bodies are refused', async () => {
    const store = await createStore(t, owner, 'Who invites');
    const adminAddress = email('admin');
    const admin = await signIn(adminAddress);
    const { token } = await invite(t, owner, store, adminAddress, 'admin');
    expect((await accept(token, admin)).status).toBe(200);

    const byAdmin = (role: string) =>
      t.post(`/v1/user/stores/${store}/invitations`, { email: email('new'), role }, { token: admin });
    const asAdmin = await byAdmin('admin');
    expect([asAdmin.status, asAdmin.body.code]).toEqual([403, 'insufficient_role']);
    expect((await byAdmin('developer')).status).toBe(201);
    expect((await byAdmin('staff')).status).toBe(201);

    for (const address of ['owner@invite.example', adminAddress.toUpperCase()]) {
      const member = await t.post(
        `/v1/user/stores/${store}/invitations`,
        { email: address, role: 'staff' },
        { token: owner },
      );
      expect([member.status, member.body.code]).toEqual([409, 'already_member']);
    }
    for (const body of [
      { email: 'not-an-address', role: 'staff' },
      { email: email('x'), role: 'owner' },
      { email: email('x'), role: 'boss' },
      { email: email('x') },
      { email: email('x'), role: 'staff', extra: 1 },
    ]) {
      const res = await t.post(`/v1/user/stores/${store}/invitations`, body, { token: owner });
      expect([res.status, res.body.code]).toEqual([400, 'validation_failed']);
    }
    for (const bad of ['nope', `sfi_${randomBytes(32).toString('base64url')}`, 'sfi_' + 'a'.repeat(300)]) {
      const res = await accept(bad, admin);
      expect([bad.length > 200 ? 400 : 404, res.body.code]).toEqual([
        res.status,
        bad.length > 200 ? 'validation_failed' : 'invitation_not_found',
      ]);
    }
    expect((await t.post('/v1/user/invitations/accept', {}, { token: admin })).status).toBe(400);
    expect((await t.post('/v1/user/invitations/accept', { token: 'x' })).status).toBe(401);
  });

  it('a store has at most 50 pending invitations (a replacement is not one more) and 100 members', async () => {
    const store = await createStore(t, owner, 'Limits');
    const addresses = Array.from({ length: 50 }, (_, i) => `pending-${i}@limits.example`);
    for (const address of addresses) {
      const res = await t.post(
        `/v1/user/stores/${store}/invitations`,
        { email: address, role: 'staff' },
        { token: owner },
      );
      expect(res.status).toBe(201);
    }
    const over = await t.post(
      `/v1/user/stores/${store}/invitations`,
      { email: 'one-more@limits.example', role: 'staff' },
      { token: owner },
    );
    expect([over.status, over.body.code]).toEqual([409, 'member_limit_reached']);
    const replaced = await t.post(
      `/v1/user/stores/${store}/invitations`,
      { email: addresses[0], role: 'developer' },
      { token: owner },
    );
    expect(replaced.status).toBe(201);
    const pending = await t.get(`/v1/user/stores/${store}/invitations`, { token: owner });
    expect(pending.body).toHaveLength(50);
    expect(
      (await t.delete(`/v1/user/stores/${store}/invitations/${replaced.body.id}`, { token: owner })).status,
    ).toBe(204);

    // 100 members, in another store: 97 seeded in bulk (accounts and memberships; the flow itself is
    // tested above), the owner, then two who accept; a third invitation made before the store was full
    // cannot be accepted.
    const full = await createStore(t, owner, 'Full');
    await db.query(
      `WITH a AS (INSERT INTO accounts (email) SELECT 'seeded-' || g || '@limits.example' FROM generate_series(1, 97) g RETURNING id)
       INSERT INTO store_members (store_id, account_id, role) SELECT $1, a.id, 'staff' FROM a`,
      [full],
    );
    const people = [];
    for (const name of ['ninety-nine', 'hundred', 'too-late']) {
      const address = `${name}@limits.example`;
      people.push({ address, token: await signIn(address) });
    }
    const links = [];
    for (const person of people) links.push((await invite(t, owner, full, person.address, 'staff')).token);
    expect((await accept(links[0], people[0].token)).status).toBe(200);
    expect((await accept(links[1], people[1].token)).status).toBe(200);
    const refused = await accept(links[2], people[2].token);
    expect([refused.status, refused.body.code]).toEqual([409, 'member_limit_reached']);
    const members = await t.get(`/v1/user/stores/${full}/members`, { token: owner });
    expect(members.body).toHaveLength(100);
    const noRoom = await t.post(
      `/v1/user/stores/${full}/invitations`,
      { email: 'no-room@limits.example', role: 'staff' },
      { token: owner },
    );
    expect([noRoom.status, noRoom.body.code]).toEqual([409, 'member_limit_reached']);
    // Room again after someone leaves: the refused invitation is still usable.
    const leaver = members.body.find((m: { email: string }) => m.email === 'hundred@limits.example');
    expect(
      (await t.delete(`/v1/user/stores/${full}/members/${leaver.accountId}`, { token: people[1].token }))
        .status,
    ).toBe(204);
    expect((await accept(links[2], people[2].token)).status).toBe(200);
  });
});
