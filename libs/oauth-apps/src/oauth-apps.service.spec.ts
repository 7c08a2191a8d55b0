import type { AppCaller } from '@app/core';
import type { StoresService } from '@app/stores';
import {
  changeRecorder,
  errorCode,
  OWNER,
  STORE_ID as STORE,
  testHasher as hasher,
} from '@app/testing/service-fakes';
import type { AppRow, OAuthAppsRepository } from './oauth-apps.repository';
import { OAuthAppsService } from './oauth-apps.service';

// The service's rules with the repository replaced.
const APP = 'c0000000-0000-4000-8000-000000000003';

function setup(owned: boolean) {
  const secrets: { hash: string; hint: string }[] = [];
  const row = (hint: string): AppRow => ({
    id: APP,
    store_id: STORE,
    name: 'Backend',
    client_id: 'sfc_0123',
    scopes: ['orders:write', 'store:read'],
    created_at: new Date('2026-11-22T10:00:00Z'),
    secret_hint: hint,
  });
  const { TX, emitted, events, transaction } = changeRecorder();
  const repo = {
    transaction,
    insert: async (_tx: unknown, _o: string, _s: string, app: { secretHash: string; secretHint: string }) => {
      secrets.push({ hash: app.secretHash, hint: app.secretHint });
      return owned ? row(app.secretHint) : undefined;
    },
    listOwned: async () => (owned ? [row('abcd')] : null),
    rotateOwned: async (_tx: unknown, _o: string, _a: string, s: { hash: string; hint: string }) => (
      secrets.push(s),
      owned ? row(s.hint) : undefined
    ),
    deleteOwned: async () => (owned ? STORE : undefined),
  };
  const stores = { publicProfile: async (id: string) => (id === STORE ? { id, name: 'Shop' } : null) };
  return {
    service: new OAuthAppsService(
      repo as unknown as OAuthAppsRepository,
      stores as unknown as StoresService,
      hasher,
      events,
    ),
    secrets,
    emitted,
    TX,
  };
}

describe('OAuthAppsService (repository replaced)', () => {
  it('creates an app with an sfc_ id and an sfs_ secret shown once, keeping only its hash; scopes canonical', async () => {
    const { service, secrets } = setup(true);
    const app = await service.create(OWNER, {
      storeId: STORE,
      name: 'Backend',
      scopes: ['orders:write', 'store:read'],
    });
    expect(app.clientSecret).toMatch(/^sfs_/);
    expect(secrets[0]).toEqual({
      hash: hasher.hash('oauth_client_secret', app.clientSecret),
      hint: app.clientSecret.slice(-4),
    });
    expect(app.scopes).toEqual(['store:read', 'orders:write']);
    const listed = await service.list(OWNER, STORE);
    expect(listed[0]).not.toHaveProperty('clientSecret');
    expect(listed[0].secretHint).toBe('abcd');
  });

  it('emits one event per change, in the change’s transaction, never with the secret', async () => {
    const { service, emitted, TX } = setup(true);
    const created = await service.create(OWNER, { storeId: STORE, name: 'Backend' });
    const rotated = await service.rotateSecret(OWNER, APP);
    await service.remove(OWNER, APP);
    expect(emitted.map((e) => [e.type, e.storeId, e.tx, e.caller])).toEqual([
      ['app.created', STORE, TX, OWNER],
      ['app.secret_rotated', STORE, TX, OWNER],
      ['app.deleted', STORE, TX, OWNER],
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
    await foreign.service.rotateSecret(OWNER, APP).catch(() => undefined);
    await foreign.service.remove(OWNER, APP).catch(() => undefined);
    expect(foreign.emitted).toEqual([]);
  });

  it('rotates to a new secret and answers 404s for what the caller does not own', async () => {
    const { service } = setup(true);
    const first = await service.rotateSecret(OWNER, APP);
    const second = await service.rotateSecret(OWNER, APP);
    expect(second.clientSecret).not.toBe(first.clientSecret);
    const foreign = setup(false).service;
    expect(await errorCode(foreign.create(OWNER, { storeId: STORE, name: 'x' }))).toBe('store_not_found');
    expect(await errorCode(foreign.list(OWNER, STORE))).toBe('store_not_found');
    expect(await errorCode(foreign.rotateSecret(OWNER, APP))).toBe('app_not_found');
    expect(await errorCode(foreign.remove(OWNER, APP))).toBe('app_not_found');
    expect(await errorCode(service.remove(OWNER, 'not-a-uuid'))).toBe('app_not_found');
  });

  it("reads an app token's store only with store:read", async () => {
    const { service } = setup(true);
    const caller: AppCaller = { kind: 'app', appId: APP, storeId: STORE, scopes: ['store:read'], jti: 'j' };
    expect(await service.storeOf(caller)).toEqual({ id: STORE, name: 'Shop' });
    expect(await errorCode(service.storeOf({ ...caller, scopes: ['products:read'] }))).toBe(
      'insufficient_scope',
    );
  });
});
