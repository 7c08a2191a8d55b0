import type { AppCaller } from '@app/core';
import type { StoresService } from '@app/stores';
import { changeRecorder, errorCode, OWNER, OWNER_STORE, testHasher } from '@app/testing/service-fakes';
import type { AppRow, StoreAppsRepository } from './store-apps.repository';
import { StoreAppsService } from './store-apps.service';

const STORE_ID = OWNER_STORE.storeId;

// The service's rules with the repository replaced (the store was decided by the route's access rule:
// `present` false is an app not in it, or a store deleted since).
const APP = 'c0000000-0000-4000-8000-000000000003';

function setup(present: boolean) {
  const secrets: { hash: string; hint: string }[] = [];
  const row = (hint: string): AppRow => ({
    id: APP,
    store_id: STORE_ID,
    name: 'Backend',
    client_id: 'sfc_0123',
    scopes: ['orders:write', 'store:read'],
    created_at: new Date('2026-11-22T10:00:00Z'),
    secret_hint: hint,
  });
  const { TX, emitted, events, transaction } = changeRecorder();
  const repo = {
    transaction,
    insert: async (_tx: unknown, _s: string, _app: unknown, s: { hash: string; hint: string }) => {
      secrets.push({ hash: s.hash, hint: s.hint });
      return present ? row(s.hint) : undefined;
    },
    list: async () => (present ? [row('abcd')] : []),
    rotate: async (_tx: unknown, _s: string, _a: string, s: { hash: string; hint: string }) => (
      secrets.push(s),
      present ? row(s.hint) : undefined
    ),
    delete: async () => present,
  };
  const stores = { publicProfile: async (id: string) => (id === STORE_ID ? { id, name: 'Shop' } : null) };
  return {
    service: new StoreAppsService(
      repo as unknown as StoreAppsRepository,
      stores as unknown as StoresService,
      testHasher,
      events,
    ),
    secrets,
    emitted,
    TX,
  };
}

describe('StoreAppsService (repository replaced)', () => {
  it('creates an app with an sfc_ id and an sfs_ secret shown once, keeping only its hash; scopes canonical', async () => {
    const { service, secrets } = setup(true);
    const app = await service.create(OWNER, OWNER_STORE, {
      name: 'Backend',
      scopes: ['orders:write', 'store:read'],
    });
    expect(app.clientSecret).toMatch(/^sfs_/);
    expect(secrets[0]).toEqual({
      hash: testHasher.hash('oauth_client_secret', app.clientSecret),
      hint: app.clientSecret.slice(-4),
    });
    expect(app.scopes).toEqual(['store:read', 'orders:write']);
    const listed = await service.list(OWNER_STORE);
    expect(listed[0]).not.toHaveProperty('clientSecret');
    expect(listed[0].secretHint).toBe('abcd');
  });

  it('emits one event per change, in the change’s transaction, never with the secret', async () => {
    const { service, emitted, TX } = setup(true);
    const created = await service.create(OWNER, OWNER_STORE, { name: 'Backend' });
    const rotated = await service.rotateSecret(OWNER, OWNER_STORE, APP);
    await service.remove(OWNER, OWNER_STORE, APP);
    expect(emitted.map((e) => [e.type, e.storeId, e.tx, e.caller])).toEqual([
      ['app.created', STORE_ID, TX, OWNER],
      ['app.secret_rotated', STORE_ID, TX, OWNER],
      ['app.deleted', STORE_ID, TX, OWNER],
    ]);
    expect(emitted[0].data).toMatchObject({
      id: APP,
      name: 'Backend',
      secretHint: created.clientSecret.slice(-4),
    });
    expect(emitted[2].data).toEqual({ id: APP });
    const json = JSON.stringify(emitted);
    expect(json).not.toContain(created.clientSecret);
    expect(json).not.toContain(rotated.clientSecret);
    const foreign = setup(false);
    await foreign.service.rotateSecret(OWNER, OWNER_STORE, APP).catch(() => undefined);
    await foreign.service.remove(OWNER, OWNER_STORE, APP).catch(() => undefined);
    expect(foreign.emitted).toEqual([]);
  });

  it('rotates to a new secret and answers 404s for an app not in the store (or a store gone)', async () => {
    const { service } = setup(true);
    const first = await service.rotateSecret(OWNER, OWNER_STORE, APP);
    const second = await service.rotateSecret(OWNER, OWNER_STORE, APP);
    expect(second.clientSecret).not.toBe(first.clientSecret);
    const foreign = setup(false).service;
    expect(await errorCode(foreign.create(OWNER, OWNER_STORE, { name: 'x' }))).toBe('store_not_found');
    expect(await errorCode(foreign.rotateSecret(OWNER, OWNER_STORE, APP))).toBe('app_not_found');
    expect(await errorCode(foreign.remove(OWNER, OWNER_STORE, APP))).toBe('app_not_found');
    expect(await errorCode(service.remove(OWNER, OWNER_STORE, 'not-a-uuid'))).toBe('app_not_found');
  });

  it("reads an app token's store only with store:read", async () => {
    const { service } = setup(true);
    const caller: AppCaller = {
      kind: 'app',
      appId: APP,
      storeId: STORE_ID,
      scopes: ['store:read'],
      jti: 'j',
    };
    expect(await service.storeOf(caller)).toEqual({ id: STORE_ID, name: 'Shop' });
    expect(await errorCode(service.storeOf({ ...caller, scopes: ['products:read'] }))).toBe(
      'insufficient_scope',
    );
  });
});
