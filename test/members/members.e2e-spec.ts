import { addMember, createStore } from '@app/testing';
import { TestApp } from '@app/testing/test-app';

/**
 * A store's members (contract §14): the list and the caller's stores, role changes and removals within
 * what each role manages, leaving, the owner who stays, the transfer of ownership (also two at once),
 * and role changes that take effect on the very next request — on a second instance too.
 */
describe('members', () => {
  let t: TestApp;
  let seq = 0;
  interface Person {
    email: string;
    token: string;
    id: string;
  }
  const person = async (name: string): Promise<Person> => {
    const email = `${name}-${++seq}@members.example`;
    const token = (await t.signIn(email)).access_token;
    const id = (await t.get('/v1/auth/me', { token })).body.id as string;
    return { email, token, id };
  };
  /** A store of `owner` with these members, by invitation. */
  const team = async (owner: Person, members: [Person, 'admin' | 'developer' | 'staff'][]) => {
    const store = await createStore(t, owner.token, `Team ${++seq}`);
    for (const [member, role] of members) await addMember(t, owner.token, store, member, role);
    return store;
  };
  const roles = async (store: string, as: Person) =>
    (await t.get(`/v1/user/stores/${store}/members`, { token: as.token })).body.map(
      (m: { email: string; role: string }) => [m.email, m.role],
    );

  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t?.close());

  it('lists the members, the owner first; @me lists every store where the caller is a member, oldest first, with its role', async () => {
    const owner = await person('owner');
    const dev = await person('dev');
    const own = await createStore(t, dev.token, 'Dev’s own');
    const store = await team(owner, [[dev, 'developer']]);
    const members = await t.get(`/v1/user/stores/${store}/members`, { token: dev.token });
    expect(members.status).toBe(200);
    expect(members.body).toEqual([
      { accountId: owner.id, email: owner.email, role: 'owner', joinedAt: expect.any(String) },
      { accountId: dev.id, email: dev.email, role: 'developer', joinedAt: expect.any(String) },
    ]);
    const mine = await t.get('/v1/user/stores/@me', { token: dev.token });
    expect(mine.body.map((s: { id: string; role: string }) => [s.id, s.role])).toEqual([
      [own, 'owner'],
      [store, 'developer'],
    ]);
    // An account that is a member of no store sees what it saw before: an empty list.
    expect((await t.get('/v1/user/stores/@me', { token: (await person('nobody')).token })).body).toEqual([]);
  });

  it("changes roles within what the caller's role manages; the owner's role changes only by a transfer", async () => {
    const owner = await person('owner');
    const admin = await person('admin');
    const other = await person('other-admin');
    const staff = await person('staff');
    const store = await team(owner, [
      [admin, 'admin'],
      [other, 'admin'],
      [staff, 'staff'],
    ]);
    const put = (as: Person, target: string, role: string) =>
      t.put(`/v1/user/stores/${store}/members/${target}`, { role }, { token: as.token });

    const changed = await put(admin, staff.id, 'developer');
    expect([changed.status, changed.body]).toEqual([
      200,
      { accountId: staff.id, email: staff.email, role: 'developer', joinedAt: expect.any(String) },
    ]);
    const refusals = [
      await put(admin, other.id, 'staff'), // an admin does not manage admins
      await put(admin, staff.id, 'admin'), // nor gives the role
      await put(owner, owner.id, 'admin'), // the owner's role, whoever asks
      await put(admin, owner.id, 'staff'),
      await put(owner, staff.id, 'owner'), // ownership moves by transfer only
      await put(owner, (await person('stranger')).id, 'staff'),
      await put(owner, 'not-a-uuid', 'staff'),
    ].map((r) => [r.status, r.body.code]);
    expect(refusals).toEqual([
      [403, 'insufficient_role'],
      [403, 'insufficient_role'],
      [409, 'owner_required'],
      [409, 'owner_required'],
      [400, 'validation_failed'],
      [404, 'member_not_found'],
      [404, 'member_not_found'],
    ]);
    expect((await put(owner, other.id, 'developer')).status).toBe(200);
    // The same role again changes nothing: no event.
    expect((await put(owner, other.id, 'developer')).body.role).toBe('developer');
    const changes = (
      await t.get(`/v1/user/stores/${store}/events?type=member.role_changed`, { token: owner.token })
    ).body.data;
    expect(changes.map((e: any) => [e.actor.id, e.data.accountId, e.data.role])).toEqual([
      [owner.id, other.id, 'developer'],
      [admin.id, staff.id, 'developer'],
    ]);
    expect(await roles(store, owner)).toEqual([
      [owner.email, 'owner'],
      [admin.email, 'admin'],
      [other.email, 'developer'],
      [staff.email, 'developer'],
    ]);
  });

  it('removes members within the managed roles; any member but the owner may leave; the owner stays', async () => {
    const owner = await person('owner');
    const admin = await person('admin');
    const other = await person('other-admin');
    const dev = await person('dev');
    const staff = await person('staff');
    const store = await team(owner, [
      [admin, 'admin'],
      [other, 'admin'],
      [dev, 'developer'],
      [staff, 'staff'],
    ]);
    const remove = (as: Person, target: string) =>
      t.delete(`/v1/user/stores/${store}/members/${target}`, { token: as.token });
    const refusals = [
      await remove(owner, owner.id),
      await remove(admin, owner.id),
      await remove(admin, other.id),
      await remove(staff, dev.id),
      await remove(dev, (await person('stranger')).id),
    ].map((r) => [r.status, r.body.code]);
    expect(refusals).toEqual([
      [409, 'owner_required'],
      [409, 'owner_required'],
      [403, 'insufficient_role'],
      [403, 'insufficient_role'],
      [403, 'insufficient_role'],
    ]);
    expect((await remove(admin, dev.id)).status).toBe(204);
    expect((await remove(staff, staff.id)).status).toBe(204); // leaving
    expect((await remove(owner, other.id)).status).toBe(204);
    expect((await remove(owner, other.id)).body.code).toBe('member_not_found');
    expect(await roles(store, owner)).toEqual([
      [owner.email, 'owner'],
      [admin.email, 'admin'],
    ]);
    // Gone members see no store, and the store is not in their list.
    for (const gone of [dev, staff, other]) {
      expect((await t.get(`/v1/user/stores/${store}`, { token: gone.token })).status).toBe(404);
      expect((await t.get('/v1/user/stores/@me', { token: gone.token })).body).toEqual([]);
    }
    const removed = (
      await t.get(`/v1/user/stores/${store}/events?type=member.removed`, { token: owner.token })
    ).body.data;
    expect(removed.map((e: any) => [e.actor.id, e.data.accountId, e.data.role])).toEqual([
      [owner.id, other.id, 'admin'],
      [staff.id, staff.id, 'staff'],
      [admin.id, dev.id, 'developer'],
    ]);
  });

  it('a demotion or a removal is refused on the very next request, on this instance and on a second one', async () => {
    const owner = await person('owner');
    const member = await person('member');
    const store = await team(owner, [[member, 'admin']]);
    const second = t.config.databaseUrl
      ? await TestApp.start({
          databaseUrl: t.config.databaseUrl,
          env: {
            JWT_SECRET: t.config.jwtSecret,
            OTP_PEPPER: t.config.otpPepper,
            PUBLIC_URL: t.config.publicUrl,
            MIGRATIONS_RUN: 'false',
          },
        })
      : null; // the embedded database belongs to one process: the second instance needs a server
    try {
      const instances = second ? [t, second] : [t];
      const edit = (on: TestApp) =>
        on.put(`/v1/user/stores/${store}`, { description: 'Edited by the member' }, { token: member.token });
      const read = (on: TestApp) => on.get(`/v1/user/stores/${store}`, { token: member.token });
      for (const on of instances) {
        expect((await edit(on)).status).toBe(200);
        expect((await read(on)).body.role).toBe('admin');
      }
      // Demoted through the first instance: the same token, the very next request, on either instance.
      const demoted = await t.put(
        `/v1/user/stores/${store}/members/${member.id}`,
        { role: 'staff' },
        { token: owner.token },
      );
      expect(demoted.status).toBe(200);
      for (const on of instances) {
        const refused = await edit(on);
        expect([refused.status, refused.body.code]).toEqual([403, 'insufficient_role']);
        expect((await read(on)).body.role).toBe('staff');
      }
      expect(
        (await t.delete(`/v1/user/stores/${store}/members/${member.id}`, { token: owner.token })).status,
      ).toBe(204);
      for (const on of instances) {
        const gone = await read(on);
        expect([gone.status, gone.body.code]).toEqual([404, 'store_not_found']);
        expect((await edit(on)).status).toBe(404);
      }
    } finally {
      await second?.close();
    }
  });

  it('transfers the ownership to a member in one transaction: the new owner and the old one an admin', async () => {
    const owner = await person('owner');
    const staff = await person('staff');
    const store = await team(owner, [[staff, 'staff']]);
    const outsider = await person('outsider');
    const notMember = await t.post(
      `/v1/user/stores/${store}/transfer`,
      { accountId: outsider.id },
      { token: owner.token },
    );
    expect([notMember.status, notMember.body.code]).toEqual([404, 'member_not_found']);
    const malformed = await t.post(
      `/v1/user/stores/${store}/transfer`,
      { accountId: 'x' },
      { token: owner.token },
    );
    expect([malformed.status, malformed.body.code]).toEqual([400, 'validation_failed']);

    const moved = await t.post(
      `/v1/user/stores/${store}/transfer`,
      { accountId: staff.id },
      { token: owner.token },
    );
    expect([moved.status, moved.body.id, moved.body.role]).toEqual([200, store, 'admin']);
    expect(await roles(store, staff)).toEqual([
      [staff.email, 'owner'],
      [owner.email, 'admin'],
    ]);
    const event = (
      await t.get(`/v1/user/stores/${store}/events?type=store.transferred`, { token: staff.token })
    ).body.data[0];
    expect([event.actor.id, event.data]).toEqual([
      owner.id,
      {
        from: { accountId: owner.id, email: owner.email, role: 'admin', joinedAt: expect.any(String) },
        to: { accountId: staff.id, email: staff.email, role: 'owner', joinedAt: expect.any(String) },
      },
    ]);
    // The powers moved with it: the old owner can neither transfer nor delete the store any more.
    const again = await t.post(
      `/v1/user/stores/${store}/transfer`,
      { accountId: owner.id },
      { token: owner.token },
    );
    expect([again.status, again.body.code]).toEqual([403, 'insufficient_role']);
    expect((await t.delete(`/v1/user/stores/${store}`, { token: owner.token })).status).toBe(403);
    expect((await t.delete(`/v1/user/stores/${store}`, { token: staff.token })).status).toBe(204);
    expect((await t.get(`/v1/user/stores/${store}/events`, { token: staff.token })).status).toBe(404);
  });

  it('two concurrent transfers leave exactly one owner', async () => {
    const owner = await person('owner');
    const a = await person('a');
    const b = await person('b');
    for (let round = 0; round < 3; round++) {
      const store = await team(owner, [
        [a, 'admin'],
        [b, 'admin'],
      ]);
      const answers = await Promise.all(
        [a, b].map((to) =>
          t.post(`/v1/user/stores/${store}/transfer`, { accountId: to.id }, { token: owner.token }),
        ),
      );
      expect(answers.map((r) => `${r.status} ${r.body.role ?? r.body.code}`).sort()).toEqual([
        '200 admin',
        '403 insufficient_role',
      ]);
      const after = await roles(store, a);
      expect(after.filter(([, role]: string[]) => role === 'owner')).toHaveLength(1);
      expect(after).toHaveLength(3);
      expect(
        (await t.get(`/v1/user/stores/${store}/events?type=store.transferred`, { token: a.token })).body.data,
      ).toHaveLength(1);
    }
  });
});
